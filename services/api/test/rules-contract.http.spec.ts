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
      const reason = 'Étape en avance sur le statut théorique : aucun dossier associé à ce prospect';
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
});
