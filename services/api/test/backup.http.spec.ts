import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Canvas } from '@reloc/pdf';
import { EventStore } from '@reloc/eventstore';
import { createBackup, readManifest } from '../src/backup/backup';
import { EVENT_STORE } from '../src/infrastructure/tokens';
import { restoreAndVerify, verifyBackup } from '../src/backup/restore';
import { filesUnder } from './support/files-on-disk';
import { startTestApp, TestApp } from './support/test-app';

const png = new Canvas(8, 6, [200, 120, 80]).rect(2, 2, 3, 3, [20, 40, 200]).png();

describe('backup, restore and verify-backup of the embedded mode (issue 16 points 1-3)', () => {
  let t: TestApp;
  let scratch: string;
  /** Prospects created while the first backup ran, with the position of their first event. */
  const acknowledged: { id: string; position: number }[] = [];
  const as = async () => ({ Authorization: `Bearer ${await t.tokenOf('ADMIN')}` });
  const upload = async () =>
    t
      .http()
      .post('/v1/cache/upload?type=image')
      .set(await as())
      .attach('file', png, { filename: 'plan.png', contentType: 'image/png' });
  const createProspect = async (name: string) =>
    t
      .http()
      .post('/v1/prospects')
      .set(await as())
      .send({ name, assignees: { sale: 'SPE' } });

  beforeAll(async () => {
    t = await startTestApp();
    scratch = mkdtempSync(join(tmpdir(), 'reloc-backup-test-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('copies the store and the files while writes go on, with a manifest of hashes', async () => {
    const photo = await upload();
    expect(photo.status).toBe(201);
    const to = join(scratch, 'b1');
    const steps = new Set<string>();
    let writing = true;
    const ids: string[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const res = await createProspect(`Pendant la sauvegarde ${i}`);
        expect(res.status).toBe(201);
        ids.push(res.body._id);
      }
    })();
    const manifest = await createBackup(t.config, to, {
      onProgress: (step) => steps.add(step),
    });
    writing = false;
    await writer;
    // One more after the backup: it must not be in it.
    ids.push((await createProspect('Après la sauvegarde')).body._id);
    const store = t.app.get<EventStore>(EVENT_STORE);
    for (const id of ids) {
      const [first] = await store.readStream(`prospect-${id}`, { maxCount: 1 });
      acknowledged.push({ id, position: first.position });
    }
    expect(acknowledged.filter((a) => a.position <= manifest.log.head).length).toBeGreaterThan(0);
    expect(acknowledged.filter((a) => a.position > manifest.log.head).length).toBeGreaterThan(0);
    expect(steps).toEqual(new Set(['base', 'fichiers']));
    expect(manifest.log.head).toBeGreaterThan(1000);
    expect(manifest.log.events).toBe(manifest.log.head);
    expect(manifest.log.streams).toBeGreaterThan(10);
    expect(manifest.filesKey).toBe('included');
    expect(manifest.files.blobs).toBeGreaterThanOrEqual(1);
    expect(manifest.files.keys).toBe(manifest.files.blobs);
    const paths = manifest.parts.map((part) => part.path);
    expect(paths).toEqual(
      expect.arrayContaining(['reloc.db', 'chain-heads.tsv', 'secrets/files-key']),
    );
    expect(paths.filter((p) => p.startsWith('files/blobs/'))).toHaveLength(manifest.files.blobs);
    expect(paths.filter((p) => p.startsWith('keys/'))).toHaveLength(manifest.files.keys);
    expect(readManifest(to)).toEqual(manifest);
    for (const part of manifest.parts) expect(part.sha256).toMatch(/^[0-9a-f]{64}$/);
    const heads = readFileSync(join(to, 'chain-heads.tsv'), 'utf8').trim().split('\n');
    expect(heads).toHaveLength(manifest.log.streams);
    expect(heads[0]).toMatch(/^\S+\t\d+\t[0-9a-f]{64}$/);
  });

  it('run again into the same folder, copies only the new files and drops the erased ones', async () => {
    const to = join(scratch, 'b2');
    const first = await createBackup(t.config, to);
    const oldBlob = first.parts.find((part) => part.path.startsWith('files/blobs/'))!;
    const before = statSync(join(to, oldBlob.path));
    // A new file, and a key erased in the live folder since the first run.
    expect((await upload()).status).toBe(201);
    const keyPath = first.parts.find((part) => part.path.startsWith('keys/'))!.path;
    const erasedKey = join(t.config.filesKeysDir, keyPath.slice('keys/'.length));
    const savedKey = readFileSync(erasedKey);
    rmSync(erasedKey);
    const second = await createBackup(t.config, to);
    writeFileSync(erasedKey, savedKey);
    const after = statSync(join(to, oldBlob.path));
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(second.files.blobs).toBe(first.files.blobs + 1);
    expect(second.parts.map((part) => part.path)).not.toContain(keyPath);
    expect(existsSync(join(to, keyPath))).toBe(false);
    expect(second.log.head).toBeGreaterThan(first.log.head);
  });

  it('restores into an empty folder: read models rebuilt, chains verified, every file opens; an api on it has every write acknowledged up to the head (drill)', async () => {
    const from = join(scratch, 'b1');
    const manifest = readManifest(from);
    const dataDir = join(scratch, 'restored');
    const report = await restoreAndVerify(
      from,
      { dataDir, filesDir: join(dataDir, 'files'), filesKeysDir: join(dataDir, 'files', 'keys') },
      {},
    );
    expect(report.text).toContain('hash chains: OK');
    expect(report.ok).toBe(true);
    const restored = await startTestApp({ RELOC_DATA_DIR: dataDir, RELOC_DEMO: '0' });
    try {
      const health = await restored.http().get('/v1/health');
      expect(health.body.eventStore.head).toBe(manifest.log.head);
      const token = await restored.tokenOf('ADMIN');
      for (const { id, position } of acknowledged) {
        const page = await restored
          .http()
          .get(`/v1/prospects/${id}`)
          .set({ Authorization: `Bearer ${token}` });
        expect({ id, status: page.status }).toEqual({
          id,
          status: position <= manifest.log.head ? 200 : 404,
        });
      }
      const photo = manifest.parts.filter((part) => part.path.startsWith('files/blobs/'));
      expect(photo.length).toBeGreaterThan(0);
    } finally {
      await restored.close();
    }
  });

  it('refuses a non-empty target and leaves it as it was', async () => {
    const dataDir = join(scratch, 'occupied');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'reloc.db'), 'précieux');
    await expect(
      restoreAndVerify(
        join(scratch, 'b1'),
        { dataDir, filesDir: join(dataDir, 'files'), filesKeysDir: join(dataDir, 'files', 'keys') },
        {},
      ),
    ).rejects.toThrow(/n'est pas vide/);
    expect(readFileSync(join(dataDir, 'reloc.db'), 'utf8')).toBe('précieux');
    expect(filesUnder(dataDir)).toHaveLength(1);
  });

  it('refuses a damaged backup, naming the part, and an interrupted one (no manifest)', async () => {
    const damaged = join(scratch, 'damaged');
    await createBackup(t.config, damaged);
    const blob = readManifest(damaged).parts.find((part) => part.path.startsWith('files/blobs/'))!;
    const bytes = readFileSync(join(damaged, blob.path));
    bytes[bytes.length - 1] ^= 1;
    writeFileSync(join(damaged, blob.path), bytes);
    const dataDir = join(scratch, 'not-written');
    const target = {
      dataDir,
      filesDir: join(dataDir, 'files'),
      filesKeysDir: join(dataDir, 'files', 'keys'),
    };
    await expect(restoreAndVerify(damaged, target, {})).rejects.toThrow(
      `Sauvegarde endommagée (${damaged})`,
    );
    await expect(restoreAndVerify(damaged, target, {})).rejects.toThrow(
      `${blob.path} : empreinte différente`,
    );
    expect(existsSync(join(dataDir, 'reloc.db'))).toBe(false);
    await expect(verifyBackup(damaged, {})).rejects.toThrow(/Sauvegarde endommagée/);

    rmSync(join(damaged, 'manifest.json'));
    await expect(restoreAndVerify(damaged, target, {})).rejects.toThrow(
      /Pas de manifest\.json .* interrompue/,
    );
  });

  it('verify-backup proves a backup restorable and leaves no trace', async () => {
    const scratchDirs = () =>
      readdirSync(tmpdir()).filter((name) => name.startsWith('reloc-verify-backup-')).length;
    const before = scratchDirs();
    const live = statSync(join(t.config.dataDir, 'reloc.db')).mtimeMs;
    const report = await verifyBackup(join(scratch, 'b1'), {});
    expect(report.ok).toBe(true);
    expect(report.text).toContain('all open');
    expect(scratchDirs()).toBe(before);
    expect(statSync(join(t.config.dataDir, 'reloc.db')).mtimeMs).toBe(live);
  });

  it('refuses a target inside the files folder (it would copy itself)', async () => {
    await expect(createBackup(t.config, join(t.config.filesDir, 'sauvegarde'))).rejects.toThrow(
      /dans le dossier des fichiers/,
    );
    expect(existsSync(join(t.config.filesDir, 'sauvegarde'))).toBe(false);
  });

  it('refuses a RELOC_FILES_KEY other than the one the files were written with', async () => {
    const dataDir = join(scratch, 'other-key');
    await expect(
      restoreAndVerify(
        join(scratch, 'b1'),
        { dataDir, filesDir: join(dataDir, 'files'), filesKeysDir: join(dataDir, 'files', 'keys') },
        { RELOC_FILES_KEY: 'ab'.repeat(32) },
      ),
    ).rejects.toThrow(/RELOC_FILES_KEY n'est pas la clé/);
  });
});

describe('backup of a store whose files key comes from RELOC_FILES_KEY', () => {
  const key = 'c3'.repeat(32);
  let t: TestApp;
  let scratch: string;

  beforeAll(async () => {
    t = await startTestApp({ RELOC_FILES_KEY: key, RELOC_DEMO: '0' });
    scratch = mkdtempSync(join(tmpdir(), 'reloc-backup-envkey-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('leaves the key out, says so, and restores only with the same key', async () => {
    const uploaded = await t
      .http()
      .post('/v1/cache/upload?type=image')
      .set({ Authorization: `Bearer ${await t.tokenOf('SUPERADMIN')}` })
      .attach('file', png, { filename: 'plan.png', contentType: 'image/png' });
    expect(uploaded.status).toBe(201);
    const from = join(scratch, 'backup');
    const manifest = await createBackup(t.config, from);
    expect(manifest.filesKey).toBe('environment');
    expect(manifest.parts.map((part) => part.path)).not.toContain('secrets/files-key');
    expect(manifest.files.blobs).toBe(1);
    const target = (name: string) => ({
      dataDir: join(scratch, name),
      filesDir: join(scratch, name, 'files'),
      filesKeysDir: join(scratch, name, 'files', 'keys'),
    });
    await expect(restoreAndVerify(from, target('no-key'), {})).rejects.toThrow(
      /définissez la même RELOC_FILES_KEY/,
    );
    expect(existsSync(join(scratch, 'no-key'))).toBe(false);
    const report = await restoreAndVerify(from, target('with-key'), { RELOC_FILES_KEY: key });
    expect(report.ok).toBe(true);
    expect(report.text).toContain('1 blob(s), 1 key(s), all open');
  });
});
