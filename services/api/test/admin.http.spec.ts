import { projectDecider } from '@reloc/domain';
import { CommandExecutor } from '../src/infrastructure/command-executor';
import { AccountRole, ACCOUNTS, startTestApp, TestApp } from './support/test-app';

const NOT_SUPERADMIN: AccountRole[] = ['ADMIN', 'OPERATOR', 'SALE', 'VENDOR', 'USER'];
const NOT_ADMIN: AccountRole[] = ['OPERATOR', 'SALE', 'VENDOR', 'USER'];

const customer = (email: string, assignees: Record<string, string>) => ({
  email,
  firstName: 'Camille',
  lastName: 'Rousseau',
  phoneNumber: '0612345678',
  company: 'Airbus',
  contractType: 'Nouvel embauché en CDI',
  actualCity: 'Lyon',
  fromAddressObject: { label: 'Lyon', city: 'Lyon', postcode: '69001', lat: 45.764, lng: 4.8357 },
  assignees,
});

describe('admin page calls (§2 "Admin page", §4 "Users", §7)', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function createFile(email: string, assignees: Record<string, string>) {
    const res = await t
      .http()
      .post('/v1/customer')
      .set(await as('SUPERADMIN'))
      .send(customer(email, assignees));
    expect(res.status).toBe(201);
    return res.body._id as string;
  }

  describe('deactivation hands the files over', () => {
    it('moves every project slot and prospect slot to the replacement, as events on each file', async () => {
      const fileId = await createFile('handover@exemple.fr', {
        lead: 'NMO',
        sale: 'SPE',
        reloc: 'NMO',
      });
      const prospect = await t
        .http()
        .post('/v1/prospects')
        .set(await as('SUPERADMIN'))
        .send({ name: 'Entreprise Handover', assignees: { sale: 'NMO' } });
      expect(prospect.status).toBe(201);
      const res = await t
        .http()
        .put('/v1/partner/nicolas.moreau@reloc.fr/deactivate')
        .set(await as('SUPERADMIN'))
        .send({ replaceBy: 'CDU' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'ok', replacedBy: 'CDU' });
      expect(res.body.files).toBeGreaterThanOrEqual(2);

      const file = await t
        .http()
        .get(`/v1/lease/${fileId}`)
        .set(await as('SUPERADMIN'));
      expect(file.body.assignees).toMatchObject({ lead: 'CDU', sale: 'SPE', reloc: 'CDU' });
      const timeline = await t
        .http()
        .get(`/v1/timeline/for/${fileId}`)
        .set(await as('SUPERADMIN'));
      const labels = JSON.stringify(timeline.body);
      expect(labels).toContain('NMO');
      expect(labels).toContain('CDU');

      const list = await t
        .http()
        .post('/v1/users')
        .set(await as('SUPERADMIN'))
        .send({ search: 'camille.durand' });
      expect(list.body[0].projectsCount).toBeGreaterThanOrEqual(1);
      const p = await t
        .http()
        .get(`/v1/prospects/${prospect.body._id}`)
        .set(await as('SUPERADMIN'));
      expect(p.body.assignees.sale).toBe('CDU');

      const leases = await t
        .http()
        .post('/v1/leases')
        .set(await as('SUPERADMIN'))
        .send({ filter: 'all', size: 200, offset: 0 });
      const stillNmo = JSON.stringify(leases.body.leases).includes('"NMO"');
      expect(stillNmo).toBe(false);
      const inactive = await t
        .http()
        .get('/v1/user/inactiveStaff')
        .set(await as('ADMIN'));
      expect(
        inactive.body.files.filter((row: { trigram: string }) => row.trigram === 'NMO'),
      ).toEqual([]);
    });

    it('refuses a missing, inactive or self replacement and a superadmin, writing nothing', async () => {
      const fileId = await createFile('nohandover@exemple.fr', { reloc: 'CDU' });
      for (const [email, replaceBy] of [
        ['camille.durand@reloc.fr', ''],
        ['camille.durand@reloc.fr', 'AFO'],
        ['camille.durand@reloc.fr', 'ZZZ'],
        [ACCOUNTS.SUPERADMIN, 'CDU'],
      ]) {
        const res = await t
          .http()
          .put(`/v1/partner/${email}/deactivate`)
          .set(await as('SUPERADMIN'))
          .send({ replaceBy });
        expect(res.status).toBe(400);
        expect(typeof res.body.message).toBe('string');
      }
      const file = await t
        .http()
        .get(`/v1/lease/${fileId}`)
        .set(await as('SUPERADMIN'));
      expect(file.body.assignees.reloc).toBe('CDU');
      const staff = await t
        .http()
        .get('/v1/partner/staff')
        .set(await as('SUPERADMIN'));
      expect(staff.body.map((s: { trigram: string }) => s.trigram)).toContain('CDU');
    });
  });

  describe('GET /v1/user/inactiveStaff', () => {
    it('lists the slots still held by deactivated staff, with links', async () => {
      const fileId = await createFile('inactive@exemple.fr', { sale: 'SPE' });
      // A deactivated member can no longer be assigned (issue 15): the slot is an old one,
      // written while AFO was still active.
      const refused = await t
        .http()
        .post(`/v1/lease/${fileId}`)
        .set(await as('SUPERADMIN'))
        .send({ assignees: { reloc: 'AFO' } });
      expect(refused.status).toBe(400);
      await t.app.get(CommandExecutor).execute(
        `project-${fileId}`,
        projectDecider,
        {
          type: 'AssignRole',
          role: 'reloc',
          trigram: 'AFO',
          activeStaff: ['AFO'],
          actor: { id: 'old', role: 'SUPERADMIN', trigram: null },
          at: '2025-01-01T00:00:00.000Z',
        },
        { actor: { id: 'old', role: 'SUPERADMIN', trigram: null } },
      );
      const res = await t
        .http()
        .get('/v1/user/inactiveStaff?page=0&pageSize=100')
        .set(await as('SUPERADMIN'));
      expect(res.status).toBe(200);
      expect(res.body.files).toContainEqual(
        expect.objectContaining({
          trigram: 'AFO',
          userRole: 'OPERATOR',
          role: 'reloc',
          kind: 'project',
          _id: fileId,
          name: 'Camille Rousseau',
          href: `/project/${fileId}`,
        }),
      );
      expect(res.body.total).toBeGreaterThanOrEqual(1);
    });

    it('answers 400 in French for a bad page size', async () => {
      const res = await t
        .http()
        .get('/v1/user/inactiveStaff?pageSize=50')
        .set(await as('SUPERADMIN'));
      expect(res.status).toBe(400);
      expect(res.body.errors.pageSize).toBe('Invalide');
    });

    it.each(NOT_ADMIN)('refuses %s', async (role) => {
      const res = await t
        .http()
        .get('/v1/user/inactiveStaff')
        .set(await as(role));
      expect(res.status).toBe(403);
    });
  });

  describe('GET /v1/contracts', () => {
    it('gives the contract types with their labels to staff', async () => {
      const res = await t
        .http()
        .get('/v1/contracts')
        .set(await as('OPERATOR'));
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(7);
      expect(res.body[0]).toEqual({ value: 'Alternant', label: 'Alternant' });
    });
    it('refuses USER', async () => {
      const res = await t
        .http()
        .get('/v1/contracts')
        .set(await as('USER'));
      expect(res.status).toBe(403);
    });
  });

  describe('POST /v1/addMasterPassword', () => {
    it('enables a one-time password on a client account and on a project client, audited', async () => {
      const res = await t
        .http()
        .post('/v1/addMasterPassword')
        .set(await as('SUPERADMIN'))
        .send({ target: ACCOUNTS.USER });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'ok', email: ACCOUNTS.USER });
      expect(res.body.password).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now());

      const fileId = await createFile('master@exemple.fr', { sale: 'SPE' });
      const byProject = await t
        .http()
        .post('/v1/addMasterPassword')
        .set(await as('SUPERADMIN'))
        .send({ target: fileId });
      expect(byProject.status).toBe(200);
      expect(byProject.body.email).toBe('master@exemple.fr');
      const byUserId = await t
        .http()
        .post('/v1/addMasterPassword')
        .set(await as('SUPERADMIN'))
        .send({ target: 'MASTER@exemple.fr' });
      expect(byUserId.status).toBe(200);

      const audit = await t
        .http()
        .get('/v1/admin/audit')
        .set(await as('SUPERADMIN'));
      const masters = audit.body.filter((a: { type: string }) => a.type === 'masterPassword');
      expect(masters.map((a: { target: string }) => a.target)).toEqual(
        expect.arrayContaining([ACCOUNTS.USER, 'master@exemple.fr']),
      );
      expect(JSON.stringify(audit.body)).not.toContain(res.body.password);
    });

    it('answers 400 for a bad body or a staff account, 404 for an unknown target', async () => {
      const empty = await t
        .http()
        .post('/v1/addMasterPassword')
        .set(await as('SUPERADMIN'))
        .send({});
      expect(empty.status).toBe(400);
      expect(empty.body.errors.target).toBe('Obligatoire');
      const staff = await t
        .http()
        .post('/v1/addMasterPassword')
        .set(await as('SUPERADMIN'))
        .send({ target: ACCOUNTS.OPERATOR });
      expect(staff.status).toBe(400);
      expect(staff.body.message).toBe('Le mot de passe maître ne concerne que les comptes clients');
      const unknown = await t
        .http()
        .post('/v1/addMasterPassword')
        .set(await as('SUPERADMIN'))
        .send({ target: 'personne@nulle-part.fr' });
      expect(unknown.status).toBe(404);
    });

    it.each(NOT_SUPERADMIN)('refuses %s', async (role) => {
      const res = await t
        .http()
        .post('/v1/addMasterPassword')
        .set(await as(role))
        .send({ target: ACCOUNTS.USER });
      expect(res.status).toBe(403);
    });
  });

  describe("POST /v1/admin/impersonate ('Incarner')", () => {
    it('issues a session of the target and records who impersonated whom, when', async () => {
      const res = await t
        .http()
        .post('/v1/admin/impersonate')
        .set(await as('SUPERADMIN'))
        .send({ email: ACCOUNTS.SALE });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email: ACCOUNTS.SALE, role: 'SALE' });
      const status = await t
        .http()
        .get('/v1/status.json')
        .set({ Authorization: `Bearer ${res.body.token}` });
      expect(status.body).toMatchObject({ isLogged: true, role: 'SALE' });
      const refused = await t
        .http()
        .post('/v1/users')
        .set({ Authorization: `Bearer ${res.body.token}` })
        .send({});
      expect(refused.status).toBe(403);
      const audit = await t
        .http()
        .get('/v1/admin/audit')
        .set(await as('SUPERADMIN'));
      expect(audit.body).toContainEqual(
        expect.objectContaining({
          type: 'impersonation',
          by: ACCOUNTS.SUPERADMIN,
          target: ACCOUNTS.SALE,
        }),
      );
    });

    it('answers 400 for a bad e-mail, a client or a deactivated account, writing nothing', async () => {
      const before = await t
        .http()
        .get('/v1/admin/audit')
        .set(await as('SUPERADMIN'));
      for (const email of ['pas-un-email', ACCOUNTS.USER, ACCOUNTS.DEACTIVATED]) {
        const res = await t
          .http()
          .post('/v1/admin/impersonate')
          .set(await as('SUPERADMIN'))
          .send({ email });
        expect(res.status).toBe(400);
        expect(res.body.token).toBeUndefined();
      }
      const after = await t
        .http()
        .get('/v1/admin/audit')
        .set(await as('SUPERADMIN'));
      expect(after.body).toHaveLength(before.body.length);
    });

    it.each(NOT_SUPERADMIN)('refuses %s', async (role) => {
      const res = await t
        .http()
        .post('/v1/admin/impersonate')
        .set(await as(role))
        .send({ email: ACCOUNTS.OPERATOR });
      expect(res.status).toBe(403);
      const audit = await t
        .http()
        .get('/v1/admin/audit')
        .set(await as(role));
      expect(audit.status).toBe(403);
    });
  });

  describe('GET /v1/reports/companies', () => {
    it('downloads a real spreadsheet of the companies and their files over the range', async () => {
      const res = await t
        .http()
        .get('/v1/reports/companies?startDate=2020-01-01&endDate=2030-12-31&version=4')
        .set(await as('ADMIN'))
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('2020-01-01_2030-12-31-companies.xlsx');
      const bytes = res.body as Buffer;
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      const text = bytes.toString('utf8');
      expect(text).toContain('xl/worksheets/sheet1.xml');
      expect(text).toContain('Dossiers envoyés à AL');
      expect(text).toContain('Airbus');
    });

    it('answers 400 in French for a bad date or version', async () => {
      const bad = await t
        .http()
        .get('/v1/reports/companies?startDate=demain')
        .set(await as('ADMIN'));
      expect(bad.status).toBe(400);
      expect(bad.body.errors.startDate).toBeDefined();
      const version = await t
        .http()
        .get('/v1/reports/companies?version=3')
        .set(await as('ADMIN'));
      expect(version.status).toBe(400);
    });

    it.each(NOT_ADMIN)('refuses %s', async (role) => {
      const res = await t
        .http()
        .get('/v1/reports/companies')
        .set(await as(role));
      expect(res.status).toBe(403);
    });
  });
});
