import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

const REFUSED: AccountRole[] = ['OPERATOR', 'SALE', 'VENDOR'];
const BOOKKEEPING = ['revision', 'fieldRevisions', 'fieldAuthors', 'activeAlerts', 'deleted'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An instant strictly between the write that just answered and the next one. */
async function instantBetween(): Promise<string> {
  await sleep(5);
  const at = new Date().toISOString();
  await sleep(5);
  return at;
}

/** Canonical JSON written here, independently of the product: keys sorted, no spaces. */
function canonical(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sort(value));
}

/** Every field of the replayed aggregate equals the file the API answered after that edit. */
function expectSameFile(state: Record<string, unknown>, answered: Record<string, unknown>) {
  for (const [key, value] of Object.entries(state)) {
    if (BOOKKEEPING.includes(key)) continue;
    expect({ key, value: answered[key] ?? null }).toEqual({ key, value: value ?? null });
  }
}

describe('audit: history, state at an instant, export (issue 8)', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });
  const stream = (id: string) => `/v1/audit/streams/project-${id}`;

  let projectId = '';
  const versions: { at: string; body: Record<string, unknown> }[] = [];
  let beforeCreation = '';

  beforeAll(async () => {
    t = await startTestApp();
    beforeCreation = await instantBetween();
    const created = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send({
        email: 'audit.client@exemple.fr',
        firstName: 'Élodie',
        lastName: 'Garnier',
        phoneNumber: '0612345678',
        company: 'Airbus',
        contractType: 'Nouvel embauché en CDI',
        actualCity: 'Lyon',
        fromAddressObject: {
          label: 'Lyon',
          city: 'Lyon',
          postcode: '69001',
          lat: 45.764,
          lng: 4.8357,
        },
        assignees: { sale: 'SPE' },
      });
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
    projectId = created.body._id;
    const first = await t
      .http()
      .get(`/v1/lease/${projectId}`)
      .set(await as('SALE'));
    versions.push({ at: await instantBetween(), body: first.body });
    // Many edits by several people, some of the same field.
    const edits: [AccountRole, Record<string, unknown>][] = [
      ['OPERATOR', { job: 'Ingénieure' }],
      ['SALE', { nationality: 'Française', wage: 3200 }],
      ['ADMIN', { job: 'Architecte', g1LastName: 'Roux' }],
      ['SUPERADMIN', { budget: 950, nationality: 'Belge' }],
      ['OPERATOR', { wage: 3500, job: 'Cheffe de projet' }],
      ['ADMIN', { g1LastName: null, aboutYouAdmin: 'Cherche près du tram, « calme »' }],
    ];
    for (const [role, changes] of edits) {
      const revision = versions[versions.length - 1].body._revision;
      const res = await t
        .http()
        .put(`/v1/lease/${projectId}`)
        .set(await as(role))
        .send({ _revision: revision, ...changes });
      expect(res.status).toBe(200);
      versions.push({ at: await instantBetween(), body: res.body });
    }
  });
  afterAll(() => t.close());

  it('replays the project at instants between the edits: each intermediate version exactly', async () => {
    expect(versions).toHaveLength(7);
    for (const { at, body } of versions) {
      const res = await t
        .http()
        .get(`${stream(projectId)}/state`)
        .query({ at })
        .set(await as('ADMIN'));
      expect(res.status).toBe(200);
      expect(res.body.at).toBe(at);
      expect(res.body.revision).toBe(body._revision);
      expectSameFile(res.body.state, body);
      // …and nothing the file has is missing from the replay.
      for (const key of Object.keys(body))
        if (!['_revision', 'activeAlerts', 'contractualPending'].includes(key))
          expect(res.body.state).toHaveProperty(key);
    }
    // Spot checks, so a wrong replay cannot pass by symmetry.
    const states = await Promise.all(
      versions.map(
        async ({ at }) =>
          (
            await t
              .http()
              .get(`${stream(projectId)}/state`)
              .query({ at })
              .set(await as('SUPERADMIN'))
          ).body.state,
      ),
    );
    expect(states.map((s) => s.job)).toEqual([
      null,
      'Ingénieure',
      'Ingénieure',
      'Architecte',
      'Architecte',
      'Cheffe de projet',
      'Cheffe de projet',
    ]);
    expect(states.map((s) => s.g1LastName)).toEqual([
      null,
      null,
      null,
      'Roux',
      'Roux',
      'Roux',
      null,
    ]);
  });

  it('answers an explicit empty state before the first event, and groups labelled fields', async () => {
    const before = await t
      .http()
      .get(`${stream(projectId)}/state`)
      .query({ at: beforeCreation })
      .set(await as('ADMIN'));
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      stream: `project-${projectId}`,
      at: beforeCreation,
      revision: -1,
      state: null,
      groups: [],
    });
    const now = await t
      .http()
      .get(`${stream(projectId)}/state`)
      .query({ at: new Date(Date.now() + 60_000).toISOString() })
      .set(await as('ADMIN'));
    const garant = now.body.groups.find((g: { title: string }) => g.title === 'Garant 1');
    expect(garant.fields).toContainEqual({ field: 'g1LastName', label: 'Nom', value: null });
    expect(now.body.groups[0].title).toBe('Projet');
  });

  it('lists the events with actor, time, causation, chain and French field diffs', async () => {
    const res = await t
      .http()
      .get(stream(projectId))
      .set(await as('ADMIN'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      stream: `project-${projectId}`,
      aggregate: 'project',
      label: 'Projet',
    });
    const events = res.body.events;
    expect(events[0]).toMatchObject({
      revision: 0,
      type: 'ProjectCreated',
      label: 'Création du projet',
      actor: { trigram: 'SPE', role: 'SALE', name: 'Sophie Petit' },
    });
    expect(events.map((e: { revision: number }) => e.revision)).toEqual(
      events.map((_: unknown, i: number) => i),
    );
    const positions = events.map((e: { position: number }) => e.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const architect = events.find((e: { changes: { field: string; after: unknown }[] }) =>
      e.changes.some((c) => c.field === 'job' && c.after === 'Architecte'),
    );
    expect(architect).toMatchObject({
      type: 'ProjectFieldsChanged',
      label: 'Champs modifiés',
      actor: { trigram: 'CMA', role: 'ADMIN', name: 'Claire Martin' },
    });
    expect(architect.changes).toEqual(
      expect.arrayContaining([
        { field: 'job', label: 'Poste', before: 'Ingénieure', after: 'Architecte' },
        { field: 'g1LastName', label: 'Garant 1 : nom', before: null, after: 'Roux' },
      ]),
    );
    expect(architect.changes.map((c: { field: string }) => c.field)).not.toContain('revision');
    expect(architect.changes.map((c: { field: string }) => c.field)).not.toContain('fieldAuthors');
    expect(typeof architect.correlationId).toBe('string');
    expect(architect).toHaveProperty('causationId');
    expect(Date.parse(architect.createdAt)).not.toBeNaN();
    expect(architect.chain).toEqual({
      prev: expect.any(String),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    for (let i = 1; i < events.length; i++)
      expect(events[i].chain.prev).toBe(events[i - 1].chain.hash);
  });

  it('refuses every non-admin role (403) and an anonymous call (401)', async () => {
    const at = new Date().toISOString();
    for (const role of REFUSED) {
      for (const path of [
        stream(projectId),
        `${stream(projectId)}/state?at=${at}`,
        `${stream(projectId)}/export?format=json`,
      ]) {
        const res = await t
          .http()
          .get(path)
          .set(await as(role));
        expect({ role, path, status: res.status }).toEqual({ role, path, status: 403 });
      }
    }
    expect((await t.http().get(stream(projectId))).status).toBe(401);
  });

  it('answers 400 on a malformed stream, instant or format, and 404 on an unknown stream', async () => {
    const admin = await as('ADMIN');
    for (const name of ['pas%20un%20flux', 'Project-1', 'nothing-123', 'project-'])
      expect((await t.http().get(`/v1/audit/streams/${name}`).set(admin)).status).toBe(400);
    for (const at of ['hier', '2026-11-23', '2026-13-45T10:00:00Z', ''])
      expect(
        (
          await t
            .http()
            .get(`${stream(projectId)}/state`)
            .query({ at })
            .set(admin)
        ).status,
      ).toBe(400);
    expect(
      (
        await t
          .http()
          .get(`${stream(projectId)}/state`)
          .set(admin)
      ).status,
    ).toBe(400);
    expect(
      (
        await t
          .http()
          .get(`${stream(projectId)}/export?format=xml`)
          .set(admin)
      ).status,
    ).toBe(400);
    const missing = await t.http().get(stream('0123456789abcdef01234567')).set(admin);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Flux introuvable');
  });

  it('exports the history as JSON whose hash chain checks outside the product', async () => {
    const res = await t
      .http()
      .get(`${stream(projectId)}/export?format=json`)
      .set(await as('SUPERADMIN'))
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(`historique-project-${projectId}.json`);
    const body = JSON.parse(res.body as string);
    expect(body.events).toHaveLength(7);
    let prev: string | null = null;
    for (const event of body.events) {
      const { chain, ...metadata } = event.metadata;
      expect(chain.prev).toBe(prev);
      const hashed = canonical({
        id: event.id,
        streamId: event.streamId,
        revision: event.revision,
        type: event.type,
        data: event.data,
        metadata,
      });
      const hash = createHash('sha256')
        .update(`${prev ?? ''}\n${hashed}`)
        .digest('hex');
      expect(hash).toBe(chain.hash);
      expect(event.chainCheck).toBe('ok');
      prev = chain.hash;
    }
  });

  it('exports the history as a PDF', async () => {
    const res = await t
      .http()
      .get(`${stream(projectId)}/export?format=pdf`)
      .set(await as('ADMIN'))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`historique-project-${projectId}.pdf`);
    const pdf = await PDFDocument.load(res.body as Buffer);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe(`Historique - project-${projectId}`);
    if (process.env.AUDIT_PDF_OUT) writeFileSync(process.env.AUDIT_PDF_OUT, res.body);
  });

  it('replays a prospect the same way', async () => {
    const created = await t
      .http()
      .post('/v1/prospects')
      .set(await as('SALE'))
      .send({ name: 'Audit Industries', assignees: { sale: 'SPE' } });
    expect(created.status).toBe(201);
    const id = created.body._id;
    const first = await t
      .http()
      .get(`/v1/prospects/${id}`)
      .set(await as('ADMIN'));
    const versions = [{ at: await instantBetween(), body: first.body }];
    const edits: [AccountRole, Record<string, unknown>][] = [
      ['SALE', { actionsDone: 'Appel du DRH' }],
      ['ADMIN', { employeesCount: '50-250', actionsDone: 'Appel du DRH, puis mail' }],
      ['SUPERADMIN', { companyContactName: 'Amélie Roy' }],
    ];
    for (const [role, changes] of edits) {
      const res = await t
        .http()
        .put(`/v1/prospects/${id}`)
        .set(await as(role))
        .send({ _revision: versions[versions.length - 1].body._revision, ...changes });
      expect(res.status).toBe(200);
      versions.push({ at: await instantBetween(), body: res.body });
    }
    for (const { at, body } of versions) {
      const res = await t
        .http()
        .get(`/v1/audit/streams/prospect-${id}/state`)
        .query({ at })
        .set(await as('ADMIN'));
      expect(res.status).toBe(200);
      expect(res.body.revision).toBe(body._revision);
      expectSameFile(res.body.state, body);
    }
    const history = await t
      .http()
      .get(`/v1/audit/streams/prospect-${id}`)
      .set(await as('ADMIN'));
    expect(history.body.events[0].label).toBe('Création du prospect');
    expect(history.body.events.flatMap((e: { changes: unknown[] }) => e.changes)).toContainEqual({
      field: 'actionsDone',
      label: 'Actions réalisées',
      before: 'Appel du DRH',
      after: 'Appel du DRH, puis mail',
    });
  });

  it('never shows a password hash, in the history, the state or the export', async () => {
    const users = await t
      .http()
      .post('/v1/users')
      .set(await as('SUPERADMIN'))
      .send({});
    const list = (Array.isArray(users.body) ? users.body : users.body.users) as {
      _id?: string;
      id?: string;
      email: string;
    }[];
    const claire = list.find((u) => u.email === 'claire.martin@reloc.fr')!;
    const userStream = `/v1/audit/streams/user-${claire._id ?? claire.id}`;
    const admin = await as('SUPERADMIN');
    const at = new Date(Date.now() + 60_000).toISOString();
    for (const path of [
      userStream,
      `${userStream}/state?at=${at}`,
      `${userStream}/export?format=json`,
    ]) {
      const res = await t.http().get(path).set(admin).buffer(true);
      expect(res.status).toBe(200);
      const text = res.text || JSON.stringify(res.body);
      expect(text).not.toMatch(/\$2[aby]\$/);
      expect(text).toContain('••••••');
    }
  });
});
