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
