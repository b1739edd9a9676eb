import {
  ALERT_LABELS,
  contractualFromTravel,
  CONTRACT_TYPES,
  departureKey,
  departurePosition,
  estimateTravelTimes,
  ProjectPlaces,
  workKey,
  workPosition,
  NON_ELIGIBILITY_REASONS,
  newObjectId,
  PROJECT_STAGES,
  ProjectStage,
} from '@reloc/domain';
import type { EventData } from '@reloc/eventstore';
import { CITIES, COMPANIES, FIRST_NAMES, LAST_NAMES, ROUTES, TAGS } from './demo-vocabulary';

/**
 * The demo's client files: a few hundred projects spread over every stage, with their
 * history (stage changes over the past months, assignments, stops) and comments. Written as
 * imported history (events with a `seed` actor), not replayed through the commands: a file
 * that reached `paid` did so through proposals and documents the demo does not have yet.
 */
const COMMENTS = [
  'Client rappelé, attend le retour de son employeur.',
  'Dossier complet, pièces vérifiées.',
  'Relance envoyée par e-mail.',
  'Visite prévue jeudi, le client viendra accompagné.',
  'Budget revu à la hausse après échange.',
  'Le garant doit fournir son dernier avis d’imposition.',
];
const RELOC = ['JBE', 'CDU', 'NMO'];
const ALERTS = Object.keys(ALERT_LABELS);
const SALES = ['SPE', 'ILE', 'HGA'];

/** A small deterministic generator, so every first run seeds the same demo. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

export type DemoProject = {
  projectId: string;
  email: string;
  events: EventData[];
  comments: EventData[][];
};

export function demoProjects(count: number, now = new Date()): DemoProject[] {
  const rand = random(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const metadata = (at: string, trigram: string | null) => ({
    actor: { id: 'seed', trigram, role: 'SYSTEM' },
    at,
    correlationId: null,
    causationId: null,
    schemaVersion: 1,
  });
  const out: DemoProject[] = [];
  for (let i = 0; i < count; i++) {
    const stage: ProjectStage = PROJECT_STAGES[i % PROJECT_STAGES.length];
    const targetIndex = PROJECT_STAGES.indexOf(stage);
    const daysAgo = 20 + Math.floor(rand() * 400);
    let time = now.getTime() - daysAgo * 86400000;
    const created = new Date(time);
    const projectId = newObjectId(created);
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const email = `${firstName}.${lastName}.${i}@exemple.fr`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const home = pick(CITIES);
    const work = pick(CITIES.filter((c) => c !== home));
    const company = pick(COMPANIES);
    const route = pick(ROUTES);
    const sale = pick(SALES);
    const reloc = targetIndex >= PROJECT_STAGES.indexOf('toAssign') ? pick(RELOC) : null;
    const events: EventData[] = [];
    const push = (type: string, data: Record<string, unknown>, trigram: string | null = sale) =>
      events.push({
        type,
        data: { projectId, ...data },
        metadata: metadata(new Date(time).toISOString(), trigram),
      });
    const places = {
      actualCity: home.label,
      fromAddressObject: { ...home, city: home.label },
      addressWork: `${1 + Math.floor(rand() * 80)} ${route}, ${work.postcode} ${work.label}`,
      addressWorkObject: { ...work, city: work.label, route },
    };
    push('ProjectCreated', {
      createdAt: created.toISOString(),
      assignees: {
        prescriptor: null,
        lead: sale,
        sale,
        dispatcher: null,
        reloc: null,
        alsender: null,
      },
      fields: {
        userId: email,
        firstName,
        lastName,
        phoneNumber: `06${String(10000000 + Math.floor(rand() * 89999999))}`,
        company,
        companyMail: `rh@${company.toLowerCase().replace(/[^a-z]/g, '')}.fr`,
        contractType: pick(CONTRACT_TYPES),
        ...places,
        ...contractualEstimateOf(places),
        budget: 500 + Math.floor(rand() * 10) * 100,
        zone: rand() < 0.5 ? 1 : 2,
      },
    });
    if (rand() < 0.3) push('ProjectTagsChanged', { tags: [pick(TAGS)] });
    let from: ProjectStage = 'projectCreated';
    for (let s = 1; s <= targetIndex; s++) {
      const to = PROJECT_STAGES[s];
      if (to === 'relanceAL' && stage === 'paid' && rand() < 0.5) continue;
      time +=
        Math.floor(rand() * 6 + 1) * 86400000 * Math.min(1, (daysAgo - 10) / (targetIndex * 7));
      if (to === 'toAssign' && reloc) {
        push('ProjectAssigneeChanged', { role: 'reloc', from: null, to: reloc });
      }
      // Issue 15: a file moves on only complete for its next stage, as staff would fill it.
      const fill = completingFields(to, firstName, company, rand);
      if (fill) push('ProjectFieldsChanged', { changes: fill, by: 'seed' }, reloc ?? sale);
      push('ProjectStageChanged', { from, to, at: new Date(time).toISOString() }, reloc ?? sale);
      from = to;
    }
    if (rand() < 0.15) {
      push('ProjectAlertRaised', { alert: pick(ALERTS), at: new Date(time).toISOString() });
    }
    if (targetIndex < PROJECT_STAGES.indexOf('sentToAL') && rand() < 0.12) {
      push('ProjectStopped', {
        reason: pick(NON_ELIGIBILITY_REASONS).key,
        alertSkipDays: 0,
        skipAlertsUntil: null,
        at: new Date(time).toISOString(),
      });
    }
    const comments: EventData[][] = [];
    const commentCount = Math.floor(rand() * 3);
    for (let c = 0; c < commentCount; c++) {
      const commentId = newObjectId(new Date(time));
      const author = pick([...SALES, ...RELOC]);
      comments.push([
        {
          type: 'CommentAdded',
          data: {
            commentId,
            targetId: projectId,
            content: pick(COMMENTS),
            visibility: rand() < 0.3 ? 'sales' : 'all',
            owner: 'hil',
            authorId: 'seed',
            author,
            createdAt: new Date(time - c * 3600000).toISOString(),
          },
          metadata: metadata(new Date(time).toISOString(), author),
        },
      ]);
    }
    out.push({ projectId, email, events, comments });
  }
  return out;
}

/** The fields staff fill before moving a file to `to` (§5 completeness), none for the others. */
function completingFields(
  to: ProjectStage,
  firstName: string,
  company: string,
  rand: () => number,
): Record<string, unknown> | null {
  const n = (max: number) => Math.floor(rand() * max);
  const digits = (count: number) => Array.from({ length: count }, () => String(n(10))).join('');
  if (to === 'toAssign')
    return {
      civility: rand() < 0.5 ? 'Madame' : 'Monsieur',
      job: ['Ingénieur·e', 'Technicien·ne', 'Chef·fe de projet', 'Comptable'][n(4)],
      contractStartDate: `2026-${String(1 + n(12)).padStart(2, '0')}-01`,
      aboutYouAdmin: `${firstName} rejoint ${company} et cherche un logement près du travail.`,
      companyContactName: 'Service RH',
      sponsor: 'Action Logement',
      companyPhone: `04${digits(8)}`,
      companySiret: digits(14),
    };
  if (to === 'docsLease')
    return {
      typeOfEstate: rand() < 0.8 ? 'apartment' : 'house',
      surfacemin: 20 + n(50),
      numberOfRoom: 1 + n(4),
      dateMove: `2026-${String(1 + n(12)).padStart(2, '0')}-15`,
      criterion1: 'Localisation',
      criterion2: 'Prix',
      criterion3: 'Superficie',
      nationality: 'Française',
      familyStatus: rand() < 0.6 ? 'Célibataire' : 'Marié(e)',
      childrenCount: n(3),
      childrenToBeBorn: 0,
      wage: 1800 + n(30) * 100,
      otherIncomes: 0,
      referenceTaxRevenue: 15000 + n(30) * 1000,
      previousOwnerType: 'Locataire',
      customerSituation: 'Locataire, mutation professionnelle',
      descEstateAdmin: 'Appartement lumineux proche des transports',
      futurNeighborhoodAdmin: 'Quartier calme, commerces à pied',
    };
  if (to === 'submittedToHil')
    return {
      leaseSignDate: `2026-${String(1 + n(12)).padStart(2, '0')}-10`,
      dateOfBirth: `19${80 + n(20)}-0${1 + n(9)}-1${n(10)}`,
      placeOfBirth: 'Nantes',
      placeOfBirthObject: { label: 'Nantes', city: 'Nantes', lat: 47.2184, lng: -1.5536 },
      deptOfBirth: '44',
    };
  return null;
}

/** The offline estimate the project-distances job would write (the geo reactor starts after the seed). */
function contractualEstimateOf(places: ProjectPlaces): Record<string, unknown> {
  const from = departurePosition(places);
  const to = workPosition(places);
  if (!from || !to) return {};
  const { distance, time } = contractualFromTravel(estimateTravelTimes(from, to));
  return {
    contractualDistance: distance,
    contractualTime: time,
    lastContractualAddress1: departureKey(places),
    lastContractualAddress2: workKey(places),
    contractualEstimate: true,
  };
}
