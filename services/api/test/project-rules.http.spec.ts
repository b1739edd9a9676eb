import { PDFDocument, StandardFonts } from 'pdf-lib';
import { proposalFixtures } from './support/proposal-fixtures';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

/** Server-side rules of the client file (issue 15): each answers before anything is written. */
describe('project rules (issue 15)', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });
  let n = 0;
  /** The files this suite created (the demo's are the others). */
  const created = new Set<string>();

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A nearly empty file, as an operator creates it. */
  async function create(role: AccountRole = 'OPERATOR', extra: Record<string, unknown> = {}) {
    n += 1;
    const res = await t
      .http()
      .post('/v1/customer')
      .set(await as(role))
      .send({
        email: `regle.${n}@exemple.fr`,
        firstName: 'Camille',
        lastName: 'Rousseau',
        company: 'Airbus',
        actualCity: 'Lyon',
        fromAddressObject: { label: 'Lyon', city: 'Lyon', lat: 45.764, lng: 4.8357 },
        ...extra,
      });
    expect(res.status).toBe(201);
    created.add(res.body._id as string);
    return res.body._id as string;
  }
  const change = async (id: string, role: AccountRole, body: Record<string, unknown>) =>
    t
      .http()
      .post(`/v1/lease/${id}`)
      .set(await as(role))
      .send(body);
  const read = async (id: string) =>
    (
      await t
        .http()
        .get(`/v1/lease/${id}`)
        .set(await as('SUPERADMIN'))
    ).body;

  describe('point 1: the completeness gate cannot be jumped', () => {
    it("refuses an operator's jump past toAssign with 'Dossier incomplet' and the missing fields", async () => {
      const id = await create();
      for (const stage of ['researchStarted', 'caseAccepted', 'sentToAL']) {
        const res = await change(id, 'OPERATOR', { currentProgress: stage });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Dossier incomplet');
        expect(res.body.errors).toMatchObject({ civility: 'Civilité', companySiret: 'SIRET' });
      }
      expect((await read(id)).currentProgress).toBe('projectCreated');
      // The stages before toAssign stay open.
      expect((await change(id, 'OPERATOR', { currentProgress: 'toCall' })).status).toBe(200);
    });

    it('lets the super admin place the file anywhere, the history naming what was bypassed', async () => {
      const id = await create();
      const res = await change(id, 'SUPERADMIN', { currentProgress: 'submittedToHil' });
      expect(res.status).toBe(200);
      expect(res.body.currentProgress).toBe('submittedToHil');
      const history = await t
        .http()
        .get(`/v1/audit/streams/project-${id}`)
        .set(await as('SUPERADMIN'));
      expect(history.status).toBe(200);
      expect(JSON.stringify(history.body)).toContain('Étapes forcées par le super admin');
    });
  });

  it("point 1: the demo's files are complete for their stage, so staff can move them on", async () => {
    const tiles = await t
      .http()
      .post('/v1/leases')
      .set(await as('SUPERADMIN'))
      .send({ filter: 'active', progress: 'researchStarted', size: 5 });
    const tile = (tiles.body.leases as { _id: string; assignees: { reloc: string } }[])[0];
    const res = await change(tile._id, 'OPERATOR', { currentProgress: 'caseAccepted' });
    expect({ status: res.status, errors: res.body.errors }).toEqual({
      status: 200,
      errors: undefined,
    });
  });

  it("point 1: the demo's files from awaitingSignature on have a chosen property and their documents, so a consultant carries them on", async () => {
    const demoFile = async (progress: string) => {
      const tiles = await t
        .http()
        .post('/v1/leases')
        .set(await as('SUPERADMIN'))
        .send({ filter: 'active', progress, size: 50 });
      const tile = (tiles.body.leases as { _id: string }[]).find(({ _id }) => !created.has(_id));
      expect(tile).toBeDefined();
      return (tile as { _id: string })._id;
    };
    for (const progress of ['awaitingSignature', 'signed', 'submittedToHil', 'paid']) {
      const id = await demoFile(progress);
      const file = await read(id);
      const proposed = await t
        .http()
        .get(`/v1/proposals/lease/${id}`)
        .set(await as('SUPERADMIN'));
      expect(file.chosenEstate).toEqual(expect.any(String));
      expect((proposed.body as { idSell: string }[]).map((p) => p.idSell)).toContain(
        file.chosenEstate,
      );
    }
    // submittedToHil → sentToAL by an operator, sentToAL → relanceAL by an admin: the
    // completeness gate and canSubmit hold without the superadmin.
    const ready = await demoFile('submittedToHil');
    const sent = await change(ready, 'OPERATOR', { currentProgress: 'sentToAL' });
    expect({ status: sent.status, errors: sent.body.errors }).toEqual({
      status: 200,
      errors: undefined,
    });
    const atAl = await demoFile('sentToAL');
    const reminded = await change(atAl, 'ADMIN', { currentProgress: 'relanceAL' });
    expect({ status: reminded.status, errors: reminded.body.errors }).toEqual({
      status: 200,
      errors: undefined,
    });
  });

  it('point 2: refuses a stage change into visitScheduled, a read-only column', async () => {
    const id = await create();
    await change(id, 'SUPERADMIN', { currentProgress: 'researchStarted' });
    for (const role of ['OPERATOR', 'ADMIN', 'SUPERADMIN'] as const) {
      const res = await change(id, role, { currentProgress: 'visitScheduled' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Impossible d'affecter à cette colonne");
    }
    expect((await read(id)).currentProgress).toBe('researchStarted');
  });

  it('point 18: a VENDOR with no role on a file does not change its stage', async () => {
    const id = await create();
    const res = await change(id, 'VENDOR', { currentProgress: 'toCall' });
    expect(res.status).toBe(403);
    expect((await read(id)).currentProgress).toBe('projectCreated');
    // Holding a role on it (the demo vendor is TRO), he may.
    expect((await change(id, 'SUPERADMIN', { assignees: { lead: 'TRO' } })).status).toBe(200);
    expect((await change(id, 'VENDOR', { currentProgress: 'toCall' })).status).toBe(200);
  });

  it('point 3: every staff role takes only an active staff trigram', async () => {
    const id = await create();
    for (const [role, trigram] of [
      ['reloc', 'AFO'],
      ['lead', 'ZZZ'],
      ['sale', 'AFO'],
      ['dispatcher', 'ZZZ'],
      ['alsender', 'AFO'],
    ]) {
      const res = await change(id, 'ADMIN', { assignees: { [role]: trigram } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ [`assignees.${role}`]: 'Invalide' });
    }
    const file = await read(id);
    expect(file.assignees).toMatchObject({ reloc: null, lead: null, alsender: null });
    expect((await change(id, 'ADMIN', { assignees: { reloc: 'JBE' } })).status).toBe(200);
    // The creation payload too.
    const created = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send({
        email: 'fantome@exemple.fr',
        firstName: 'Paul',
        lastName: 'Fantôme',
        company: 'Airbus',
        actualCity: 'Lyon',
        fromAddressObject: { label: 'Lyon', lat: 45.76, lng: 4.83 },
        assignees: { sale: 'AFO' },
      });
    expect(created.status).toBe(400);
    expect(created.body.errors).toMatchObject({ 'assignees.sale': 'Invalide' });
  });

  it('point 4: at or after sentToAL only admins change anything on the file', async () => {
    const f = proposalFixtures(t);
    const id = await create();
    const host = await f.createHost({ address: '5 Rue de la République 69001 Lyon' });
    const other = await f.createHost({ address: '6 Rue de la République 69001 Lyon' });
    await f.propose(id, host);
    expect((await change(id, 'SUPERADMIN', { currentProgress: 'sentToAL' })).status).toBe(200);
    const attempts: [string, string, object][] = [
      ['post', `/v1/proposals/lease/${id}/host/${other}`, {}],
      ['put', `/v1/proposals/lease/${id}/host/${host}`, { status: 'agence_rappel' }],
      [
        'put',
        `/v1/proposals/lease/${id}/host/${host}`,
        { visited: { dateVisite: '12/03/2026', time: '10:00', author: 'operator' } },
      ],
      ['post', `/v1/documents/for/${id}`, { name: 'Dossier bis', type: 'folder' }],
      ['post', `/v1/lease/${id}`, { stopped: true, abortMotivation: 'unresponsive' }],
      ['post', `/v1/lease/${id}`, { liftAlert: { alert: 'noNews', days: 7, reason: 'Congés' } }],
    ];
    for (const role of ['OPERATOR', 'SALE', 'VENDOR'] as const)
      for (const [method, path, body] of attempts) {
        const res = await (method === 'post' ? t.http().post(path) : t.http().put(path))
          .set(await as(role))
          .send(body);
        expect({ role, path, body, status: res.status, message: res.body.message }).toEqual({
          role,
          path,
          body,
          status: 403,
          message: "Le dossier n'est plus modifiable",
        });
      }
    const proposals = await t
      .http()
      .get(`/v1/proposals/lease/${id}`)
      .set(await as('ADMIN'));
    expect(proposals.body).toHaveLength(1);
    expect(proposals.body[0].status).toBe('en_cours');
    expect((await read(id)).stopped).toBe(false);
    // An admin still may; then restarting is refused to an operator too.
    for (const [method, path, body] of attempts) {
      const res = await (method === 'post' ? t.http().post(path) : t.http().put(path))
        .set(await as('ADMIN'))
        .send(body);
      expect({ path, status: res.status }).toEqual({
        path,
        status: res.status < 300 ? res.status : 200,
      });
    }
    expect((await read(id)).stopped).toBe(true);
    const restart = await change(id, 'OPERATOR', { stopped: false });
    expect(restart.status).toBe(403);
    expect((await change(id, 'ADMIN', { stopped: false })).status).toBe(200);
  });

  it('point 5: the final property must be one proposed on this file', async () => {
    const f = proposalFixtures(t);
    const id = await create();
    const proposed = await f.createHost({ address: '7 Rue de la République 69001 Lyon' });
    const elsewhere = await f.createHost({ address: '8 Rue de la République 69001 Lyon' });
    await f.propose(id, proposed);
    const refused = await change(id, 'OPERATOR', { chosenEstate: elsewhere });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      chosenEstate: "Ce bien n'a pas été proposé sur ce dossier",
    });
    const put = await t
      .http()
      .put(`/v1/lease/${id}`)
      .set(await as('OPERATOR'))
      .send({ _revision: (await read(id))._revision, chosenEstate: '6740a1b2c3d4e5f60123ffff' });
    expect(put.status).toBe(400);
    expect((await read(id)).chosenEstate).toBeNull();
    const chosen = await change(id, 'OPERATOR', { chosenEstate: proposed });
    expect(chosen.status).toBe(200);
    expect(chosen.body.chosenEstate).toBe(proposed);
    expect((await change(id, 'OPERATOR', { chosenEstate: null })).status).toBe(200);
  });

  it('point 6: abandoning records the motivation as a sales comment; an unknown reason is refused', async () => {
    const id = await create();
    const refused = await change(id, 'OPERATOR', { stopped: true, abortMotivation: 'ennui' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ abortMotivation: 'Invalide' });
    const missing = await change(id, 'OPERATOR', { stopped: true });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ abortMotivation: 'Obligatoire' });
    expect((await read(id)).stopped).toBe(false);
    const comments = async () =>
      (
        await t
          .http()
          .get(`/v1/comments/for/${id}`)
          .set(await as('SALE'))
      ).body as { content: string; visibility: string; author: string }[];
    expect(await comments()).toEqual([]);
    const stopped = await change(id, 'OPERATOR', {
      stopped: true,
      abortMotivation: 'unresponsive',
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ stopped: true, abortMotivation: 'unresponsive' });
    expect(await comments()).toEqual([
      expect.objectContaining({
        content: 'Dossier abandonné : Ne répond plus',
        visibility: 'sales',
        author: 'JBE',
      }),
    ]);
    // The same abandon sent again writes no second comment.
    await change(id, 'OPERATOR', { stopped: true, abortMotivation: 'unresponsive' });
    expect(await comments()).toHaveLength(1);
  });

  it("point 7: service and alert names take only the spec's values", async () => {
    const id = await create();
    const service = await change(id, 'OPERATOR', {
      service: { name: 'voyageSurMars', done: true },
    });
    expect(service.status).toBe(400);
    expect(service.body.errors).toEqual({ name: 'Invalide' });
    const alert = await change(id, 'OPERATOR', {
      liftAlert: { alert: 'nimporteQuoi', days: 7, reason: 'Rappelé' },
    });
    expect(alert.status).toBe(400);
    expect(alert.body.errors).toEqual({ alert: 'Invalide' });
    const file = await read(id);
    expect(file.services).toEqual([]);
    expect(file.alertsSkipped).toEqual({});
    expect(
      (await change(id, 'OPERATOR', { service: { name: 'movingQuote', done: true } })).status,
    ).toBe(200);
    expect(
      (await change(id, 'OPERATOR', { liftAlert: { alert: 'noNews', days: 7, reason: 'Rappelé' } }))
        .status,
    ).toBe(200);
  });

  it("point 16: the file's record lists its signatures, and the signed PDF is among its documents", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([595.28, 841.89]).drawText("Lettre d'engagement", { x: 50, y: 780, font });
    const template = await t
      .http()
      .post('/v1/signature-templates')
      .set(await as('ADMIN'))
      .field('name', 'Engagement')
      .field('step', 'engagement')
      .field('hasCoRequester', 'false')
      .attach('file', Buffer.from(await doc.save()), 'modele.pdf');
    expect(template.status).toBe(201);
    const id = await create();
    const requested = await t
      .http()
      .post(`/v1/signatures/${id}`)
      .set(await as('ADMIN'))
      .send({ step: 'engagement' });
    expect(requested.status).toBe(201);
    const open = await read(id);
    expect(open.signatures).toEqual([
      expect.objectContaining({
        _id: requested.body._id,
        step: 'engagement',
        status: 'OPEN',
        transactionId: requested.body.transactionId,
      }),
    ]);
    const signUrl = new URL(requested.body.instances[0].signUrl, 'http://x').pathname;
    const signed = await t.http().post(signUrl).type('form').send({ consent: 'on' });
    expect(signed.status).toBe(200);
    const poll = async <T>(get: () => Promise<T>, ok: (value: T) => boolean): Promise<T> => {
      for (let i = 0; i < 300; i++) {
        const value = await get();
        if (ok(value)) return value;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('timed out');
    };
    const archived = await poll(
      () => read(id),
      (file) => file.signatures[0]?.status === 'ARCHIVED',
    );
    expect(archived.signatures[0].signedAt).not.toBeNull();
    type Doc = { _id: string; title: string; type: string; driveId: { mime: string }[] };
    const documents = await poll(
      async () =>
        (
          await t
            .http()
            .get(`/v1/documents/for/${id}`)
            .set(await as('OPERATOR'))
        ).body as Doc[],
      (list) => list.some((d) => d.title === "Lettre d'engagement (signé)" && d.driveId.length > 0),
    );
    const filed = documents.filter((d) => d.title === "Lettre d'engagement (signé)");
    expect(filed).toHaveLength(1);
    expect(filed[0].driveId).toEqual([expect.objectContaining({ mime: 'application/pdf' })]);
    const download = await t
      .http()
      .get(`/v1/documents/for/${id}/document/${filed[0]._id}?format=pdf`)
      .set(await as('OPERATOR'))
      .buffer(true);
    expect(download.status).toBe(200);
    expect((download.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('point 17: the contractual distance and time come with the addresses, as a believable estimate', async () => {
    const id = await create('OPERATOR', {
      actualCity: 'Paris',
      fromAddressObject: { label: 'Paris', city: 'Paris', lat: 48.8566, lng: 2.3522 },
    });
    const before = await read(id);
    expect(before.contractualDistance ?? null).toBeNull();
    expect(before.contractualPending).toBe(false);
    const res = await t
      .http()
      .put(`/v1/lease/${id}`)
      .set(await as('OPERATOR'))
      .send({
        _revision: before._revision,
        addressWork: '10 rue de la République, Lyon',
        addressWorkObject: { label: '10 rue de la République, Lyon', lat: 45.764, lng: 4.8357 },
      });
    expect(res.status).toBe(200);
    // The answer itself carries them: no reload needed.
    expect(res.body.contractualPending).toBe(false);
    expect(res.body.contractualEstimate).toBe(true);
    expect(res.body.contractualDistance / 1000).toBeGreaterThan(430);
    expect(res.body.contractualDistance / 1000).toBeLessThan(500);
    expect(res.body.contractualTime / 3600).toBeGreaterThan(2.5);
    expect(res.body.contractualTime / 3600).toBeLessThan(5);
    expect((await read(id)).contractualTime).toBe(res.body.contractualTime);
  });
});
