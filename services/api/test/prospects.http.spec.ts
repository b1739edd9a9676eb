import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Projector } from '../src/infrastructure/projector';
import { SeedService } from '../src/seed/seed.service';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

const TO_CALL = {
  siret: '12345678900012',
  address: '1 rue de la Paix 75002 Paris',
  employeesCount: '250-1000',
  structureType: 'siege',
  type: 'entreprise',
  origin: 'linkedin',
};
const FIRST_CONTACT = {
  companyContactName: 'Jeanne Roy',
  companyContactPhone: '0612345678',
  companyContactMail: 'jeanne.roy@acme.fr',
  companyContactJob: 'DRH',
};
const INVOLVED = {
  actionsToDo: 'Relancer en janvier',
  aboutContacts: 'DRH et responsable alternance',
  aboutProcess: 'Campagne de printemps',
  aboutHousing: 'Loyers élevés',
  potentialAltHiring: 40,
  potentialAltHiL: 10,
  potentialMutationHiring: 5,
  potentialMutationHiL: 2,
  potentialNewHiring: 30,
  potentialNewHiL: '8',
};

describe('prospects (§2, §4 "Prospect stages", §5 "Prospects", §6, §7)', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function create(name: string, sale: string | null = 'SPE', role: AccountRole = 'SALE') {
    const res = await t
      .http()
      .post('/v1/prospects')
      .set(await as(role))
      .send({ name, assignees: { sale } });
    expect(res.status).toBe(201);
    expect(res.body._id).toMatch(/^[0-9a-f]{24}$/);
    return res.body._id as string;
  }

  async function get(id: string, role: AccountRole = 'ADMIN') {
    return t
      .http()
      .get(`/v1/prospects/${id}`)
      .set(await as(role));
  }

  async function put(id: string, body: Record<string, unknown>, role: AccountRole = 'SALE') {
    const revision =
      body._revision ?? ((await get(id, 'SUPERADMIN')).body._revision as number | undefined);
    return t
      .http()
      .put(`/v1/prospects/${id}`)
      .set(await as(role))
      .send({ ...body, _revision: revision });
  }

  async function list(query: Record<string, string>, role: AccountRole = 'ADMIN') {
    return t
      .http()
      .get('/v1/prospects')
      .query(query)
      .set(await as(role));
  }

  it('seeds the demo with valid prospects in every stage, some abandoned, once', async () => {
    const tiles = (await list({ filter: 'all', search: 'Demo' }, 'SUPERADMIN')).body as {
      _id: string;
      currentProgress: string;
      stopped: boolean;
    }[];
    const all = (await list({ filter: 'all' }, 'SUPERADMIN')).body as typeof tiles;
    const stages = new Set(all.map((tile) => tile.currentProgress));
    expect([...stages].sort()).toEqual(
      ['new', 'toCall', 'firstContact', 'pitched', 'involved', 'testing', 'done'].sort(),
    );
    expect(all.length).toBeGreaterThanOrEqual(28);
    expect(all.filter((tile) => tile.stopped).length).toBeGreaterThanOrEqual(4);
    expect(tiles.length).toBeGreaterThan(0);
    // Seeded names are claimed like created ones.
    const dup = await t
      .http()
      .post('/v1/prospects')
      .set(await as('ADMIN'))
      .send({ name: 'vignobles castel' });
    expect(dup.body).toEqual({ message: 'duplicateName' });
    for (const tile of all) {
      const page = (await get(tile._id, 'SUPERADMIN')).body;
      // Stage rules hold, and no stage is ahead of the linked client files (§4).
      expect({ name: page.name, errors: page.stageErrors, invalid: page.invalid }).toEqual({
        name: page.name,
        errors: {},
        invalid: false,
      });
      if (['pitched', 'involved', 'testing', 'done'].includes(page.currentProgress)) {
        expect(page.companyLink).toMatch(/^\/v1\/c\/[a-z0-9-]+$/);
        expect(page.monthlyStats.some((m: { clicks: number }) => m.clicks > 0)).toBe(true);
      } else expect(page.companyLink).toBeNull();
    }
    await t.app.get(SeedService).run();
    expect((await list({ filter: 'all' }, 'SUPERADMIN')).body).toHaveLength(all.length);
  });

  it('creates a prospect at Nouveaux prospects and reads it back', async () => {
    const id = await create('  Acme   Industrie ');
    const res = await get(id, 'SALE');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: id,
      name: 'Acme Industrie',
      currentProgress: 'new',
      stageLabel: 'Nouveaux prospects',
      assignees: { sale: 'SPE', lead: null },
      notInterested: null,
      progress: { stopped: false },
      theoreticalStatus: 'involved',
      invalid: false,
      stageErrors: {},
      nextStage: { stage: 'toCall', label: 'Prospects', enabled: false },
      linkedFiles: 0,
      monthlyStats: [],
      canEdit: true,
    });
    expect(typeof res.body._revision).toBe('number');
    expect(res.body.fieldRevisions).toBeUndefined();
  });

  it("answers 400 duplicateName ('Le prospect existe déjà') whatever the case or accents", async () => {
    await create('Société Générale Test');
    const dup = await t
      .http()
      .post('/v1/prospects')
      .set(await as('ADMIN'))
      .send({ name: 'societe  generale test' });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ message: 'duplicateName' });
    const all = await list({ filter: 'all', search: 'generale test' });
    expect(all.body).toHaveLength(1);
  });

  it('refuses bad creation bodies with French messages, writing nothing', async () => {
    const headers = await as('SALE');
    const before = (await list({ filter: 'all' })).body.length;
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ name: '   ' }, 400],
      [{ name: 'X', extra: 1 }, 400],
      [{ name: 'Y', assignees: { sale: 'spe' } }, 400],
      [{ name: 'Z', assignees: { sale: 'ZZZ' } }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await t
        .http()
        .post('/v1/prospects')
        .set(headers)
        .send(body as object);
      expect(res.status).toBe(status);
      expect(typeof res.body.message).toBe('string');
    }
    const noName = await t.http().post('/v1/prospects').set(headers).send({});
    expect(noName.body.errors).toEqual({ name: 'Obligatoire' });
    const blank = await t.http().post('/v1/prospects').set(headers).send({ name: '   ' });
    expect(blank.body.errors).toEqual({ name: 'Obligatoire' });
    const unknownSale = await t
      .http()
      .post('/v1/prospects')
      .set(headers)
      .send({ name: 'Z', assignees: { sale: 'ZZZ' } });
    expect(unknownSale.body.errors).toEqual({ 'assignees.sale': 'Invalide' });
    expect((await list({ filter: 'all' })).body.length).toBe(before);
    // The refused names were not claimed.
    await create('Z');
  });

  it('refuses a USER (403) on every prospects route', async () => {
    const id = await create('Pour utilisateur');
    const headers = await as('USER');
    const calls = [
      t.http().get('/v1/prospects').set(headers),
      t.http().post('/v1/prospects').set(headers).send({ name: 'U' }),
      t.http().get(`/v1/prospects/${id}`).set(headers),
      t.http().put(`/v1/prospects/${id}`).set(headers).send({ _revision: 0, siret: 'x' }),
      t.http().delete(`/v1/prospects/${id}`).set(headers),
      t.http().get('/v1/prospects/tags').set(headers),
      t.http().get('/v1/prospects/_autocomplete?type=entreprise').set(headers),
      t.http().get('/v1/reports/prospects').set(headers),
    ];
    for (const call of calls) expect((await call).status).toBe(403);
  });

  it('opens a prospect only for admins and its lead or sale (§2, §6)', async () => {
    const id = await create('Ouverture SA', 'SPE');
    for (const role of ['SUPERADMIN', 'ADMIN', 'SALE'] as const)
      expect((await get(id, role)).status).toBe(200);
    for (const role of ['OPERATOR', 'VENDOR'] as const) {
      const res = await get(id, role);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Vous n'êtes ni lead ni commercial sur ce prospect");
      expect(
        (
          await t
            .http()
            .get(`/v1/prospects/${id}/timeline`)
            .set(await as(role))
        ).status,
      ).toBe(403);
    }
    // The tile is listed for everyone, with whether it opens.
    const tiles = (await list({ filter: 'all', search: 'Ouverture SA' }, 'OPERATOR')).body;
    expect(tiles).toEqual([
      expect.objectContaining({ _id: id, canOpen: false, leadTrigram: '???', saleTrigram: 'SPE' }),
    ]);
    expect((await put(id, { assignees: { lead: 'JBE' } }, 'ADMIN')).status).toBe(200);
    expect((await get(id, 'OPERATOR')).status).toBe(200);
    expect((await get(UNKNOWN_ID)).status).toBe(404);
    expect((await get('pas-un-id')).status).toBe(400);
  });

  it('lets only admins, the lead or the sale edit; a refused save writes nothing', async () => {
    const id = await create('Droits Edition', 'SPE');
    for (const role of ['OPERATOR', 'VENDOR'] as const) {
      const res = await put(id, { siret: '99999999999999' }, role);
      expect(res.status).toBe(403);
    }
    // Assignments and the reward are the Admin tab's (admins only).
    expect((await put(id, { assignees: { lead: 'SPE' } }, 'SALE')).status).toBe(403);
    expect((await put(id, { rewards: { paid: 100 } }, 'SALE')).status).toBe(403);
    expect((await get(id)).body).toMatchObject({
      siret: null,
      assignees: { lead: null },
      rewards: { paid: null },
    });
    expect((await put(id, { siret: '11111111111111' }, 'SALE')).status).toBe(200);
    const admin = await put(id, { rewards: { paid: '150', sentToAL: 50 } }, 'ADMIN');
    expect(admin.status).toBe(200);
    expect(admin.body.rewards).toEqual({ paid: 150, sentToAL: 50 });
  });

  it('refuses bad PUT input with French field messages and no partial write', async () => {
    const id = await create('Mauvaises Saisies');
    const bad = await put(id, {
      siret: '22222222222222',
      potentialNewHiL: 'beaucoup',
      potentialAltHiL: -2,
      demoDate: '31/02/2026',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      potentialNewHiL: 'Doit être un nombre',
      potentialAltHiL: 'Doit être supérieur ou égal à 0',
      demoDate: 'Invalide',
    });
    const select = await put(id, { siret: '22222222222222', employeesCount: '3' });
    expect(select.status).toBe(400);
    expect(select.body.errors).toEqual({ employeesCount: 'Invalide' });
    const unknown = await put(id, { siret: '2', couleur: 'bleu' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ couleur: expect.any(String) });
    expect((await put(id, { assignees: { lead: 'QQQ' } }, 'ADMIN')).body.errors).toEqual({
      'assignees.lead': 'Invalide',
    });
    // A bad value without `_revision` (optional since issue 15 point 11) is refused the same.
    const noRevision = await t
      .http()
      .put(`/v1/prospects/${id}`)
      .set(await as('SALE'))
      .send({ siret: '3', employeesCount: '3' });
    expect(noRevision.status).toBe(400);
    expect((await get(id)).body.siret).toBeNull();
  });

  it('applies every stage rule, accumulated, before Passer en … (§5 "Prospects")', async () => {
    const id = await create('Parcours Complet', null);
    const move = (stage: string) => put(id, { currentProgress: stage }, 'ADMIN');
    const errorsOf = async (stage: string) => {
      const res = await move(stage);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Les champs obligatoires de cette étape ne sont pas remplis');
      return Object.keys(res.body.errors).sort();
    };

    // toCall: siret, address, employeesCount, structureType, type, origin, assignees.sale.
    expect(await errorsOf('toCall')).toEqual([...Object.keys(TO_CALL), 'assignees.sale'].sort());
    expect((await put(id, { assignees: { sale: 'SPE' } }, 'ADMIN')).status).toBe(200);
    expect((await put(id, { ...TO_CALL, siret: '123' })).status).toBe(200);
    expect((await move('toCall')).body.errors).toEqual({
      siret: 'Doit contenir exactement 14 caractères.',
    });
    let page = (await put(id, { siret: TO_CALL.siret })).body;
    expect(page.nextStage).toMatchObject({ stage: 'toCall', enabled: true, errors: {} });
    expect((await move('toCall')).status).toBe(200);

    // Skipping a stage is the superadmin's only.
    const skip = await move('pitched');
    expect(skip.status).toBe(400);
    expect(skip.body.errors).toEqual({
      currentProgress: "Seul le super admin peut choisir directement l'étape",
    });

    // firstContact: the contact's name, phone, mail and job.
    expect(await errorsOf('firstContact')).toEqual(Object.keys(FIRST_CONTACT).sort());
    await put(id, { ...FIRST_CONTACT, companyContactMail: 'jeanne', companyContactPhone: '06' });
    expect((await move('firstContact')).body.errors).toEqual({
      companyContactMail: 'Doit être une adresse e-mail valide.',
      companyContactPhone: 'Invalide',
    });
    expect((await put(id, { ...FIRST_CONTACT, currentProgress: 'firstContact' })).status).toBe(200);

    // pitched: the demo date.
    expect(await errorsOf('pitched')).toEqual(['demoDate']);
    page = (await put(id, { demoDate: '15/01/2026', currentProgress: 'pitched' })).body;
    expect(page).toMatchObject({ currentProgress: 'pitched', demoDate: '2026-01-15' });

    // involved: four texts and the six numeric potentials.
    expect(await errorsOf('involved')).toEqual(Object.keys(INVOLVED).sort());
    page = (await put(id, { ...INVOLVED, currentProgress: 'involved' })).body;
    expect(page).toMatchObject({ currentProgress: 'involved', potentialNewHiL: 8, invalid: false });

    // testing and done need no field but are ahead of the theory without a client file:
    // refused to others (issue 15 point 8), the superadmin's direct pick only.
    expect(page.nextStage).toMatchObject({
      stage: 'testing',
      enabled: false,
      reason: 'Étape en avance sur le statut théorique : aucun dossier associé à ce prospect',
    });
    expect((await move('testing')).status).toBe(400);
    page = (await put(id, { currentProgress: 'testing' }, 'SUPERADMIN')).body;
    expect(page).toMatchObject({ currentProgress: 'testing', invalid: true });
    page = (await put(id, { currentProgress: 'done' }, 'SUPERADMIN')).body;
    expect(page).toMatchObject({
      currentProgress: 'done',
      theoreticalStatus: 'involved',
      invalid: true,
      tooltip: 'Aucun dossier associé à ce prospect',
      nextStage: { stage: null, enabled: false },
    });

    // A stage change leaves PROSPECT_CHANGEMENT_STATUT entries in the timeline.
    const timeline = await t
      .http()
      .get(`/v1/prospects/${id}/timeline`)
      .set(await as('SALE'));
    expect(timeline.status).toBe(200);
    const types = timeline.body.map((item: { type: string }) => item.type);
    expect(types.filter((type: string) => type === 'PROSPECT_CHANGEMENT_STATUT')).toHaveLength(6);
    expect(types).toContain('PROSPECT_ROLE_CHANGE');
    expect(types[types.length - 1]).toBe('CREATION');
    expect(timeline.body[0].params).toMatchObject({ from: 'testing', to: 'done' });
  });

  it('lets the superadmin pick any stage directly', async () => {
    const id = await create('Choix Direct');
    expect((await put(id, { currentProgress: 'involved' }, 'ADMIN')).status).toBe(400);
    const res = await put(id, { currentProgress: 'involved' }, 'SUPERADMIN');
    expect(res.status).toBe(200);
    expect(res.body.currentProgress).toBe('involved');
    expect(Object.keys(res.body.stageErrors).length).toBeGreaterThan(0);
    // Going back is a direct pick too: the superadmin's only (issue 15 point 8).
    expect((await put(id, { currentProgress: 'new' }, 'SALE')).status).toBe(400);
    expect((await put(id, { currentProgress: 'new' }, 'ADMIN')).status).toBe(400);
    expect((await put(id, { currentProgress: 'new' }, 'SUPERADMIN')).status).toBe(200);
    expect((await put(id, { currentProgress: 'nulle-part' }, 'SUPERADMIN')).status).toBe(400);
  });

  it('abandons with a mandatory reason and finds it under Abandonnés', async () => {
    const id = await create('Abandon Motif');
    expect((await put(id, { notInterested: '' })).body.errors).toEqual({
      notInterested: 'Obligatoire',
    });
    expect((await put(id, { notInterested: { reason: 'other' } })).body.errors).toEqual({
      notInterested: 'Précisez la raison',
    });
    const other = await put(id, { notInterested: { reason: 'other', text: 'Budget gelé' } });
    expect(other.body).toMatchObject({
      notInterested: 'Budget gelé',
      abandonReason: { reason: 'other', text: 'Budget gelé' },
      progress: { stopped: true },
    });
    const ids = async (filter: string) =>
      (await list({ filter, search: 'Abandon Motif' })).body.map((p: { _id: string }) => p._id);
    expect(await ids('abandoned')).toEqual([id]);
    expect(await ids('active')).toEqual([]);
    expect(await ids('all')).toEqual([id]);
    expect((await put(id, { notInterested: 'uneligible' })).body.abandonReason).toEqual({
      reason: 'uneligible',
      text: null,
    });
    const cleared = await put(id, { notInterested: null });
    expect(cleared.body).toMatchObject({ notInterested: null, progress: { stopped: false } });
    expect(await ids('active')).toEqual([id]);
  });

  it('answers 409 with the current values when someone else changed the field', async () => {
    const id = await create('Conflit Sauvegarde');
    const start = (await get(id)).body._revision as number;
    expect((await put(id, { _revision: start, siret: '1' }, 'ADMIN')).status).toBe(200);
    const conflict = await put(id, { _revision: start, siret: '2' }, 'SALE');
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ fields: ['siret'], current: { siret: '1' } });
    expect((await put(id, { _revision: start, address: 'Lyon' }, 'SALE')).status).toBe(200);
  });

  it('renames within the unique names, and frees the old one', async () => {
    const a = await create('Renommage A');
    await create('Renommage B');
    const taken = await put(a, { name: 'renommage b' });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('duplicateName');
    expect((await get(a)).body.name).toBe('Renommage A');
    expect((await put(a, { name: 'Renommage C' })).status).toBe(200);
    await create('Renommage A');
  });

  it('deletes for admins only (the name becomes free)', async () => {
    const id = await create('A Supprimer');
    for (const role of ['OPERATOR', 'SALE', 'VENDOR'] as const)
      expect(
        (
          await t
            .http()
            .delete(`/v1/prospects/${id}`)
            .set(await as(role))
        ).status,
      ).toBe(403);
    expect((await get(id)).status).toBe(200);
    const res = await t
      .http()
      .delete(`/v1/prospects/${id}`)
      .set(await as('ADMIN'));
    expect(res.status).toBe(200);
    expect((await get(id)).status).toBe(404);
    expect((await list({ filter: 'all', search: 'A Supprimer' })).body).toEqual([]);
    await create('A Supprimer');
  });

  it('lists the tags and the autocomplete by type', async () => {
    const id = await create('Ecole Tagguée');
    await put(id, { tags: ['salon-2026', ' salon-2026 ', 'ecoles'], type: 'ecole' });
    const tags = await t
      .http()
      .get('/v1/prospects/tags')
      .set(await as('VENDOR'));
    expect(tags.body).toEqual(expect.arrayContaining(['ecoles', 'salon-2026']));
    const headers = await as('OPERATOR');
    const prescribers = await t
      .http()
      .get('/v1/prospects/_autocomplete?type=prescripteur')
      .set(headers);
    expect(prescribers.status).toBe(200);
    expect(prescribers.body).toContainEqual({ _id: id, name: 'Ecole Tagguée' });
    const companies = await t
      .http()
      .get('/v1/prospects/_autocomplete?type=entreprise')
      .set(headers);
    expect(companies.body.map((p: { _id: string }) => p._id)).not.toContain(id);
    expect(
      (await t.http().get('/v1/prospects/_autocomplete?type=client').set(headers)).status,
    ).toBe(400);
    expect((await list({ filter: 'perdus' })).status).toBe(400);
  });

  it('derives the theoretical status and the monthly statistics from linked client files', async () => {
    const id = await create('Lien Dossiers');
    const created = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send({
        email: 'lien.dossiers@exemple.fr',
        firstName: 'Camille',
        lastName: 'Rousseau',
        phoneNumber: '0612345678',
        company: 'Lien Dossiers',
        contractType: 'Nouvel embauché en CDI',
        actualCity: 'Lyon',
        fromAddressObject: { label: 'Lyon', city: 'Lyon', postcode: '69001' },
        assignees: { sale: 'SPE' },
      });
    expect(created.status).toBe(201);
    const projectId = created.body._id as string;
    const lease = await t
      .http()
      .get(`/v1/lease/${projectId}`)
      .set(await as('ADMIN'));
    const linked = await t
      .http()
      .put(`/v1/lease/${projectId}`)
      .set(await as('ADMIN'))
      .send({ _revision: lease.body._revision, companyId: id });
    expect(linked.status).toBe(200);
    const page = (await get(id)).body;
    const month = new Date().toISOString().slice(0, 7);
    expect(page).toMatchObject({ theoreticalStatus: 'testing', linkedFiles: 1 });
    expect(page.monthlyStats).toEqual([{ month, clicks: 0, created: 1, relocated: 0 }]);
    const tile = (await list({ filter: 'all', search: 'Lien Dossiers' })).body[0];
    expect(tile).toMatchObject({ _id: id, theoreticalStatus: 'testing', invalid: false });
  });

  it('counts the follows of the company link, from Démo with a shortid, without a token', async () => {
    const id = await create('Lien Public');
    expect(
      (await put(id, { ...TO_CALL, shortid: 'Lien-Public', currentProgress: 'toCall' })).status,
    ).toBe(200);
    expect((await t.http().get('/v1/c/lien-public').redirects(0)).status).toBe(404);
    expect((await put(id, { ...FIRST_CONTACT, currentProgress: 'firstContact' })).status).toBe(200);
    expect((await put(id, { demoDate: '2026-01-12', currentProgress: 'pitched' })).status).toBe(
      200,
    );
    const page = (await get(id)).body;
    expect(page.shortid).toBe('lien-public');
    expect(page.companyLink).toBe('/v1/c/lien-public');
    for (let i = 0; i < 2; i++) {
      const follow = await t.http().get('/v1/c/LIEN-PUBLIC').redirects(0);
      expect(follow.status).toBe(302);
      expect(follow.headers.location).toBe('https://www.reloc.fr/entreprise/lien-public');
    }
    expect((await t.http().get('/v1/c/inconnu').redirects(0)).status).toBe(404);
    expect((await t.http().get('/v1/c/a%20b').redirects(0)).status).toBe(404);
    const month = new Date().toISOString().slice(0, 7);
    const stats = (await get(id)).body.monthlyStats as { month: string; clicks: number }[];
    expect(stats.find((m) => m.month === month)?.clicks).toBe(2);
    const bad = await put(id, { shortid: 'pas bon' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      shortid: 'Lettres minuscules, chiffres et tirets seulement',
    });
  });

  it('downloads the prospects report as a real spreadsheet, for admins only', async () => {
    const id = await create('Rapport <Excel> & Cie');
    await put(id, { ...TO_CALL, notInterested: 'priority' });
    for (const role of ['OPERATOR', 'SALE', 'VENDOR'] as const)
      expect(
        (
          await t
            .http()
            .get('/v1/reports/prospects')
            .set(await as(role))
        ).status,
      ).toBe(403);
    const res = await t
      .http()
      .get('/v1/reports/prospects')
      .query({ filter: 'abandoned', search: 'Rapport' })
      .set(await as('ADMIN'))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="prospects-.*\.xlsx"/);
    const dir = mkdtempSync(join(tmpdir(), 'reloc-xlsx-'));
    try {
      const file = join(dir, 'report.xlsx');
      writeFileSync(file, res.body as Buffer);
      const script = [
        'import sys, zipfile, xml.etree.ElementTree as ET',
        'z = zipfile.ZipFile(sys.argv[1])',
        'assert z.testzip() is None',
        'ET.fromstring(z.read("[Content_Types].xml"))',
        'ET.fromstring(z.read("xl/workbook.xml"))',
        'ns = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}',
        'root = ET.fromstring(z.read("xl/worksheets/sheet1.xml"))',
        'for row in root.findall(".//m:row", ns):',
        '    print("\\t".join("".join(c.itertext()) for c in row.findall("m:c", ns)))',
      ].join('\n');
      const out = execFileSync('python3', ['-c', script, file], { encoding: 'utf8' });
      const rows = out.trim().split('\n');
      expect(rows).toHaveLength(2);
      expect(rows[0].split('\t').slice(0, 4)).toEqual(['Nom', 'Étape', 'Abandonné', 'Raison']);
      expect(rows[1].split('\t').slice(0, 4)).toEqual([
        'Rapport <Excel> & Cie',
        'Nouveaux prospects',
        'Oui',
        'Pas une priorité',
      ]);
      expect(rows[1]).toContain('12345678900012');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('attaches, downloads and removes files for those who may edit', async () => {
    const id = await create('Pièces Jointes', 'SPE');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    const uploaded = await t
      .http()
      .post('/v1/cache/upload?type=files')
      .set(await as('SALE'))
      .attach('file', pdf, { filename: 'plaquette é.pdf', contentType: 'application/pdf' });
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.body._id as string;
    const attach = async (role: AccountRole, body: unknown = { fileId }) =>
      t
        .http()
        .post(`/v1/prospects/${id}/files`)
        .set(await as(role))
        .send(body as object);
    expect((await attach('OPERATOR')).status).toBe(403);
    expect((await attach('SALE', { fileId: UNKNOWN_ID })).status).toBe(400);
    expect((await attach('SALE', {})).body.errors).toEqual({ fileId: 'Obligatoire' });
    const attached = await attach('SALE');
    expect(attached.status).toBe(201);
    expect(attached.body).toEqual([
      expect.objectContaining({ _id: fileId, name: 'plaquette é.pdf', mime: 'application/pdf' }),
    ]);
    expect((await get(id)).body.files).toHaveLength(1);
    const download = await t
      .http()
      .get(`/v1/prospects/${id}/files/${fileId}`)
      .set(await as('SALE'));
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(
      (
        await t
          .http()
          .get(`/v1/prospects/${id}/files/${fileId}`)
          .set(await as('VENDOR'))
      ).status,
    ).toBe(403);
    const remove = async (role: AccountRole) =>
      t
        .http()
        .delete(`/v1/prospects/${id}/files/${fileId}`)
        .set(await as(role));
    expect((await remove('OPERATOR')).status).toBe(403);
    expect((await remove('SALE')).status).toBe(200);
    expect((await remove('SALE')).status).toBe(404);
    expect((await get(id)).body.files).toEqual([]);
  });

  it('takes comments on a prospect like on a file', async () => {
    const id = await create('Commentaires');
    const added = await t
      .http()
      .post(`/v1/comments/for/${id}`)
      .set(await as('SALE'))
      .send({ content: 'Rappeler la DRH lundi' });
    expect(added.status).toBe(201);
    const listed = await t
      .http()
      .get(`/v1/comments/for/${id}`)
      .set(await as('SALE'));
    expect(listed.body.map((c: { content: string }) => c.content)).toEqual([
      'Rappeler la DRH lundi',
    ]);
  });

  it('rebuilds the prospects read model from the log to the same prospects', async () => {
    const id = await create('Reconstruction');
    await put(id, { ...TO_CALL, currentProgress: 'toCall' }, 'ADMIN');
    const before = (await get(id)).body;
    const timeline = (
      await t
        .http()
        .get(`/v1/prospects/${id}/timeline`)
        .set(await as('ADMIN'))
    ).body;
    const projector = t.app.get(Projector);
    await projector.rebuild();
    await projector.start();
    expect((await get(id)).body).toEqual(before);
    expect(
      (
        await t
          .http()
          .get(`/v1/prospects/${id}/timeline`)
          .set(await as('ADMIN'))
      ).body,
    ).toEqual(timeline);
    expect((await put(id, { siret: '00000000000000' })).body.siret).toBe('00000000000000');
  });
});
