import { startTestApp, TestApp } from './support/test-app';

type HostRow = {
  _id: string;
  isActive: boolean;
  publish: boolean;
  photoUrlEstate: string[];
  addressObject: { city?: string; postcode?: string; lat?: number; lng?: number } | null;
  price: number | null;
  carrez: number | null;
  externalId: string | null;
  createdAt: string;
};

describe('the demo catalogue (issue 4 item 6): properties with photos, proposals and visits', () => {
  let t: TestApp;
  const as = async () => ({ Authorization: `Bearer ${await t.tokenOf('OPERATOR')}` });

  beforeAll(async () => {
    // How long the first start takes is the bench's business, not a timed assertion here.
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const search = async (body: object) =>
    t
      .http()
      .post('/v1/hosts/_search')
      .set(await as())
      .send(body);

  /** Every host, page by page (60 at most per page). */
  const allHosts = async (): Promise<HostRow[]> => {
    const out: HostRow[] = [];
    for (let offset = 0; ; offset += 60) {
      const page = await search({ offset, size: 60 });
      out.push(...(page.body as HostRow[]));
      if (out.length >= Number(page.headers['x-total-count'])) return out;
    }
  };

  it('seeds a few hundred properties, some inactive or unpublished, all in the past', async () => {
    const hosts = await allHosts();
    expect(hosts).toHaveLength(240);
    expect(hosts.filter((h) => !h.isActive).length).toBeGreaterThan(5);
    expect(hosts.filter((h) => !h.publish).length).toBeGreaterThan(5);
    expect(hosts.every((h) => Date.parse(h.createdAt) < Date.now() - 86400000)).toBe(true);
    const full = hosts.filter((h) => h.addressObject?.postcode && h.price && h.carrez);
    expect(full.length).toBeGreaterThan(200);
    expect(hosts.every((h) => /^https:\/\//.test(h.externalId ?? ''))).toBe(true);
    const inactive = await search({ isActive: false });
    expect(Number(inactive.headers['x-total-count'])).toBe(hosts.filter((h) => !h.isActive).length);
  });

  it('serves the photos of the catalogue as PNG images', async () => {
    const hosts = await allHosts();
    const photos = [...new Set(hosts.flatMap((h) => h.photoUrlEstate))];
    expect(hosts.filter((h) => h.photoUrlEstate.length).length).toBeGreaterThan(120);
    expect(photos.length).toBeGreaterThanOrEqual(6);
    for (const id of photos) {
      const image = await t.http().get(`/v1/cache/image/${id}.png`).responseType('blob');
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect((image.body as Buffer).readUInt32BE(16)).toBe(320); // IHDR width
    }
  });

  it('proposes properties to the projects of the later stages, with opinions and visits', async () => {
    const withPhotos = await allHosts();
    const proposals = [];
    for (const host of withPhotos) {
      const res = await t
        .http()
        .get(`/v1/proposals/host/${host._id}`)
        .set(await as());
      proposals.push(...(res.body as Record<string, unknown>[]));
    }
    expect(proposals.length).toBeGreaterThan(300);
    expect(proposals.every((p) => p._lease)).toBe(true);
    const visited = proposals.filter((p) => p.visited);
    expect(visited.length).toBeGreaterThan(50);
    expect(visited.some((p) => (p.visited as { author: string | null }).author === 'other')).toBe(
      true,
    );
    expect(proposals.filter((p) => p.visitCancelled).length).toBeGreaterThan(2);
    expect(proposals.filter((p) => p.position === 99).length).toBeGreaterThan(20);
    expect(proposals.filter((p) => p.position === 9999).length).toBeGreaterThan(10);
    expect(proposals.filter((p) => p.disabled).length).toBeGreaterThan(2);

    // A demo project with visits exports its PDFs.
    const project = (visited[0]._lease as { _id: string })._id;
    const pdf = await t
      .http()
      .get(`/v1/proposals/lease/${project}/pdf/proposals`)
      .set(await as())
      .responseType('blob');
    expect(pdf.status).toBe(200);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
