import { Projector } from '../src/infrastructure/projector';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

const STAFF: AccountRole[] = ['SUPERADMIN', 'ADMIN', 'OPERATOR', 'SALE', 'VENDOR'];
const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/** The add dialog's form (§5 "Hosts"). */
const form = (overrides: Record<string, unknown> = {}) => ({
  address: '10 Rue de la République 69001 Lyon',
  addressObject: {
    label: '10 Rue de la République 69001 Lyon',
    route: 'Rue de la République',
    housenumber: '10',
    city: 'Lyon',
  },
  externalId: 'https://annonces.example.fr/123',
  carrez: 42,
  numberOfRoom: 2,
  price: 850,
  description: 'Lumineux, proche du métro',
  contactName: 'Agence du Rhône',
  contactPhoneNumber: '04 72 00 00 00',
  contactEmail: 'agence@example.fr',
  ...overrides,
});

describe('hosts (§3 "Host", §5 "Hosts", §7 "Proposals and hosts")', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function createEmpty(role: AccountRole = 'OPERATOR'): Promise<string> {
    const res = await t
      .http()
      .post('/v1/hosts')
      .set(await as(role))
      .send({});
    expect(res.status).toBe(201);
    expect(res.body._id).toMatch(/^[0-9a-f]{24}$/);
    return res.body._id as string;
  }

  async function put(id: string, body: unknown, role: AccountRole = 'OPERATOR') {
    return t
      .http()
      .put(`/v1/hosts/${id}`)
      .set(await as(role))
      .send(body as object);
  }

  async function get(id: string, role: AccountRole = 'OPERATOR') {
    return t
      .http()
      .get(`/v1/hosts/${id}`)
      .set(await as(role));
  }

  async function search(body: Record<string, unknown>, role: AccountRole = 'OPERATOR') {
    return t
      .http()
      .post('/v1/hosts/_search')
      .set(await as(role))
      .send(body);
  }

  async function createFilled(overrides: Record<string, unknown> = {}): Promise<string> {
    const id = await createEmpty();
    const res = await put(id, form(overrides));
    expect(res.status).toBe(200);
    return id;
  }

  it('creates an empty host, fills it with the form and reads it back', async () => {
    const before = Date.now();
    const id = await createEmpty();
    const empty = await get(id);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      _id: id,
      address: null,
      numberOfRoom: -1,
      photoUrlEstate: [],
      isActive: true,
      publish: true,
      warnings: [
        "L'adresse exacte du bien n'a pas été saisie",
        'Pas de géolocalisation (adresse invalide ?)',
      ],
    });
    // The creation date is read from the id (to the second).
    expect(Math.abs(Date.parse(empty.body.createdAt) - before)).toBeLessThan(5000);
    expect(empty.body).not.toHaveProperty('revision');

    const saved = await put(id, form({ price: '900,5', description: '  Calme  ' }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      ...form(),
      _id: id,
      price: 900.5,
      description: 'Calme',
      createdAt: empty.body.createdAt,
      warnings: ['Pas de géolocalisation (adresse invalide ?)'],
    });
    expect(typeof saved.body.lastUpdateDate).toBe('string');

    const read = await get(id, 'SALE');
    expect(read.status).toBe(200);
    expect(read.body).toEqual(saved.body);
  });

  it('syncs the whole host back: server-owned and computed keys are ignored', async () => {
    const id = await createFilled();
    const current = (await get(id)).body;
    const res = await put(id, {
      ...current,
      __v: 3,
      preciseAddress: 'ailleurs',
      preciseAddressObject: { label: 'ailleurs' },
      userId: 'someone@example.fr',
      contactName: 'Agence Part-Dieu',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, contactName: 'Agence Part-Dieu' });
    expect(res.body).not.toHaveProperty('preciseAddress');
    expect(res.body).not.toHaveProperty('__v');
    expect(res.body).not.toHaveProperty('userId');
  });

  it.each([
    ['the address missing', { address: '' }, 'address', 'Obligatoire'],
    [
      'an externalId that is not a URL',
      { externalId: 'annonce 123' },
      'externalId',
      'Doit être une URL valide.',
    ],
    ['rooms not an integer', { numberOfRoom: 2.5 }, 'numberOfRoom', 'Doit être un nombre entier'],
    [
      'a bad e-mail',
      { contactEmail: 'agence.fr' },
      'contactEmail',
      'Doit être une adresse e-mail valide.',
    ],
    ['an unknown field', { color: 'bleu' }, 'color', 'Champ inconnu'],
    ['a field of the wrong type', { isActive: 'oui' }, 'isActive', 'Invalide'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_, change, field, message) => {
    const id = await createFilled();
    const before = (await get(id)).body;
    const res = await put(id, { ...form(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Requête invalide');
    expect(res.body.errors[field]).toContain(message);
    expect((await get(id)).body).toEqual(before);
  });

  it('refuses the form on an empty host without an address, writing nothing', async () => {
    const id = await createEmpty();
    const before = (await get(id)).body;
    const { address: _address, ...withoutAddress } = form();
    const res = await put(id, withoutAddress);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ address: 'Obligatoire' });
    expect((await get(id)).body).toEqual(before);
  });

  it("answers 404 'Ce bien n'existe pas' for an unknown host", async () => {
    const read = await get(UNKNOWN_ID);
    expect(read.status).toBe(404);
    expect(read.body.message).toBe("Ce bien n'existe pas");
    const write = await put(UNKNOWN_ID, form());
    expect(write.status).toBe(404);
    expect(write.body.message).toBe("Ce bien n'existe pas");
    // Nothing was created by the refused write.
    expect((await get(UNKNOWN_ID)).status).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    for (const res of [
      await get('nope'),
      await put('nope', form()),
      await get('ABC' + '0'.repeat(21)),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ id: 'Invalide' });
    }
  });

  it('searches by address, description, contact, listing link and id, newest first', async () => {
    const tag = `tag${Date.now().toString(36)}`;
    const first = await createFilled({ description: `Premier ${tag}` });
    const second = await createFilled({
      description: `Deuxième ${tag}`,
      contactName: 'Élodie Marchand',
      contactEmail: 'elodie@immo-exemple.fr',
      contactPhoneNumber: '06 11 22 33 44',
      externalId: 'https://annonces.example.fr/zx-4242',
      address: '3 Place Bellecour 69002 Lyon',
    });
    const ids = async (input: string) =>
      (await search({ input })).body.map((h: { _id: string }) => h._id);

    expect(await ids(tag)).toEqual([second, first]);
    expect(await ids(`${tag} elodie`)).toEqual([second]);
    expect(await ids('ÉLODIE marchand')).toContain(second);
    expect(await ids('elodie@immo-exemple')).toEqual([second]);
    expect(await ids('0611223344')).toEqual([second]);
    expect(await ids('zx-4242')).toEqual([second]);
    expect(await ids('place bellecour')).toEqual([second]);
    expect(await ids(second)).toEqual([second]);
    expect(await ids(`${tag} 100%_`)).toEqual([]);
  });

  it('pages 60 at a time with the total in x-total-count, and filters on isActive', async () => {
    const tag = `page${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createFilled({ description: `Lot ${tag} ${i}` }));
    const inactive = ids[1];
    expect((await put(inactive, { isActive: false })).status).toBe(200);
    const newestFirst = [...ids].reverse();

    const page1 = await search({ input: tag, offset: 0, size: 2 });
    expect(page1.status).toBe(200);
    expect(page1.headers['x-total-count']).toBe('5');
    expect(page1.headers['access-control-expose-headers']).toContain('x-total-count');
    expect(page1.body.map((h: { _id: string }) => h._id)).toEqual(newestFirst.slice(0, 2));
    expect(page1.body[0]).toHaveProperty('createdAt');
    expect(page1.body[0]).toHaveProperty('warnings');
    const page3 = await search({ input: tag, offset: 4, size: 2 });
    expect(page3.body.map((h: { _id: string }) => h._id)).toEqual(newestFirst.slice(4));
    expect(page3.headers['x-total-count']).toBe('5');

    const active = await search({ input: tag, isActive: true });
    expect(active.headers['x-total-count']).toBe('4');
    expect(active.body.map((h: { _id: string }) => h._id)).not.toContain(inactive);
    const notActive = await search({ input: tag, isActive: false });
    expect(notActive.headers['x-total-count']).toBe('1');
    expect(notActive.body.map((h: { _id: string }) => h._id)).toEqual([inactive]);
    const all = await search({ input: tag, isActive: null });
    expect(all.headers['x-total-count']).toBe('5');

    // Without a size, a page of at most 60.
    const whole = await search({});
    expect(whole.status).toBe(200);
    expect(Number(whole.headers['x-total-count'])).toBeGreaterThanOrEqual(5);
    expect(whole.body.length).toBeLessThanOrEqual(60);
    expect(whole.body.length).toBe(Math.min(60, Number(whole.headers['x-total-count'])));
  });

  it('refuses a bad search body with French field errors', async () => {
    const res = await search({ offset: -1, size: 61, input: 'x'.repeat(201), isActive: 'oui' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      offset: 'Doit être supérieur ou égal à 0',
      size: 'Doit être inférieur ou égal à 60',
      input: 'Ne peut pas contenir plus de 200 caractères.',
      isActive: expect.stringContaining('Invalide'),
    });
    const fraction = await search({ offset: 1.5 });
    expect(fraction.status).toBe(400);
    expect(fraction.body.errors).toEqual({ offset: 'Doit être un nombre entier' });
    const extra = await search({ page: 2 });
    expect(extra.body.errors).toEqual({ page: 'Champ inconnu' });
  });

  it.each(STAFF)('lets %s create, read, edit and search hosts', async (role) => {
    const id = await createEmpty(role);
    expect((await put(id, form(), role)).status).toBe(200);
    expect((await get(id, role)).status).toBe(200);
    expect((await search({ input: id }, role)).body).toHaveLength(1);
  });

  it('refuses a USER (403) on every hosts route', async () => {
    const id = await createFilled();
    const headers = await as('USER');
    const calls = [
      t.http().post('/v1/hosts').set(headers).send({}),
      t.http().get(`/v1/hosts/${id}`).set(headers),
      t.http().put(`/v1/hosts/${id}`).set(headers).send({ description: 'x' }),
      t.http().post('/v1/hosts/_search').set(headers).send({}),
    ];
    for (const call of calls) expect((await call).status).toBe(403);
    expect((await get(id)).body.description).toBe(form().description);
  });

  it('creates a host from an empty or absent body only', async () => {
    const headers = await as('OPERATOR');
    expect((await t.http().post('/v1/hosts').set(headers)).status).toBe(201);
    const extra = await t.http().post('/v1/hosts').set(headers).send({ address: 'Lyon' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual({ address: 'Champ inconnu' });
  });

  it('rebuilds the hosts read model from the log to the same hosts', async () => {
    const id = await createFilled({ description: 'Avant reconstruction' });
    expect((await put(id, { isActive: false })).status).toBe(200);
    const before = (await get(id)).body;
    const projector = t.app.get(Projector);
    await projector.rebuild();
    await projector.start();
    expect((await get(id)).body).toEqual(before);
    expect((await search({ input: 'avant reconstruction', isActive: false })).body).toEqual([
      before,
    ]);
    // Still followed live after the rebuild.
    expect((await put(id, { isActive: true })).body.isActive).toBe(true);
  });

  it('refuses a call without a token (401)', async () => {
    expect((await t.http().post('/v1/hosts/_search').send({})).status).toBe(401);
  });
});
