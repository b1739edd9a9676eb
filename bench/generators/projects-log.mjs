// Generates client projects (issue 3) as the API and the demo seed write them, one project at a
// time: the customer e-mail claim (`unique-customer-email-<email>`), then `project-<24hex>` in one
// append: ProjectCreated, then its history in time order: stage changes (every stage up to where
// the file got, a few skipped), assignments (dispatcher and reloc at toAssign, alsender at
// sentToAL), autosave sessions (ProjectFieldsChanged), tags, and for some a stop (ProjectStopped,
// rarely followed by a restart). Creation dates are spread over 2017–2025 in order; how far a
// file got depends on its age: old files mostly reached `paid` (or were stopped, or stalled), the
// last months fill the early columns. Deterministic (seeded) and lazy: one project in memory.
//
// The enumerations and the field check come from the built domain (libs/domain/dist), so the
// data follows the domain: every field written is checked with `isFieldValue` (an invalid one
// throws, as the API would refuse it). The names, companies and cities are the demo seed's own
// (services/api/src/seed/demo-vocabulary.ts, built).

import { loadDemoVocabulary } from '../lib/paths.mjs';

const { FIRST_NAMES, LAST_NAMES, COMPANIES, CITIES, ROUTES, TAGS } = loadDemoVocabulary();

const MAIL_DOMAINS = [
  'gmail.com',
  'outlook.fr',
  'yahoo.fr',
  'orange.fr',
  'free.fr',
  'hotmail.fr',
  'laposte.net',
];
const FAMILY_STATUSES = ['Célibataire', 'Marié(e)', 'Pacsé(e)', 'En couple', 'Divorcé(e)'];
const JOBS = ['Ingénieur', 'Technicien', 'Commercial', 'Comptable', 'Infirmier', 'Développeur'];
const NOTES = [
  'Cherche un logement proche des transports.',
  'Préfère un rez-de-chaussée, a un chien.',
  'Budget serré, ouvert à la colocation.',
  'Arrive avec sa famille à la rentrée.',
  'Souhaite un extérieur, balcon ou jardin.',
];

/** Staff trigrams by role (every actor of a project event). */
const STAFF = {
  SALE: ['SPE', 'ILE', 'HGA', 'MBO', 'CRA', 'ALF'],
  OPERATOR: ['JBE', 'CDU', 'NMO', 'LVA', 'PGI', 'EMA', 'RTO', 'SCH'],
  ADMIN: ['ADU', 'FLE', 'KMA'],
};

/** mulberry32: small, fast, good enough for data generation. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
/** Share of the columns between creation and the file's column that its history records. */
const INTERMEDIATE_STAGES = 0.12;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
const ascii = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * @param {{projects: number, domain: object, seed?: number, from?: Date, to?: Date}} options
 *   `domain`: the built @reloc/domain (PROJECT_STAGES, enums, isFieldValue).
 * @returns {Generator<{projectId: string, email: string, lastName: string,
 *   appends: {streamId: string, events: object[], expectedRevision: 'no_stream'}[]}>}
 *   The generator's return value (when done) is the summary
 *   {projects, events, appends, byType, byStage, stopped, years}.
 */
export function* projectsLog({
  projects,
  domain,
  seed = 2017,
  from = new Date('2017-01-02T08:00:00Z'),
  to = new Date('2025-12-31T18:00:00Z'),
}) {
  const { PROJECT_STAGES: STAGES, isFieldValue } = domain;
  const stageIndex = (stage) => STAGES.indexOf(stage);
  const SENT_TO_AL = stageIndex('sentToAL');
  const TO_ASSIGN = stageIndex('toAssign');
  const PAID = STAGES.length - 1;
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const int = (min, max) => min + Math.floor(rand() * (max - min + 1));
  const chance = (p) => rand() < p;
  const machine = Array.from({ length: 10 }, () => Math.floor(rand() * 16).toString(16)).join('');
  let counter = 0;
  const objectId = (ms) =>
    Math.floor(ms / 1000)
      .toString(16)
      .padStart(8, '0') +
    machine +
    (counter = (counter + 1) % 0x1000000).toString(16).padStart(6, '0');
  const companyIds = Object.fromEntries(
    COMPANIES.map((c) => [c, objectId(from.getTime() - int(1, 400) * DAY)]),
  );
  const roleOf = (trigram) =>
    Object.keys(STAFF).find((role) => STAFF[role].includes(trigram)) ?? 'SYSTEM';

  const summary = {
    projects: 0,
    events: 0,
    appends: 0,
    byType: {},
    byStage: Object.fromEntries(STAGES.map((s) => [s, 0])),
    stopped: 0,
    years: {},
  };

  function checkFields(fields, projectId) {
    for (const [field, value] of Object.entries(fields)) {
      if (!isFieldValue(field, value))
        throw new Error(`generated ${field}=${JSON.stringify(value)} is invalid (${projectId})`);
    }
    return fields;
  }

  const fieldChanges = {
    wage: () => ({ wage: int(14, 60) * 100 }),
    referenceTaxRevenue: () => ({ referenceTaxRevenue: int(10, 45) * 1000 }),
    familyStatus: () => ({ familyStatus: pick(FAMILY_STATUSES) }),
    children: () => ({ childrenCount: int(0, 3) }),
    estate: () => ({
      typeOfEstate: pick(domain.ESTATE_TYPES),
      numberOfRoom: int(1, 5),
      surfacemin: int(2, 9) * 10,
    }),
    budget: () => ({ budget: int(5, 18) * 100 }),
    dateMove: (at) => ({ dateMove: isoDay(at + int(10, 90) * DAY) }),
    criteria: () => ({ criterion1: pick(domain.CRITERIA), criterion2: pick(domain.CRITERIA) }),
    notes: () => ({ descEstateAdmin: pick(NOTES) }),
    job: () => ({
      job: pick(JOBS),
      contractStartDate: isoDay(from.getTime() + int(0, 3300) * DAY),
    }),
    birth: () => ({ dateOfBirth: `${int(1965, 2004)}-0${int(1, 9)}-1${int(0, 9)}` }),
  };
  const changeKeys = Object.keys(fieldChanges);

  const span = to.getTime() - from.getTime();
  for (let i = 0; i < projects; i++) {
    // Creation dates in order over the whole span, with jitter; later steps stop at `to` ("now").
    let time = from.getTime() + Math.floor(((i + rand()) / projects) * span);
    const created = new Date(time);
    const projectId = objectId(time);
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const email = `${ascii(firstName)}.${ascii(lastName).replace(/[^a-z]/g, '')}.${i + 1}@${pick(MAIL_DOMAINS)}`;
    const home = pick(CITIES);
    const work = pick(CITIES.filter((c) => c !== home));
    const company = pick(COMPANIES);
    const sale = pick(STAFF.SALE);
    const events = [];
    const push = (type, data, trigram = sale) =>
      events.push({
        type,
        data: { projectId, ...data },
        metadata: {
          actor: { id: `bench-${trigram}`, trigram, role: roleOf(trigram) },
          at: new Date(time).toISOString(),
          correlationId: null,
          causationId: null,
          schemaVersion: 1,
        },
      });

    push('ProjectCreated', {
      createdAt: created.toISOString(),
      assignees: {
        prescriptor: null,
        lead: chance(0.5) ? sale : pick(STAFF.SALE),
        sale,
        dispatcher: null,
        reloc: null,
        alsender: null,
      },
      fields: checkFields(
        {
          userId: email,
          firstName,
          lastName,
          phoneNumber: `0${pick([6, 7])}${String(int(10_000_000, 99_999_999))}`,
          civility: pick(domain.CIVILITIES),
          company,
          ...(chance(0.4) ? { companyId: companyIds[company] } : {}),
          companyMail: `rh@${ascii(company).replace(/[^a-z]/g, '')}.fr`,
          contractType: pick(domain.CONTRACT_TYPES),
          actualCity: home.label,
          fromAddressObject: { ...home, city: home.label },
          addressWork: `${int(1, 80)} ${pick(ROUTES)}, ${work.postcode} ${work.label}`,
          addressWorkObject: { ...work, city: work.label, route: pick(ROUTES) },
          budget: int(5, 15) * 100,
          zone: pick(domain.ZONES),
          ...(chance(0.6) ? { dateMove: isoDay(time + int(20, 120) * DAY) } : {}),
        },
        projectId,
      ),
    });

    // Where the file goes: stopped before sentToAL (18 %), stalled anywhere (7 %), else to paid.
    const stopped = chance(0.18);
    const target = stopped ? int(0, SENT_TO_AL - 1) : chance(0.07) ? int(0, PAID) : PAID;
    // 0 to 2 autosave sessions (1 on average) and maybe tags, at random steps of the walk.
    const sessionCount = chance(0.25) ? 0 : chance(0.8) ? 1 : 2;
    const sessions = new Set(Array.from({ length: sessionCount }, () => int(0, target)));
    const tagAt = chance(0.25) ? int(0, target) : -1;
    // When each step happens; the walk stops at `to`, so the last months fill the early columns.
    const stepTimes = [time];
    for (let s = 1; s <= target; s++) {
      const days = chance(0.06) ? int(20, 75) : int(1, 12);
      const next = stepTimes[s - 1] + days * DAY + int(0, 8 * 3600) * 1000;
      if (next > to.getTime()) break;
      stepTimes.push(next);
    }
    const reached = stepTimes.length - 1;
    let fromStage = 'projectCreated';
    let reloc = null;
    for (let s = 0; s <= reached; s++) {
      time = stepTimes[s];
      // The history records the file's column and a few of the columns it went through (a drag
      // skips columns; files imported from the old system kept only milestones): this keeps the
      // log, and the projector's catch-up at start, within the bench's time.
      if (s > 0 && (s === reached || s === TO_ASSIGN || chance(INTERMEDIATE_STAGES))) {
        const to_ = STAGES[s];
        if (s === TO_ASSIGN) {
          if (chance(0.1)) {
            const dispatcher = pick(STAFF.ADMIN);
            push(
              'ProjectAssigneeChanged',
              { role: 'dispatcher', from: null, to: dispatcher },
              dispatcher,
            );
          }
          reloc = pick(STAFF.OPERATOR);
          push(
            'ProjectAssigneeChanged',
            { role: 'reloc', from: null, to: reloc },
            pick(STAFF.ADMIN),
          );
        }
        if (s === SENT_TO_AL && chance(0.3)) {
          const alsender = pick(STAFF.ADMIN);
          push('ProjectAssigneeChanged', { role: 'alsender', from: null, to: alsender }, alsender);
        }
        push(
          'ProjectStageChanged',
          { from: fromStage, to: to_, at: new Date(time).toISOString() },
          s >= TO_ASSIGN ? (reloc ?? pick(STAFF.OPERATOR)) : sale,
        );
        fromStage = to_;
      }
      if (sessions.has(s)) {
        const changes = {};
        for (let k = int(1, 3); k > 0; k--)
          Object.assign(changes, fieldChanges[pick(changeKeys)](time));
        const author = s >= TO_ASSIGN && reloc ? reloc : sale;
        push(
          'ProjectFieldsChanged',
          { changes: checkFields(changes, projectId), by: `bench-${author}` },
          author,
        );
      }
      if (s === tagAt) {
        const tags = chance(0.7)
          ? [pick(TAGS)]
          : [pick(TAGS), pick(TAGS)].filter((t, k, a) => a.indexOf(t) === k);
        push('ProjectTagsChanged', { tags });
      }
    }
    let isStopped = false;
    if (stopped && time + DAY < to.getTime()) {
      time += int(1, 20) * DAY;
      time = Math.min(time, to.getTime());
      push('ProjectStopped', {
        reason: pick(domain.NON_ELIGIBILITY_REASONS).key,
        alertSkipDays: 0,
        skipAlertsUntil: null,
        at: new Date(time).toISOString(),
      });
      isStopped = true;
      // Now and then the client comes back.
      if (chance(0.08) && time + 30 * DAY < to.getTime()) {
        time += int(5, 30) * DAY;
        push('ProjectRestarted', { at: new Date(time).toISOString() });
        isStopped = false;
      }
    }

    const appends = [
      {
        streamId: `unique-customer-email-${email}`,
        events: [
          {
            type: 'UniqueValueClaimed',
            data: { ownerId: projectId },
            metadata: events[0].metadata,
          },
        ],
        expectedRevision: 'no_stream',
      },
      { streamId: `project-${projectId}`, events, expectedRevision: 'no_stream' },
    ];
    summary.projects++;
    summary.byStage[fromStage]++;
    if (isStopped) summary.stopped++;
    const year = created.getUTCFullYear();
    summary.years[year] = (summary.years[year] ?? 0) + 1;
    for (const a of appends) {
      summary.appends++;
      summary.events += a.events.length;
      for (const e of a.events) summary.byType[e.type] = (summary.byType[e.type] ?? 0) + 1;
    }
    yield { projectId, email, lastName, appends };
  }
  return summary;
}
