import {
  newObjectId,
  PROSPECT_STAGES,
  ProspectActor,
  ProspectCommand,
  prospectDecider,
  ProspectEvent,
  ProspectStage,
  prospectNameKey,
} from '@reloc/domain';
import type { EventData } from '@reloc/eventstore';

/**
 * The demo's B2B prospects: four in every stage (§4 "Prospect stages"), a few abandoned with
 * each cause, tags and assignments. Every event is decided by the prospect decider from the
 * commands an admin would send, stage after stage, so each prospect meets the rules of its
 * stage; only the clock is the seed's.
 */
const NAMES = [
  'Atelier Bordelais du Bois',
  'Batiprest Nord',
  'Boulangeries Marchand',
  'Campus Rhône Alternance',
  'CCI Pays de Loire Demo',
  'Clinique des Tilleuls',
  'Collectivité de Villeurbanne Demo',
  'Crèches Petit Nuage',
  'Distrilog Express',
  'École Hôtelière de Savoie',
  'Électricité Durand & Fils',
  'Estérel Hôtels',
  'Fromageries du Jura',
  'Groupe Horizon Santé',
  'Imprimerie Lefort',
  'Intérim Plus Lyon',
  'Lycée Pro Jean Moulin',
  'Mécanique de Précision Alpine',
  'Métropole Transports Demo',
  'Nettoyage Brillant',
  'Optique Vision Sud',
  'Pharmacies Solidaires',
  'Recrut’Avenir',
  'Restaurants Le Comptoir',
  'Sécurité Vigilance',
  'Solaris Énergies',
  'Transports Garnier',
  'Vignobles Castel',
] as const;

const TAGS = ['salon-2025', 'alternance', 'grand-compte', 'relance', 'pme'];
const SALES = ['SPE', 'ILE', 'HGA'];
const LEADS = ['JBE', 'CDU', 'NMO', null];
const TYPES = ['entreprise', 'entreprise', 'ecole', 'recrutement', 'cci', 'collectivite'];
const ABANDONS: unknown[] = [
  'otherService',
  'priority',
  'uneligible',
  { reason: 'other', text: 'Rachat en cours, projet gelé' },
];

/** 'Estérel Hôtels' → 'esterel-hotels': the company link's id. */
function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
    .replace(/-$/, '');
}

/** A small deterministic generator, so every first run seeds the same demo. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

export type DemoProspect = {
  prospectId: string;
  stage: ProspectStage;
  name: string;
  nameStream: string;
  streamId: string;
  events: EventData[];
};

const ADMIN: ProspectActor = { id: 'seed', trigram: 'CMA', role: 'ADMIN' };

export function demoProspects(now = new Date()): DemoProspect[] {
  const rand = random(20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  return NAMES.map((name, i) => {
    const stage: ProspectStage = PROSPECT_STAGES[i % PROSPECT_STAGES.length];
    // Six stages of at most 22 days each: starting 140 days back or more keeps every stage
    // change in the past (issue 15 point 26: the demo's history is a past one).
    let time = now.getTime() - (140 + Math.floor(rand() * 300)) * 86400000;
    const prospectId = newObjectId(new Date(time));
    const sale = pick(SALES);
    const lead = pick(LEADS);
    const employees = pick(['10-50', '50-250', '250-1000', '1000-2500', '2500+']);
    const city = pick(['Lyon', 'Bordeaux', 'Lille', 'Nantes', 'Grenoble', 'Toulouse']);
    const fill: Record<ProspectStage, Record<string, unknown>> = {
      new: {},
      toCall: {
        siret: String(10000000000000 + Math.floor(rand() * 89999999999999)),
        address: `${1 + Math.floor(rand() * 90)} avenue de la République, ${city}`,
        employeesCount: employees,
        structureType: pick(['siege', 'filiale', 'agence', 'usine']),
        type: TYPES[i % TYPES.length],
        origin: pick(['linkedin', 'network_pro', 'jobboard', 'direct']),
        tags: [pick(TAGS), pick(TAGS)],
        actionsDone: 'Premier appel au standard, mail de présentation envoyé.',
      },
      firstContact: {
        companyContactName: `${pick(['Claire', 'Marc', 'Sonia', 'Paul'])} ${pick(['Roy', 'Blanc', 'Faure'])}`,
        companyContactPhone: `06${String(10000000 + Math.floor(rand() * 89999999))}`,
        companyContactMail: `rh.${i}@exemple-entreprise.fr`,
        companyContactJob: pick(['DRH', 'Chargée de recrutement', 'Responsable alternance']),
        aboutStructure: `Structure de ${employees} salariés basée à ${city}.`,
      },
      pitched: {
        demoDate: new Date(time + 20 * 86400000).toISOString().slice(0, 10),
        shortid: slug(name),
      },
      involved: {
        actionsToDo: 'Envoyer la convention et planifier le point de lancement.',
        aboutContacts: 'La DRH décide, le responsable alternance relaie.',
        aboutProcess: 'Campagne d’alternance au printemps, mutations à la rentrée.',
        aboutHousing: 'Les alternants peinent à trouver un logement près du site.',
        potentialAltHiring: 10 + Math.floor(rand() * 60),
        potentialAltHiL: 2 + Math.floor(rand() * 10),
        potentialMutationHiring: Math.floor(rand() * 20),
        potentialMutationHiL: Math.floor(rand() * 5),
        potentialNewHiring: Math.floor(rand() * 80),
        potentialNewHiL: Math.floor(rand() * 10),
      },
      testing: {},
      done: {},
    };
    let state = prospectDecider.initialState();
    const events: EventData[] = [];
    const run = (command: ProspectCommand) => {
      const decided = prospectDecider.decide(command, state);
      state = decided.reduce(prospectDecider.evolve, state);
      const at = new Date(time).toISOString();
      for (const event of decided as ProspectEvent[])
        events.push({
          type: event.type,
          data: event.data,
          metadata: { actor: { id: 'seed', trigram: ADMIN.trigram, role: 'SYSTEM' }, at },
        });
    };
    const base = () => ({ prospectId, at: new Date(time).toISOString(), actor: ADMIN });
    const update = (changes: Record<string, unknown>) =>
      run({ type: 'UpdateProspect', ...base(), baseRevision: state.revision, changes });
    run({ type: 'CreateProspect', ...base(), name, sale });
    if (lead) update({ assignees: { lead } });
    for (const next of PROSPECT_STAGES.slice(1, PROSPECT_STAGES.indexOf(stage) + 1)) {
      time += (3 + Math.floor(rand() * 20)) * 86400000;
      update({ ...fill[next], currentProgress: next });
    }
    if (stage === 'done') update({ rewards: { sentToAL: 150, paid: 150 } });
    // Follows of the company link over the last months, for the monthly chart.
    if (state.shortid) {
      const clicks = 3 + Math.floor(rand() * 25);
      const from = Math.min(time, now.getTime());
      const times = Array.from({ length: clicks }, () => from + rand() * (now.getTime() - from));
      for (const at of times.sort((a, b) => a - b)) {
        time = at;
        run({ type: 'RecordProspectClick', ...base() });
      }
    }
    if (i % 5 === 3) update({ notInterested: ABANDONS[i % ABANDONS.length] });
    return {
      prospectId,
      stage,
      name,
      nameStream: `unique-prospect-name-${prospectNameKey(name)}`,
      streamId: `prospect-${prospectId}`,
      events,
    };
  });
}
