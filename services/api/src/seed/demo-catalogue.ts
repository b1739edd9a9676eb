import {
  Decider,
  DomainEvent,
  estimateTravelTimes,
  fold,
  Host,
  HostEvent,
  hostDecider,
  hostHasExactAddress,
  hostPosition,
  HostPlace,
  ProjectPlaces,
  proposalRouteKey,
  workPosition,
  HostCommand,
  PROJECT_STAGES,
  ProjectStage,
  proposalDecider,
  ProposalCommand,
  ProposalStatus,
  VisitAuthor,
  VisitCancelReason,
} from '@reloc/domain';
import type { EventData } from '@reloc/eventstore';
import { proposalStream } from '../proposals/commands/proposal-command.handlers';
import { CITIES, DemoCity, FIRST_NAMES, LAST_NAMES } from './demo-vocabulary';

/**
 * The demo catalogue: a few hundred properties in French cities (some inactive or unpublished,
 * some without an exact address or a geolocation), with drawn photos, and proposals on the demo
 * projects of the later stages: liked or disliked, visits planned (with an author) or cancelled
 * with a reason, refusals, comments. Every event is decided by the domain's deciders from
 * commands, as a user's would be; only the clock is the seed's.
 */

const STREETS = [
  'rue Victor Hugo',
  'avenue Jean Jaurès',
  'rue de la République',
  'boulevard Gambetta',
  'rue Pasteur',
  'rue du Général de Gaulle',
  'place de la Mairie',
  'rue des Écoles',
  'avenue Foch',
  'rue Émile Zola',
  'rue de la Gare',
  'quai des Célestins',
  'rue Saint-Michel',
  'impasse des Lilas',
  'rue du Château',
  'allée des Tilleuls',
  'cours Lafayette',
  'rue Voltaire',
  'rue de l’Église',
  'chemin des Vignes',
];

/** Arrondissements where the city has them, so postcodes vary like real ones. */
const POSTCODES: Record<string, string[]> = {
  Paris: Array.from({ length: 20 }, (_, i) => `750${String(i + 1).padStart(2, '0')}`),
  Lyon: Array.from({ length: 9 }, (_, i) => `6900${i + 1}`),
  Marseille: Array.from({ length: 16 }, (_, i) => `130${String(i + 1).padStart(2, '0')}`),
};

const AGENCIES = [
  'Agence du Centre',
  'Immobilière des Quais',
  'Cabinet Martin & Fils',
  'Foncia Gestion',
  'Century Habitat',
  'Particulier',
];

const KINDS = [
  { label: 'Studio', rooms: 1 },
  { label: 'Appartement T2', rooms: 2 },
  { label: 'Appartement T3', rooms: 3 },
  { label: 'Appartement T4', rooms: 4 },
  { label: 'Maison', rooms: 5 },
];

const FEATURES = [
  'séjour lumineux exposé sud',
  'cuisine équipée ouverte',
  'salle d’eau refaite à neuf',
  'balcon avec vue dégagée',
  'parquet ancien et moulures',
  'cave et place de parking',
  'double vitrage et chauffage individuel au gaz',
  'jardinet privatif',
  'ascenseur et interphone',
  'placards intégrés',
  'meublé avec goût',
  'calme, sur cour',
];

const NEARBY = [
  'À deux pas du métro et des commerces.',
  'Proche des écoles et des transports en commun.',
  'Quartier vivant, marché le samedi.',
  'À 10 minutes à pied de la gare.',
  'Bus en bas de l’immeuble, parc à proximité.',
  'Secteur résidentiel calme.',
];

const COMMENTS = [
  'Agence relancée, attend le dossier complet.',
  'Le propriétaire préfère un bail d’un an minimum.',
  'Visite possible le samedi matin uniquement.',
  'La cliente a trouvé le quartier bruyant.',
  'Dossier transmis à l’agence.',
];

const PRICE_PER_M2: Record<string, number> = { Paris: 32, Lyon: 17, Nice: 20, Bordeaux: 16 };

/** A small deterministic generator, so every first run seeds the same catalogue. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const DAY = 86400000;

/** An ObjectId with the given creation date and a recognisable demo middle part. */
function demoId(at: Date, n: number): string {
  const seconds = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}de3000${String(n).padStart(10, '0')}`.slice(0, 24);
}

const metadata = (at: string, trigram: string | null) => ({
  actor: { id: 'seed', trigram, role: 'SYSTEM' },
  at,
  correlationId: null,
  causationId: null,
  schemaVersion: 1,
});

/** Decides the commands in turn, as the command path does, and keeps their events. */
function decideAll<Command extends { at: string }, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  commands: Command[],
  trigram: string | null,
): EventData[] {
  let state = decider.initialState();
  const out: EventData[] = [];
  for (const command of commands) {
    const events = decider.decide(command, state);
    state = events.reduce(decider.evolve, state);
    for (const event of events)
      out.push({ type: event.type, data: event.data, metadata: metadata(command.at, trigram) });
  }
  return out;
}

export type DemoStream = { streamId: string; events: EventData[] };
export type DemoHost = DemoStream & {
  hostId: string;
  city: string;
  exportable: boolean;
  /** Its address and point, for the travel times of its proposals. */
  place: HostPlace;
};

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const iso = (time: number) => new Date(time).toISOString();
const ymd = (time: number) => iso(time).slice(0, 10);

export function demoHosts(
  count: number,
  photoIds: readonly string[],
  now = new Date(),
): DemoHost[] {
  const rand = random(20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const hosts: DemoHost[] = [];
  for (let i = 0; i < count; i++) {
    // Oldest first, all in the past: anything created later lists before the demo.
    const created = now.getTime() - (420 - Math.floor((i * 400) / count)) * DAY - 3600000;
    const hostId = demoId(new Date(created), i + 1);
    const city: DemoCity = CITIES[i % CITIES.length];
    const postcode = pick(POSTCODES[city.label] ?? [city.postcode]);
    const street = pick(STREETS);
    const housenumber = String(1 + Math.floor(rand() * 120));
    const lat = Math.round((city.lat + (rand() - 0.5) * 0.04) * 1e6) / 1e6;
    const lng = Math.round((city.lng + (rand() - 0.5) * 0.05) * 1e6) / 1e6;
    const exact = rand() > 0.04;
    const label = exact ? `${housenumber} ${street} ${postcode} ${city.label}` : city.label;
    const addressObject = exact
      ? { label, housenumber, street, route: street, postcode, city: city.label, lat, lng }
      : { label, postcode, city: city.label, lat: city.lat, lng: city.lng };
    const kind = pick(KINDS);
    const carrez = Math.max(12, kind.rooms * 17 + Math.floor(rand() * 20) - 4);
    const price =
      Math.round((carrez * (PRICE_PER_M2[city.label] ?? 13) * (0.85 + rand() * 0.3)) / 10) * 10;
    const features = [pick(FEATURES), pick(FEATURES)].filter((v, k, all) => all.indexOf(v) === k);
    const description =
      rand() < 0.03
        ? null
        : `${kind.label} de ${carrez} m² au ${1 + Math.floor(rand() * 5)}e étage : ` +
          `${features.join(', ')}. ${pick(NEARBY)} Loyer ${price} € charges comprises.`;
    const agency = pick(AGENCIES);
    const contactName =
      agency === 'Particulier' ? `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}` : agency;
    const photos =
      photoIds.length && rand() < 0.75
        ? Array.from(
            { length: 1 + Math.floor(rand() * 3) },
            (_, k) => photoIds[(i + k * 3) % photoIds.length],
          )
        : [];
    const at = (offset: number) => iso(created + offset);
    const commands: HostCommand[] = [
      { type: 'CreateHost', hostId, at: at(0) },
      {
        type: 'UpdateHost',
        hostId,
        at: at(60000),
        changes: {
          address: label,
          addressObject,
          externalId: `https://annonces.example.fr/location/${slug(city.label)}/${hostId}`,
          carrez,
          numberOfRoom: rand() < 0.03 ? -1 : kind.rooms,
          price,
          description,
          photoUrlEstate: [...new Set(photos)],
          dateAvailable: ymd(now.getTime() + Math.floor(rand() * 90 - 10) * DAY),
          contactName,
          contactPhoneNumber: `0${1 + Math.floor(rand() * 5)}${String(10000000 + Math.floor(rand() * 89999999))}`,
          contactEmail: `contact@${slug(agency === 'Particulier' ? contactName : agency)}.fr`,
        },
      },
    ];
    // The geocoding job's answer, except for a few (the warning has something to show).
    if (rand() > 0.05)
      commands.push({
        type: 'SetGeolocation',
        hostId,
        at: at(120000),
        address: label,
        geoLoc: { type: 'Point', coordinates: [addressObject.lng, addressObject.lat] },
      });
    const isActive = rand() > 0.1;
    const publish = rand() > 0.08;
    if (!isActive) commands.push({ type: 'SetHostActive', hostId, at: at(DAY), isActive });
    if (!publish) commands.push({ type: 'PublishHost', hostId, at: at(DAY), publish });
    const events = decideAll(hostDecider, commands, null);
    const host: Host = fold(hostDecider, events as HostEvent[]);
    hosts.push({
      hostId,
      city: city.label,
      exportable: isActive && publish,
      place: { address: host.address, addressObject: host.addressObject, geoLoc: host.geoLoc },
      streamId: `host-${hostId}`,
      events,
    });
  }
  return hosts;
}

/** What the proposals need of a demo project, read back from the projects read model. */
export type DemoProjectRef = {
  projectId: string;
  stage: ProjectStage;
  stopped: boolean;
  workCity: string | null;
  reloc: string | null;
  /** Departure and work addresses, for the travel times of its proposals. */
  places: ProjectPlaces;
};

const AUTHORS: (VisitAuthor | null)[] = ['operator', 'operator', 'sale', 'other', null];
const CANCEL_REASONS: VisitCancelReason[] = ['hil', 'agency', 'client', 'error'];
const ACTIVE_STATUSES: ProposalStatus[] = [
  'agence_rappel',
  'agence_repondeur',
  'agence_attente',
  'client_attente',
];
const DENIED: ProposalStatus[] = [
  'denied_no_match',
  'denied_no_available',
  'denied_too_much_cases',
];

const stageIndex = (stage: ProjectStage) => PROJECT_STAGES.indexOf(stage);
const pad = (n: number) => String(n).padStart(2, '0');

/** From this stage on, a demo file has its chosen property and its required documents. */
export const DEMO_DOSSIER_STAGE: ProjectStage = 'awaitingSignature';

/** Proposals on the projects whose research has started: a few each, more further on. */
export function demoProposals(
  projects: readonly DemoProjectRef[],
  hosts: readonly DemoHost[],
  now = new Date(),
): DemoStream[] {
  const rand = random(20261124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const research = stageIndex('researchStarted');
  const visiting = stageIndex('visitScheduled');
  const accepted = stageIndex('caseAccepted');
  const dossier = stageIndex(DEMO_DOSSIER_STAGE);
  const streams: DemoStream[] = [];
  for (const project of projects) {
    const index = stageIndex(project.stage);
    // From awaitingSignature on, a file went through the §5 gate: a chosen property and at
    // least three visited proposals with an exact address (the visited ones are counted).
    const ready = index >= dossier;
    // A stopped file's research stopped too: a few of them keep what was proposed before.
    if (index < research || (!ready && project.stopped && rand() < 0.7)) continue;
    const exactHosts = (list: readonly DemoHost[]) =>
      ready
        ? list.filter((host) => hostHasExactAddress(host.place as Pick<Host, 'addressObject'>))
        : list;
    const local = exactHosts(hosts.filter((host) => host.city === project.workCity));
    const pool = local.length >= 8 ? local : exactHosts(hosts);
    const count = ready ? 4 : 2 + Math.floor(rand() * 2) + (index >= visiting ? 1 : 0);
    const chosen = new Set<DemoHost>();
    while (chosen.size < Math.min(count, pool.length)) chosen.add(pick(pool));
    let n = 0;
    for (const host of chosen) {
      n += 1;
      const trigram = project.reloc;
      const proposedAt = now.getTime() - Math.floor(10 + rand() * 50) * DAY + n * 3600000;
      const at = (days: number) => iso(proposedAt + days * DAY);
      const proposalId = demoId(new Date(proposedAt), 500000 + streams.length);
      const base = { proposalId };
      const commands: ProposalCommand[] = [
        { ...base, type: 'Propose', idBuy: project.projectId, idSell: host.hostId, at: at(0) },
      ];
      // The offline estimate the distance job would write (the geo reactor starts after the seed).
      const routeKey = proposalRouteKey(host.place, project.places);
      const from = hostPosition(host.place);
      const to = workPosition(project.places);
      if (routeKey && from && to) {
        const times = estimateTravelTimes(from, to);
        commands.push({
          ...base,
          type: 'SetDistances',
          distanceCar: times.car?.durationSeconds ?? null,
          distanceTransport: times.transport?.durationSeconds ?? null,
          distanceWalk: times.walk?.durationSeconds ?? null,
          lastGeocodingAddress: routeKey,
          estimate: true,
          at: at(0),
        });
      }
      const roll = ready ? rand() * 0.35 : rand();
      if (roll < 0.35) commands.push({ ...base, type: 'SetOpinion', opinion: 'liked', at: at(1) });
      else if (roll < 0.5)
        commands.push({ ...base, type: 'SetOpinion', opinion: 'disliked', at: at(1) });
      if (rand() < 0.25)
        commands.push({ ...base, type: 'SetStatus', status: pick(ACTIVE_STATUSES), at: at(1) });
      const visits = ready ? 1 : index >= visiting ? 0.75 : 0.3;
      const disliked = roll >= 0.35 && roll < 0.5;
      if (rand() < visits && !disliked) {
        const day = new Date(proposedAt + Math.floor(2 + rand() * 20) * DAY);
        const author = pick(AUTHORS);
        commands.push({
          ...base,
          type: 'PlanVisit',
          date: `${pad(day.getUTCDate())}/${pad(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`,
          time: `${pad(9 + Math.floor(rand() * 9))}:${pad(Math.floor(rand() * 4) * 15)}`,
          author,
          authorOther: author === 'other' ? `${pick(FIRST_NAMES)} (stagiaire)` : null,
          at: at(2),
        });
        if (rand() < 0.12 && !ready)
          commands.push({ ...base, type: 'CancelVisit', reason: pick(CANCEL_REASONS), at: at(3) });
      }
      if (rand() < 0.08 && !ready)
        commands.push({ ...base, type: 'SetStatus', status: pick(DENIED), at: at(4) });
      if (index >= accepted && n === 1)
        commands.push({ ...base, type: 'SetFolderStatus', folderStatus: 'accepted', at: at(5) });
      else if (index >= visiting && n === 2 && rand() < 0.5)
        commands.push({ ...base, type: 'SetFolderStatus', folderStatus: 'submitted', at: at(5) });
      if (rand() < 0.15)
        commands.push({
          ...base,
          type: 'AddProposalComment',
          comment: pick(COMMENTS),
          owner: 'hil',
          name: trigram,
          at: at(2),
        });
      streams.push({
        streamId: proposalStream(project.projectId, host.hostId),
        events: decideAll(proposalDecider, commands, trigram),
      });
    }
  }
  return streams;
}
