import { AccountRole, startTestApp, TestApp } from './support/test-app';

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/** A proposal as the lists answer it. */
type Row = {
  idSell: string;
  position: number;
  liked: string | null;
  _host: { _id: string };
  _lease: unknown;
  [key: string]: unknown;
};

const customer = (email: string) => ({
  email,
  firstName: 'Camille',
  lastName: 'Rousseau',
  phoneNumber: '0612345678',
  company: 'Airbus',
  contractType: 'Nouvel embauché en CDI',
  actualCity: 'Lyon',
  fromAddressObject: { label: 'Lyon', city: 'Lyon', postcode: '69001', lat: 45.764, lng: 4.8357 },
  assignees: { sale: 'SPE' },
});

const hostForm = {
  address: '10 Rue de la République 69001 Lyon',
  externalId: 'https://annonces.example.fr/123',
};

describe('proposals (§3 "Proposal", §4 "Proposals and visits", §7 "Proposals and hosts")', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });
  let mails = 0;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function createHost(): Promise<string> {
    const created = await t
      .http()
      .post('/v1/hosts')
      .set(await as('OPERATOR'))
      .send({});
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    const filled = await t
      .http()
      .put(`/v1/hosts/${id}`)
      .set(await as('OPERATOR'))
      .send(hostForm);
    expect(filled.status).toBe(200);
    return id;
  }

  async function createProject(): Promise<string> {
    mails += 1;
    const res = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send(customer(`proposition.${mails}@exemple.fr`));
    expect(res.status).toBe(201);
    return res.body._id as string;
  }

  async function propose(projectId: string, hostId: string, role: AccountRole = 'OPERATOR') {
    return t
      .http()
      .post(`/v1/proposals/lease/${projectId}/host/${hostId}`)
      .set(await as(role))
      .send({});
  }

  async function put(
    projectId: string,
    hostId: string,
    body: unknown,
    role: AccountRole = 'OPERATOR',
  ) {
    return t
      .http()
      .put(`/v1/proposals/lease/${projectId}/host/${hostId}`)
      .set(await as(role))
      .send(body as object);
  }

  async function byLease(projectId: string) {
    const res = await t
      .http()
      .get(`/v1/proposals/lease/${projectId}`)
      .set(await as('OPERATOR'));
    expect(res.status).toBe(200);
    return res.body as Row[];
  }

  async function proposed(): Promise<{ projectId: string; hostId: string }> {
    const [projectId, hostId] = [await createProject(), await createHost()];
    expect((await propose(projectId, hostId)).status).toBe(201);
    return { projectId, hostId };
  }

  it('proposes a host to a file; a second time is 409 with the French message', async () => {
    const projectId = await createProject();
    const hostId = await createHost();
    const res = await propose(projectId, hostId);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      idBuy: projectId,
      idSell: hostId,
      status: 'en_cours',
      disabled: false,
      position: 999,
      visited: null,
      _host: { _id: hostId, address: hostForm.address },
    });
    expect(res.body._id).toMatch(/^[0-9a-f]{24}$/);
    expect(res.body).not.toHaveProperty('revision');

    const dup = await propose(projectId, hostId, 'SALE');
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: 'Cette proposition existe déjà' });
    expect(await byLease(projectId)).toHaveLength(1);
  });

  it('two concurrent proposals of one pair: one is created, the other is 409', async () => {
    const projectId = await createProject();
    const hostId = await createHost();
    const answers = await Promise.all([propose(projectId, hostId), propose(projectId, hostId)]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await byLease(projectId)).toHaveLength(1);
  });

  it('answers 404 for an unknown host or project, 400 for malformed ids', async () => {
    const projectId = await createProject();
    const hostId = await createHost();
    const noHost = await propose(projectId, UNKNOWN_ID);
    expect(noHost.status).toBe(404);
    expect(noHost.body.message).toBe("Ce bien n'existe pas");
    expect((await propose(UNKNOWN_ID, hostId)).status).toBe(404);
    expect((await put(projectId, hostId, { status: 'en_cours' })).status).toBe(404);

    const headers = await as('OPERATOR');
    for (const res of [
      await propose('nope', hostId),
      await propose(projectId, 'nope'),
      await put('nope', hostId, { status: 'en_cours' }),
      await t.http().get('/v1/proposals/lease/nope').set(headers),
      await t.http().get('/v1/proposals/host/123').set(headers),
    ])
      expect(res.status).toBe(400);
    expect(await byLease(projectId)).toEqual([]);
  });

  it('lists a file proposals with their host, and a host proposals with their file', async () => {
    const projectId = await createProject();
    const [first, second] = [await createHost(), await createHost()];
    expect((await propose(projectId, first)).status).toBe(201);
    expect((await propose(projectId, second)).status).toBe(201);
    const otherProject = await createProject();
    expect((await propose(otherProject, first)).status).toBe(201);

    // Liked comes first (99), then by proposed date (999).
    expect((await put(projectId, second, { liked: true })).status).toBe(200);
    const list = await byLease(projectId);
    expect(list.map((p) => [p.idSell, p.position, p._host._id])).toEqual([
      [second, 99, second],
      [first, 999, first],
    ]);

    const res = await t
      .http()
      .get(`/v1/proposals/host/${first}`)
      .set(await as('SALE'));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const leases = (res.body as Row[]).map((p) => p._lease);
    expect(leases).toEqual(
      expect.arrayContaining([
        {
          _id: projectId,
          userId: expect.stringMatching(/@exemple\.fr$/),
          firstName: 'Camille',
          lastName: 'Rousseau',
        },
        expect.objectContaining({ _id: otherProject }),
      ]),
    );
  });

  it('likes then dislikes: the latest opinion decides the position', async () => {
    const { projectId, hostId } = await proposed();
    const liked = await put(projectId, hostId, { liked: true });
    expect(liked.status).toBe(200);
    expect(liked.body).toMatchObject({ position: 99, disliked: null });
    expect(typeof liked.body.liked).toBe('string');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const disliked = await put(projectId, hostId, { disliked: true });
    expect(disliked.status).toBe(200);
    expect(disliked.body).toMatchObject({ position: 9999, liked: null });
    expect((await byLease(projectId))[0].position).toBe(9999);
    const neither = await put(projectId, hostId, { disliked: false });
    expect(neither.body).toMatchObject({ position: 999, liked: null, disliked: null });
  });

  it('a denied_* status disables the proposal and another status enables it again', async () => {
    const { projectId, hostId } = await proposed();
    const denied = await put(projectId, hostId, { status: 'denied_no_match' });
    expect(denied.status).toBe(200);
    expect(denied.body).toMatchObject({ status: 'denied_no_match', disabled: true });
    const back = await put(projectId, hostId, { status: 'agence_rappel', disabled: false });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'agence_rappel', disabled: false });
    const folder = await put(projectId, hostId, { folderStatus: 'rejected_customer' });
    expect(folder.body).toMatchObject({
      folderStatus: 'rejected',
      status: 'denied_customer',
      disabled: true,
    });
  });

  it('records who brought the property; submitted and unknown owners are 400', async () => {
    const { projectId, hostId } = await proposed();
    const set = await put(projectId, hostId, { owner: 'customer' });
    expect(set.status).toBe(200);
    expect(set.body.owner).toBe('customer');
    for (const owner of ['submitted', 'boss']) {
      const bad = await put(projectId, hostId, { owner });
      expect(bad.status).toBe(400);
    }
    const cleared = await put(projectId, hostId, { owner: null });
    expect(cleared.body.owner).toBeNull();
  });

  it('plans a visit at a 5-minute step; any other minute is 400 and nothing is written', async () => {
    const { projectId, hostId } = await proposed();
    const bad = await put(projectId, hostId, {
      liked: true,
      visited: { dateVisite: '15/03/2027', time: '14:32', author: 'operator' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('time');
    const unchanged = (await byLease(projectId))[0];
    expect(unchanged).toMatchObject({ visited: null, liked: null, position: 999 });

    const ok = await put(projectId, hostId, {
      visited: {
        dateVisite: '15/03/2027',
        time: '14:30',
        author: 'other',
        authorOther: 'Marie',
        report: 'Très bien',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.visited).toEqual({
      dateVisite: '2027-03-15T13:30:00.000Z',
      author: 'other',
      authorOther: 'Marie',
      report: 'Très bien',
    });

    const cancelled = await put(projectId, hostId, {
      visitCancelled: true,
      visitCancelReason: 'agency',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      visitCancelled: true,
      visitCancelReason: 'agency',
      cancel: true,
    });
    expect((await put(projectId, hostId, { visitCancelled: true })).status).toBe(400);
  });

  it('records distances and comments; unknown fields are 400', async () => {
    const { projectId, hostId } = await proposed();
    const distances = await put(projectId, hostId, {
      distanceWalk: 1800,
      distanceTransport: 900,
      distanceCar: 600,
      lastGeocodingAddress: hostForm.address,
    });
    expect(distances.status).toBe(200);
    expect(distances.body).toMatchObject({ distanceWalk: 1800, distanceCar: 600 });
    const comment = await put(projectId, hostId, {
      comments: { comment: 'Rappeler lundi', owner: 'hil' },
    });
    expect(comment.status).toBe(200);
    expect(comment.body.comments).toEqual([
      expect.objectContaining({ comment: 'Rappeler lundi', owner: 'hil' }),
    ]);
    const unknown = await put(projectId, hostId, { status: 'en_cours', color: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('color');
    expect((await put(projectId, hostId, { status: 'bientot' })).status).toBe(400);
  });

  it('refuses a USER on every route', async () => {
    const { projectId, hostId } = await proposed();
    const headers = await as('USER');
    for (const res of [
      await t.http().get(`/v1/proposals/lease/${projectId}`).set(headers),
      await t.http().get(`/v1/proposals/host/${hostId}`).set(headers),
      await propose(projectId, hostId, 'USER'),
      await put(projectId, hostId, { liked: true }, 'USER'),
    ])
      expect(res.status).toBe(403);
    expect((await byLease(projectId))[0].liked).toBeNull();
  });
});
