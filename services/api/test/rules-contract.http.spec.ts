import type Database from 'better-sqlite3';
import { currentFilterYear } from '@reloc/domain';
import { loadConfig } from '../src/config';
import { READ_DB } from '../src/infrastructure/tokens';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

/** Issue 15: server-side rules for prospects, announcements, properties and the contract. */
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
  potentialNewHiL: 8,
};

describe('rules and contract (issue 15)', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function createProspect(name: string) {
    const res = await t
      .http()
      .post('/v1/prospects')
      .set(await as('SALE'))
      .send({ name, assignees: { sale: 'SPE' } });
    expect(res.status).toBe(201);
    return res.body._id as string;
  }
  const getProspect = async (id: string) =>
    t
      .http()
      .get(`/v1/prospects/${id}`)
      .set(await as('SUPERADMIN'));
  async function putProspect(id: string, body: Record<string, unknown>, role: AccountRole) {
    const _revision = (await getProspect(id)).body._revision as number;
    return t
      .http()
      .put(`/v1/prospects/${id}`)
      .set(await as(role))
      .send({ _revision, ...body });
  }

  describe('point 8: only the superadmin picks a prospect stage directly', () => {
    it('refuses an admin or a sale moving back; the superadmin may', async () => {
      const id = await createProspect('Retour Arrière');
      await putProspect(id, { ...TO_CALL, ...FIRST_CONTACT, ...INVOLVED }, 'SALE');
      await putProspect(id, { demoDate: '2026-01-12' }, 'SALE');
      for (const stage of ['toCall', 'firstContact', 'pitched', 'involved'])
        expect((await putProspect(id, { currentProgress: stage }, 'ADMIN')).status).toBe(200);

      const back = await putProspect(id, { currentProgress: 'toCall' }, 'ADMIN');
      expect(back.status).toBe(400);
      expect(back.body.errors).toEqual({
        currentProgress: "Seul le super admin peut choisir directement l'étape",
      });
      expect((await putProspect(id, { currentProgress: 'new' }, 'SALE')).status).toBe(400);

      // 'Next stage' ahead of the theoretical status (no client file): refused with why.
      const page = (await getProspect(id)).body;
      const reason =
        'Étape en avance sur le statut théorique : aucun dossier associé à ce prospect';
      expect(page.nextStage).toMatchObject({ stage: 'testing', enabled: false, reason });
      const ahead = await putProspect(id, { currentProgress: 'testing' }, 'SALE');
      expect(ahead.status).toBe(400);
      expect(ahead.body).toMatchObject({ message: reason, errors: { currentProgress: reason } });
      expect((await getProspect(id)).body.currentProgress).toBe('involved');

      const picked = await putProspect(id, { currentProgress: 'toCall' }, 'SUPERADMIN');
      expect(picked.status).toBe(200);
      expect(picked.body.currentProgress).toBe('toCall');
    });
  });
  let seq = 0;
  async function createAnnouncement(overrides: Record<string, unknown> = {}) {
    const res = await t
      .http()
      .post('/v1/announcements')
      .set(await as('SALE'))
      .send({
        title: 'Cherche studio à Lyon',
        url: 'https://annonces.exemple.fr/b2c/regles',
        address: '10 Rue de la République 69001 Lyon',
        description: 'Alternant, budget 600 €',
        saleTrigram: 'SPE',
        contactName: 'Marie Martin',
        contactEmail: `regles.${++seq}.${Date.now()}@exemple.fr`,
        ...overrides,
      });
    expect(res.status).toBe(201);
    return res.body as { _id: string };
  }
  const putAnnouncement = async (id: string, body: object) =>
    t
      .http()
      .put(`/v1/announcements/${id}`)
      .set(await as('SALE'))
      .send(body);
  const getAnnouncement = async (id: string) =>
    t
      .http()
      .get(`/v1/announcements/${id}`)
      .set(await as('SALE'));
  const convert = async (id: string) =>
    t
      .http()
      .post(`/v1/announcements/${id}/convert`)
      .set(await as('SALE'));

  describe("point 9: an announcement's status and link agree", () => {
    it('refuses ok without a linked project', async () => {
      const a = await createAnnouncement();
      const res = await putAnnouncement(a._id, { currentProgress: 'ok' });
      expect(res.status).toBe(400);
      expect(res.body.errors.currentProgress).toBe(
        'Le statut Projet demande un projet lié : utilisez « Convertir en projet »',
      );
      expect((await getAnnouncement(a._id)).body.currentProgress).toBe('prospect');
    });

    it('keeps a converted announcement from going back to prospect, toCallback or waiting', async () => {
      const a = await createAnnouncement();
      expect((await convert(a._id)).status).toBe(201);
      for (const status of ['prospect', 'toCallback', 'waiting']) {
        const res = await putAnnouncement(a._id, { currentProgress: status });
        expect(res.status).toBe(400);
        expect(res.body.errors.currentProgress).toBe(
          'Une annonce convertie en projet ne revient pas à Prospect, À rappeler ou En attente',
        );
      }
      expect((await getAnnouncement(a._id)).body.currentProgress).toBe('ok');
    });

    it('refuses to convert a stopped announcement, writing no client file', async () => {
      const a = await createAnnouncement();
      const stop = await putAnnouncement(a._id, {
        currentProgress: 'stopped',
        stopReason: 'Injoignable',
      });
      expect(stop.status).toBe(200);
      const res = await convert(a._id);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Une annonce abandonnée ne peut pas être convertie en projet');
      expect((await getAnnouncement(a._id)).body).toMatchObject({
        currentProgress: 'stopped',
        projectId: null,
      });
    });
  });

  describe('point 20: converting carries the description and address into the project', () => {
    it('shows them on the client file', async () => {
      const a = await createAnnouncement({ description: 'Studio meublé près de la gare' });
      const { projectId } = (await convert(a._id)).body;
      const project = await t
        .http()
        .get(`/v1/lease/${projectId}`)
        .set(await as('SALE'));
      expect(project.status).toBe(200);
      expect(project.body).toMatchObject({
        descEstate: 'Studio meublé près de la gare',
        futurNeighborhood: '10 Rue de la République 69001 Lyon',
      });
    });
  });
  describe('point 10: property minimums hold on every write path (POST then PUT)', () => {
    const hostForm = (overrides: Record<string, unknown> = {}) => ({
      address: '10 Rue de la République 69001 Lyon',
      addressObject: { label: '10 Rue de la République 69001 Lyon', route: 'Rue de la République' },
      externalId: 'https://annonces.example.fr/123',
      carrez: 42,
      numberOfRoom: 2,
      price: 850,
      contactEmail: 'agence@example.fr',
      ...overrides,
    });
    async function addHost(body: Record<string, unknown>) {
      const created = await t
        .http()
        .post('/v1/hosts')
        .set(await as('OPERATOR'))
        .send({});
      expect(created.status).toBe(201);
      const id = created.body._id as string;
      return {
        id,
        res: await t
          .http()
          .put(`/v1/hosts/${id}`)
          .set(await as('OPERATOR'))
          .send(body),
      };
    }

    it.each([
      ['a price of -5', { price: -5 }, 'price', 'Doit être supérieur ou égal à 1'],
      ['0 m²', { carrez: 0 }, 'carrez', 'Doit être supérieur ou égal à 1'],
      ['0 rooms', { numberOfRoom: 0 }, 'numberOfRoom', 'Doit être supérieur ou égal à 1'],
      ['11 rooms', { numberOfRoom: 11 }, 'numberOfRoom', 'Doit être inférieur ou égal à 10'],
      [
        'an externalId not a URL',
        { externalId: 'annonce' },
        'externalId',
        'Doit être une URL valide.',
      ],
      [
        'a bad e-mail',
        { contactEmail: 'agence' },
        'contactEmail',
        'Doit être une adresse e-mail valide.',
      ],
    ])('refuses %s, storing nothing', async (_, change, field, message) => {
      const { id, res } = await addHost(hostForm(change));
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(message);
      const stored = await t
        .http()
        .get(`/v1/hosts/${id}`)
        .set(await as('OPERATOR'));
      expect(stored.body).toMatchObject({ address: null, price: null });
    });

    it('takes -1 rooms as unknown, and the minimums themselves', async () => {
      const { res } = await addHost(hostForm({ numberOfRoom: -1, carrez: 1, price: 1 }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ numberOfRoom: -1, carrez: 1, price: 1 });
    });
  });
  describe('point 11: PUT takes the changed fields only; _revision is an optional guard', () => {
    async function createLease() {
      const res = await t
        .http()
        .post('/v1/leads')
        .set(await as('OPERATOR'))
        .send({ email: `revision.${Date.now()}.${++seq}@exemple.fr` });
      expect(res.status).toBe(201);
      return res.body.projectId as string;
    }
    const lease = async (id: string) =>
      t
        .http()
        .get(`/v1/lease/${id}`)
        .set(await as('OPERATOR'));
    const putLease = async (id: string, body: object, role: AccountRole = 'OPERATOR') =>
      t
        .http()
        .put(`/v1/lease/${id}`)
        .set(await as(role))
        .send(body);

    it('PUT /lease/{id} without _revision applies to the latest state, losing no other edit', async () => {
      const id = await createLease();
      const start = (await lease(id)).body._revision as number;
      expect((await putLease(id, { _revision: start, job: 'Ingénieure' }, 'SALE')).status).toBe(
        200,
      );
      // The spec's body: changed fields only.
      const res = await putLease(id, { nationality: 'Française' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ job: 'Ingénieure', nationality: 'Française' });
      // Without the guard the same field takes the latest value; with it, 409 and the current one.
      expect((await putLease(id, { job: 'Technicienne' })).body.job).toBe('Technicienne');
      const conflict = await putLease(id, { _revision: start, job: 'Architecte' }, 'SALE');
      expect(conflict.status).toBe(409);
      expect(conflict.body.current).toEqual({ job: 'Technicienne' });
      expect((await lease(id)).body).toMatchObject({
        job: 'Technicienne',
        nationality: 'Française',
      });
    });

    it('PUT /prospects/{id} without _revision applies to the latest state, losing no other edit', async () => {
      const id = await createProspect('Sans Révision');
      const start = (await getProspect(id)).body._revision as number;
      const first = await t
        .http()
        .put(`/v1/prospects/${id}`)
        .set(await as('SALE'))
        .send({ _revision: start, address: '2 rue de Lyon' });
      expect(first.status).toBe(200);
      const res = await t
        .http()
        .put(`/v1/prospects/${id}`)
        .set(await as('ADMIN'))
        .send({ siret: '12345678900012' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ address: '2 rue de Lyon', siret: '12345678900012' });
      const conflict = await t
        .http()
        .put(`/v1/prospects/${id}`)
        .set(await as('ADMIN'))
        .send({ _revision: start, address: '3 rue de Paris' });
      expect(conflict.status).toBe(409);
      expect(conflict.body.current).toEqual({ address: '2 rue de Lyon' });
    });
  });
  describe('point 12: the year filter runs from 2017 to the current year, from the clock', () => {
    const leases = async (year: unknown) =>
      t
        .http()
        .post('/v1/leases')
        .set(await as('OPERATOR'))
        .send({ offset: 0, size: 10, filter: 'all', year });

    it("takes this year's files and refuses what is outside 2017..now", async () => {
      const year = currentFilterYear();
      expect(year).toBeGreaterThanOrEqual(2026);
      const now = await leases(year);
      expect(now.status).toBe(200);
      const old = await leases(2017);
      expect(old.status).toBe(200);
      const before = await leases(2016);
      expect(before.status).toBe(400);
      expect(before.body.errors.year).toBe('Doit être supérieur ou égal à 2017');
      const after = await leases(year + 1);
      expect(after.status).toBe(400);
      expect(after.body.errors.year).toBe(`Doit être inférieur ou égal à ${year}`);
    });
  });
  describe('point 13: login checks what the console checks', () => {
    const login = (body: object) => t.http().post('/v1/login-partner').send(body);

    it('answers 400 to a password under 8 characters, with the spec message', async () => {
      const res = await login({ email: 'claire.martin@reloc.fr', password: 'court' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ password: 'Doit contenir au minimum 8 caractères.' });
    });

    it('refuses to start with a superadmin password the login would refuse', () => {
      expect(() =>
        loadConfig({ RELOC_DATA_DIR: t.config.dataDir, RELOC_ADMIN_PASSWORD: 'court' }),
      ).toThrow('RELOC_ADMIN_PASSWORD must have at least 8 characters');
    });

    it("answers 'Obligatoire' to an empty e-mail", async () => {
      const res = await login({ email: '', password: 'Motdepasse-Long' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ email: 'Obligatoire' });
      const bad = await login({ email: 'claire', password: 'Motdepasse-Long' });
      expect(bad.body.errors).toEqual({ email: 'Doit être une adresse e-mail valide.' });
    });
  });
  describe('point 14: generic messages name the rule that failed', () => {
    it.each([
      ['/v1/notifications?page=-1', 'page', 'Doit être supérieur ou égal à 0'],
      ['/v1/notifications?page=abc', 'page', 'Doit être un nombre entier'],
      ['/v1/billing?page=-1', 'page', 'Doit être supérieur ou égal à 0'],
      ['/v1/announcements?offset=-1', 'offset', 'Doit être supérieur ou égal à 0'],
      ['/v1/announcements?size=abc', 'size', 'Doit être un nombre entier'],
    ])('GET %s says what is wrong with %s', async (path, field, message) => {
      const res = await t
        .http()
        .get(path)
        .set(await as('SUPERADMIN'));
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    });
  });
  describe('point 26: each demo event carries its own backdated time', () => {
    const today = new Date().toISOString().slice(0, 10);

    it("the demo files' timelines and the audit's state at an instant show a history", async () => {
      const board = await t
        .http()
        .post('/v1/leases')
        .set(await as('SUPERADMIN'))
        .send({ filter: 'all', size: 200, progress: 'signed' });
      expect(board.status).toBe(200);
      const file = board.body.leases.find(
        (lease: { createdAt: string }) => lease.createdAt.slice(0, 10) < today,
      ) as { _id: string; createdAt: string };
      expect(file).toBeDefined();

      const timeline = await t
        .http()
        .get(`/v1/timeline/for/${file._id}`)
        .set(await as('SUPERADMIN'));
      const days = new Set(timeline.body.map((item: { date: string }) => item.date.slice(0, 10)));
      expect(days.size).toBeGreaterThan(2);
      const creation = timeline.body.find((item: { type: string }) => item.type === 'CREATION');
      expect(creation.date).toBe(file.createdAt);

      // Right after its creation the file existed, at its first stage.
      const after = new Date(Date.parse(file.createdAt) + 60_000).toISOString();
      const state = await t
        .http()
        .get(`/v1/audit/streams/project-${file._id}/state`)
        .query({ at: after })
        .set(await as('SUPERADMIN'));
      expect(state.status).toBe(200);
      expect(state.body.revision).toBeGreaterThanOrEqual(0);
      expect(state.body.state.currentProgress).toBe('projectCreated');

      const history = await t
        .http()
        .get(`/v1/audit/streams/project-${file._id}`)
        .set(await as('SUPERADMIN'));
      expect(history.body.events[0].createdAt).toBe(file.createdAt);
    });

    it("a demo file's times never go back along its stream (the chosen property included)", async () => {
      const board = await t
        .http()
        .post('/v1/leases')
        .set(await as('SUPERADMIN'))
        .send({ filter: 'all', size: 200, progress: 'signed' });
      const files = board.body.leases as { _id: string }[];
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const history = await t
          .http()
          .get(`/v1/audit/streams/project-${file._id}`)
          .set(await as('SUPERADMIN'));
        const events = history.body.events as { type: string; createdAt: string }[];
        expect(events.some((event) => event.type === 'ProjectEstateChosen')).toBe(true);
        const backwards = events.filter(
          (event, i) => i > 0 && event.createdAt < events[i - 1].createdAt,
        );
        expect({ file: file._id, backwards }).toEqual({ file: file._id, backwards: [] });
      }
    });

    it('the demo files linked to a company were linked back then, not on the seed day', async () => {
      const db = t.app.get<Database.Database>(READ_DB);
      const linked = db
        .prepare('SELECT id FROM project_board WHERE company_id IS NOT NULL')
        .pluck()
        .all() as string[];
      expect(linked.length).toBeGreaterThan(0);
      for (const id of linked) {
        const timeline = await t
          .http()
          .get(`/v1/timeline/for/${id}`)
          .set(await as('SUPERADMIN'));
        const dates = timeline.body.map((item: { date: string }) => item.date.slice(0, 10));
        expect({ id, today: dates.filter((date: string) => date >= today) }).toEqual({
          id,
          today: [],
        });
      }
    });

    it("the demo announcements' events are dated when they happened", async () => {
      const list = await t
        .http()
        .get('/v1/announcements')
        .set(await as('SUPERADMIN'));
      const stopped = list.body.find(
        (a: { currentProgress: string; createdAt: string }) =>
          a.currentProgress === 'stopped' && a.createdAt.slice(0, 10) < today,
      ) as { _id: string; createdAt: string };
      expect(stopped).toBeDefined();
      const history = await t
        .http()
        .get(`/v1/audit/streams/announcement-${stopped._id}`)
        .set(await as('SUPERADMIN'));
      const times = history.body.events.map((event: { createdAt: string }) => event.createdAt);
      expect(times[0].slice(0, 10)).toBe(stopped.createdAt.slice(0, 10));
      expect(times[0].slice(0, 10) < today).toBe(true);
      expect(times[1] > times[0]).toBe(true);
    });
  });
});
