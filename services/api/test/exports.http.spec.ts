import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Canvas } from '@reloc/pdf';
import { proposalFixtures } from './support/proposal-fixtures';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('PDF exports (§5 "Exports", §9: 5 descriptions per page, contact phone)', () => {
  let t: TestApp;
  let f: ReturnType<typeof proposalFixtures>;
  let dir: string;
  let projectId: string;

  const pdftotext = (bytes: Buffer, page?: number) => {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, bytes);
    const range = page ? ['-f', String(page), '-l', String(page)] : [];
    return execFileSync('/usr/bin/pdftotext', ['-layout', ...range, file, '-'], {
      encoding: 'utf8',
    });
  };
  /** The page count, read by poppler's pdfinfo. */
  const pages = async (bytes: Buffer) => {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, bytes);
    const info = execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  };
  const download = async (path: string, role: AccountRole = 'OPERATOR') =>
    t
      .http()
      .get(path)
      .set(await f.as(role))
      .responseType('blob');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-exports-'));
    t = await startTestApp({ RELOC_CONTACT_PHONE: '04 78 00 11 22' });
    f = proposalFixtures(t);
    projectId = await f.createProject('Zoé', 'Lefèvre');
    const photo = new Canvas(160, 120, [170, 210, 235])
      .rect(30, 50, 100, 60, [225, 200, 160])
      .roof(25, 50, 110, 30, [160, 70, 50])
      .png();
    const uploaded = await t
      .http()
      .post('/v1/cache/upload?type=image')
      .set(await f.as('OPERATOR'))
      .attach('file', photo, 'facade.png');
    const photoId = uploaded.body._id as string;

    const host = (n: number, extra: Record<string, unknown> = {}) =>
      f.createHost({
        address: `${n} rue Victor Hugo 69002 Lyon`,
        price: 700 + n,
        carrez: 30 + n,
        numberOfRoom: 1 + (n % 4),
        dateAvailable: '15/01/2027',
        description: `Bien numéro ${n} : séjour lumineux, cuisine équipée, proche métro (charges 80 €).`,
        ...(n % 2 ? { photoUrlEstate: [photoId] } : {}),
        ...extra,
      });
    // Seven exportable, planned on 1..7 January 2027 at 10:00 (visit date for the visits PDF).
    for (let n = 1; n <= 7; n++) {
      const id = await host(n);
      await f.propose(projectId, id);
      await f.update(projectId, id, {
        visited: { dateVisite: `0${n}/01/2027`, time: '10:00', author: 'operator' },
        ...(n <= 3 ? { liked: true } : {}),
      });
    }
    // Exportable but without a visit: in the proposals PDF only.
    const noVisit = await host(8, { address: 'SANSVISITE 8 rue Victor Hugo 69002 Lyon' });
    await f.propose(projectId, noVisit);
    // Planned then undated? A visit always has a date once planned: cancelled by HIL stays in.
    const cancelledByHil = await host(9, { address: 'ANNULEEHIL 9 rue Victor Hugo 69002 Lyon' });
    await f.propose(projectId, cancelledByHil);
    await f.update(projectId, cancelledByHil, {
      visited: { dateVisite: '09/01/2027', time: '10:00' },
    });
    await f.update(projectId, cancelledByHil, { visitCancelled: true, visitCancelReason: 'hil' });
    // Left out of both.
    const leftOut: [string, Record<string, unknown>, object[]][] = [
      ['DESACTIVEE', {}, [{ disabled: true }]],
      ['INACTIF', { isActive: false }, []],
      ['NONPUBLIE', { publish: false }, []],
      ['ANNULEEAGENCE', {}, [{ visitCancelled: true, visitCancelReason: 'agency' }]],
      ['ANNULEECLIENT', {}, [{ visitCancelled: true, visitCancelReason: 'client' }]],
    ];
    let n = 10;
    for (const [word, form, updates] of leftOut) {
      const id = await host(n, { address: `${word} ${n} rue Victor Hugo 69002 Lyon`, ...form });
      await f.propose(projectId, id);
      await f.update(projectId, id, { visited: { dateVisite: `${n}/01/2027`, time: '10:00' } });
      for (const update of updates) await f.update(projectId, id, update);
      n += 1;
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const LEFT_OUT = ['DESACTIVEE', 'INACTIF', 'NONPUBLIE', 'ANNULEEAGENCE', 'ANNULEECLIENT'];

  it('the visits PDF: dated, exportable visits by date, 5 per page, the contact phone', async () => {
    const res = await download(`/v1/proposals/lease/${projectId}/pdf/visits`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="visites-Zoe-Lefevre.pdf"; filename*=UTF-8''visites-Zo%C3%A9-Lef%C3%A8vre.pdf`,
    );
    expect(res.headers['access-control-expose-headers']).toContain('Content-Disposition');
    const bytes = res.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdftotext(bytes);
    expect(text).toContain('Vos visites');
    expect(text).toContain('Zoé Lefèvre');
    expect(text).toContain('04 78 00 11 22');
    expect(text).toContain('Visite le 01/01/2027 à 10:00');
    expect(text).toContain('Prix : 701 €');
    expect(text).toContain('Surface : 31 m²');
    expect(text).toContain('Disponible le : 15/01/2027');
    expect(text).toContain('charges 80 €');
    expect(text).not.toContain('SANSVISITE');
    for (const word of LEFT_OUT) expect(text).not.toContain(word);
    // 7 planned + the one cancelled by HIL (not by agency or client) = 8: 5 then 3.
    expect(await pages(bytes)).toBe(2);
    expect((pdftotext(bytes, 1).match(/Visite le/g) ?? []).length).toBe(5);
    expect((pdftotext(bytes, 2).match(/Visite le/g) ?? []).length).toBe(3);
    expect(text.indexOf('01/01/2027')).toBeLessThan(text.indexOf('07/01/2027'));

    const png = join(dir, 'visits');
    writeFileSync(`${png}.pdf`, bytes);
    execFileSync('/usr/bin/pdftoppm', [
      '-png',
      '-r',
      '50',
      '-f',
      '1',
      '-l',
      '1',
      `${png}.pdf`,
      png,
    ]);
    const rendered = [`${png}-1.png`, `${png}-01.png`].find((file) => existsSync(file));
    expect(rendered).toBeDefined();
    if (process.env.RELOC_KEEP_RENDER) writeFileSync(process.env.RELOC_KEEP_RENDER, bytes);
  });

  it('the proposals PDF: every exportable property, or the liked ones', async () => {
    const all = await download(`/v1/proposals/lease/${projectId}/pdf/proposals?liked=false`);
    expect(all.status).toBe(200);
    expect(all.headers['content-disposition']).toContain('filename="propositions-Zoe-Lefevre.pdf"');
    const text = pdftotext(all.body as Buffer);
    expect(text).toContain('Biens proposés');
    expect(text).toContain('SANSVISITE');
    expect(text).toContain('ANNULEEHIL');
    for (const word of LEFT_OUT) expect(text).not.toContain(word);
    // 9 exportable: 5 then 4.
    expect(await pages(all.body as Buffer)).toBe(2);
    const byDefault = await download(`/v1/proposals/lease/${projectId}/pdf/proposals`);
    expect(pdftotext(byDefault.body as Buffer)).toContain('Biens proposés');

    const liked = await download(`/v1/proposals/lease/${projectId}/pdf/proposals?liked=true`);
    expect(liked.status).toBe(200);
    const likedText = pdftotext(liked.body as Buffer);
    expect(likedText).toContain('Biens aimés');
    expect((likedText.match(/Disponible le/g) ?? []).length).toBe(3);
    expect(await pages(liked.body as Buffer)).toBe(1);
  });

  it('400 for a bad id or liked value, 404 for an unknown file', async () => {
    const bad = await download(`/v1/proposals/lease/${projectId}/pdf/proposals?liked=oui`);
    expect(bad.status).toBe(400);
    expect(
      (await download(`/v1/proposals/lease/${projectId}/pdf/proposals?format=zip`)).status,
    ).toBe(400);
    expect((await download('/v1/proposals/lease/nope/pdf/visits')).status).toBe(400);
    const unknown = await download(`/v1/proposals/lease/${UNKNOWN_ID}/pdf/visits`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse((unknown.body as Buffer).toString()).message).toBe('Introuvable');
  });

  it('refuses anonymous callers and USER accounts', async () => {
    for (const path of ['pdf/visits', 'pdf/proposals']) {
      const anonymous = await t.http().get(`/v1/proposals/lease/${projectId}/${path}`);
      expect(anonymous.status).toBe(401);
      expect((await download(`/v1/proposals/lease/${projectId}/${path}`, 'USER')).status).toBe(403);
    }
  });
});
