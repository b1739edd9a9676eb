import { DomainError } from '../shared/errors';
import { FieldConflictError } from '../projects/field-conflict';
import { emptyProspect, Prospect, prospectStageChoices, ProspectActor } from './prospect';
import {
  abandonReasonOf,
  hasCompanyLink,
  prospectDecider,
  ProspectCommand,
  ProspectEvent,
  prospectNameKey,
  prospectTimelineEntry,
} from './prospect.decider';

const ID = '6740a1b2c3d4e5f60123abcd';
const AT = '2026-11-22T10:00:00.000Z';
const SUPER: ProspectActor = { id: 'u-super', trigram: 'SAD', role: 'SUPERADMIN' };
const ADMIN: ProspectActor = { id: 'u-admin', trigram: 'CMA', role: 'ADMIN' };
const SALE: ProspectActor = { id: 'u-sale', trigram: 'SPE', role: 'SALE' };
const OTHER: ProspectActor = { id: 'u-op', trigram: 'JBE', role: 'OPERATOR' };

function run(commands: ProspectCommand[], from: Prospect = emptyProspect()) {
  let state = from;
  const events: ProspectEvent[] = [];
  for (const command of commands) {
    const decided = prospectDecider.decide(command, state);
    state = decided.reduce(prospectDecider.evolve, state);
    events.push(...decided);
  }
  return { state, events };
}

const create = (sale: string | null = 'SPE', name = '  Acme   Industries ') =>
  ({ type: 'CreateProspect', prospectId: ID, at: AT, actor: SALE, name, sale }) as const;
const put = (
  changes: Record<string, unknown>,
  actor: ProspectActor = SALE,
  baseRevision = 1000,
): ProspectCommand => ({
  type: 'UpdateProspect',
  prospectId: ID,
  at: AT,
  actor,
  baseRevision,
  changes,
});

const TO_CALL = {
  siret: '123 456 789 00012',
  address: '1 rue de la Paix 75002 Paris',
  employeesCount: '50-250',
  structureType: 'siege',
  type: 'entreprise',
  origin: 'linkedin',
};
const FIRST_CONTACT = {
  companyContactName: 'Jeanne Roy',
  companyContactPhone: '06 12 34 56 78',
  companyContactMail: 'jeanne@acme.fr',
  companyContactJob: 'DRH',
};
const INVOLVED = {
  actionsToDo: 'Relancer',
  aboutContacts: 'DRH',
  aboutProcess: 'Alternance',
  aboutHousing: 'Paris cher',
  potentialAltHiring: 10,
  potentialAltHiL: '4',
  potentialMutationHiring: 0,
  potentialMutationHiL: 0,
  potentialNewHiring: 5,
  potentialNewHiL: 2,
};

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('did not throw');
}

describe('prospect decider (§4 "Prospect stages", §5 "Prospects")', () => {
  it('creates at stage new with the normalised name and the sales person', () => {
    const { state, events } = run([create()]);
    expect(events.map((e) => e.type)).toEqual(['ProspectCreated']);
    expect(state).toMatchObject({
      _id: ID,
      name: 'Acme Industries',
      currentProgress: 'new',
      assignees: { sale: 'SPE', lead: null },
      progress: { new: AT, stopped: false },
      notInterested: null,
    });
    expect(state.createdAt).toBe(new Date(parseInt(ID.slice(0, 8), 16) * 1000).toISOString());
  });

  it('refuses an empty name and a bad trigram', () => {
    expect(thrown(() => run([create(null, '  ')])).errors).toEqual({ name: 'Obligatoire' });
    expect(thrown(() => run([create('spe')])).errors).toEqual({ 'assignees.sale': 'Invalide' });
  });

  it('name keys ignore case, accents and spaces', () => {
    expect(prospectNameKey(' Société  Générale ')).toBe(prospectNameKey('societe generale'));
  });

  it('moves to the next stage only once the accumulated rules hold', () => {
    const { state } = run([create(null)]);
    const blocked = thrown(() => run([put({ currentProgress: 'toCall' }, ADMIN)], state));
    expect(blocked.message).toBe('Les champs obligatoires de cette étape ne sont pas remplis');
    expect(Object.keys(blocked.errors ?? {}).sort()).toEqual(
      [
        'address',
        'assignees.sale',
        'employeesCount',
        'origin',
        'siret',
        'structureType',
        'type',
      ].sort(),
    );
    const ready = run([put({ ...TO_CALL, assignees: { sale: 'SPE' } }, ADMIN)], state).state;
    const moved = run([put({ currentProgress: 'toCall' }, SALE)], ready);
    expect(moved.state.currentProgress).toBe('toCall');
    expect(moved.events.map((e) => e.type)).toEqual(['ProspectStageChanged']);
  });

  it('checks formats: SIRET of 14, phone, e-mail, numeric potentials', () => {
    let { state } = run([create(), put({ ...TO_CALL, siret: '1234' })]);
    expect(thrown(() => run([put({ currentProgress: 'toCall' })], state)).errors).toEqual({
      siret: 'Doit contenir exactement 14 caractères.',
    });
    state = run([put({ siret: TO_CALL.siret, currentProgress: 'toCall' })], state).state;
    state = run(
      [put({ ...FIRST_CONTACT, companyContactMail: 'x', companyContactPhone: '12' })],
      state,
    ).state;
    expect(thrown(() => run([put({ currentProgress: 'firstContact' })], state)).errors).toEqual({
      companyContactMail: 'Doit être une adresse e-mail valide.',
      companyContactPhone: 'Invalide',
    });
    expect(thrown(() => run([put({ potentialNewHiL: 'beaucoup' })], state)).errors).toEqual({
      potentialNewHiL: 'Doit être un nombre',
    });
  });

  it('walks every stage with its rules, one step at a time', () => {
    let { state } = run([create(), put({ ...TO_CALL, currentProgress: 'toCall' })]);
    state = run([put({ ...FIRST_CONTACT, currentProgress: 'firstContact' })], state).state;
    expect(thrown(() => run([put({ currentProgress: 'pitched' })], state)).errors).toEqual({
      demoDate: 'Obligatoire',
    });
    state = run([put({ demoDate: '12/01/2026', currentProgress: 'pitched' })], state).state;
    expect(state.demoDate).toBe('2026-01-12');
    expect(
      Object.keys(thrown(() => run([put({ currentProgress: 'involved' })], state)).errors!),
    ).toHaveLength(10);
    state = run([put({ ...INVOLVED, currentProgress: 'involved' })], state).state;
    expect(state.potentialAltHiL).toBe(4);
    state = run([put({ currentProgress: 'testing' })], state).state;
    state = run([put({ currentProgress: 'done' })], state).state;
    expect(state.currentProgress).toBe('done');
    expect(Object.keys(state.progress)).toEqual(
      expect.arrayContaining(['new', 'toCall', 'firstContact', 'pitched', 'involved', 'done']),
    );
  });

  it('counts company-link follows per month, only from pitched with a shortid', () => {
    const click = (at: string): ProspectCommand => ({
      type: 'RecordProspectClick',
      prospectId: ID,
      at,
      actor: { id: 'public-link', trigram: null, role: 'USER' },
    });
    let { state } = run([
      create(),
      put({ ...TO_CALL, shortid: 'Acme-Ind', currentProgress: 'toCall' }),
    ]);
    expect(state.shortid).toBe('acme-ind');
    expect(hasCompanyLink(state)).toBe(false);
    expect(thrown(() => run([click(AT)], state)).kind).toBe('notFound');
    state = run([put({ ...FIRST_CONTACT, currentProgress: 'firstContact' })], state).state;
    state = run([put({ demoDate: '12/01/2026', currentProgress: 'pitched' })], state).state;
    expect(hasCompanyLink(state)).toBe(true);
    state = run(
      [click('2026-10-31T23:59:00.000Z'), click('2026-11-01T00:00:00.000Z'), click(AT)],
      state,
    ).state;
    expect(state.clicks).toEqual({ '2026': { '10': 1, '11': 2 } });
    state = run([put({ shortid: null })], state).state;
    expect(hasCompanyLink(state)).toBe(false);
  });

  it('refuses a shortid that cannot go into a URL', () => {
    const { state } = run([create()]);
    for (const shortid of ['a b', 'é', '-acme', 'acme-', 'a'.repeat(41), 'a/b'])
      expect(thrown(() => run([put({ shortid })], state)).errors).toEqual({
        shortid: 'Lettres minuscules, chiffres et tirets seulement',
      });
  });

  it('lets only the superadmin pick any stage directly', () => {
    const { state } = run([create()]);
    expect(thrown(() => run([put({ currentProgress: 'done' }, ADMIN)], state)).message).toBe(
      "Seul le super admin peut choisir directement l'étape",
    );
    expect(run([put({ currentProgress: 'done' }, SUPER)], state).state.currentProgress).toBe(
      'done',
    );
    expect(prospectStageChoices()[0].label).toBe('[00] Nouveaux prospects');
    expect(prospectStageChoices()[6].label).toBe('[06] Partenariat conclu');
  });

  it('abandons with a mandatory reason; other needs a text; unticking clears it', () => {
    const { state } = run([create()]);
    expect(thrown(() => run([put({ notInterested: 'other' })], state)).errors).toEqual({
      notInterested: 'Précisez la raison',
    });
    expect(thrown(() => run([put({ notInterested: '' })], state)).errors).toEqual({
      notInterested: 'Obligatoire',
    });
    const coded = run([put({ notInterested: 'priority' })], state).state;
    expect(coded).toMatchObject({ notInterested: 'priority', progress: { stopped: true } });
    const other = run([put({ notInterested: { reason: 'other', text: 'Budget gelé' } })], state);
    expect(other.state.notInterested).toBe('Budget gelé');
    expect(abandonReasonOf(other.state.notInterested)).toEqual({
      reason: 'other',
      text: 'Budget gelé',
    });
    const cleared = run([put({ notInterested: null })], other.state);
    expect(cleared.events.map((e) => e.type)).toEqual(['ProspectResumed']);
    expect(cleared.state).toMatchObject({ notInterested: null, progress: { stopped: false } });
  });

  it('lets admins edit everything and others only where they are lead or sale', () => {
    const { state } = run([create('SPE')]);
    expect(thrown(() => run([put({ siret: '1' }, OTHER)], state)).kind).toBe('forbidden');
    expect(run([put({ siret: '1' }, SALE)], state).state.siret).toBe('1');
    expect(thrown(() => run([put({ assignees: { lead: 'JBE' } }, SALE)], state)).kind).toBe(
      'forbidden',
    );
    const led = run([put({ assignees: { lead: 'JBE' } }, ADMIN)], state);
    expect(led.events[0]).toMatchObject({
      type: 'ProspectAssigneeChanged',
      data: { role: 'lead', from: null, to: 'JBE' },
    });
    expect(run([put({ siret: '2' }, OTHER)], led.state).state.siret).toBe('2');
    expect(
      thrown(() => run([{ type: 'DeleteProspect', prospectId: ID, at: AT, actor: SALE }], state))
        .kind,
    ).toBe('forbidden');
  });

  it('refuses unknown fields and bad selects with nothing decided', () => {
    const { state } = run([create()]);
    expect(
      thrown(() => run([put({ siret: 'ok', hacker: 1, type: 'banque' })], state)).errors,
    ).toEqual({ hacker: 'Champ inconnu', type: 'Invalide' });
  });

  it('conflicts on a field someone else changed since the base revision', () => {
    const { state } = run([create(), put({ siret: '1' }, ADMIN)]);
    const error = thrown(() => run([put({ siret: '2' }, SALE, 0)], state));
    expect(error).toBeInstanceOf(FieldConflictError);
    expect(error).toMatchObject({ fields: ['siret'], current: { siret: '1' } });
    // Another field merges; the author's own later edit does not conflict.
    expect(run([put({ address: 'x' }, SALE, 0)], state).state.address).toBe('x');
    expect(run([put({ siret: '3' }, ADMIN, 0)], state).state.siret).toBe('3');
  });

  it('writes the timeline events PROSPECT_CHANGEMENT_STATUT and PROSPECT_ROLE_CHANGE', () => {
    const { events } = run([
      create(),
      put({ currentProgress: 'pitched' }, SUPER),
      put({ assignees: { sale: 'ILE' } }, SUPER),
    ]);
    const entries = events.map(prospectTimelineEntry).filter(Boolean);
    expect(entries.map((e) => e!.type)).toEqual([
      'CREATION',
      'PROSPECT_CHANGEMENT_STATUT',
      'PROSPECT_ROLE_CHANGE',
    ]);
    expect(entries[1]!.params).toMatchObject({ from: 'new', to: 'pitched' });
    expect(entries[1]!.label).toContain('Démo');
    expect(entries[2]!.params).toEqual({ role: 'sale', from: 'SPE', to: 'ILE' });
  });

  it('attaches and removes files, for those who may edit', () => {
    const { state } = run([create('SPE')]);
    const file = {
      _id: '6740a1b2c3d4e5f60123ffff',
      name: 'plaquette.pdf',
      mime: 'application/pdf',
      size: 10,
    };
    const attach = (actor: ProspectActor): ProspectCommand => ({
      type: 'AttachProspectFile',
      prospectId: ID,
      at: AT,
      actor,
      file,
    });
    expect(thrown(() => run([attach(OTHER)], state)).kind).toBe('forbidden');
    const attached = run([attach(SALE), attach(SALE)], state);
    expect(attached.events.map((e) => e.type)).toEqual(['ProspectFileAttached']);
    expect(attached.state.files).toEqual([{ ...file, addedAt: AT, by: SALE.id }]);
    const remove: ProspectCommand = {
      type: 'RemoveProspectFile',
      prospectId: ID,
      at: AT,
      actor: ADMIN,
      fileId: file._id,
    };
    const removed = run([remove], attached.state);
    expect(removed.state.files).toEqual([]);
    expect(thrown(() => run([remove], removed.state)).kind).toBe('notFound');
  });
});
