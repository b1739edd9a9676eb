import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutboxMailer } from '../src/mail/mail.port';

describe('OutboxMailer: the outbox mails encrypted at rest', () => {
  let dir: string;
  const key = randomBytes(32);
  const mail = {
    to: 'ines.garnier@exemple.fr',
    subject: 'Bienvenue chez Reloc',
    text: 'Bonjour Inès Garnier, votre dossier est ouvert.',
    html: '<p>Bonjour Inès Garnier, votre dossier est ouvert.</p>',
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-outbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes no address, name nor text in clear, and reads the .eml back', async () => {
    const mailer = new OutboxMailer(dir, 'Reloc <no-reply@reloc.fr>', key);
    const sent = await mailer.send(mail);
    expect(sent.file).toMatch(/\.eml$/);
    const onDisk = readFileSync(join(dir, sent.file!));
    for (const clear of ['ines.garnier', 'exemple.fr', 'Garnier', 'Bienvenue', 'Bonjour', 'To:'])
      expect(onDisk.includes(clear)).toBe(false);
    const eml = mailer.read(sent.file!)!.toString('utf8');
    expect(eml).toContain('To: ines.garnier@exemple.fr');
    expect(eml).toContain('Subject: Bienvenue chez Reloc');
    expect(eml).toContain('Garnier');
  });

  it('reads the mails written in clear before', () => {
    mkdirSync(dir, { recursive: true });
    const old = 'To: ancien.client@exemple.fr\r\nSubject: Ancien\r\n\r\nBonjour';
    writeFileSync(join(dir, '2024-01-01T00-00-00-000Z-old.eml'), old);
    const mailer = new OutboxMailer(dir, 'Reloc <no-reply@reloc.fr>', key);
    expect(mailer.read('2024-01-01T00-00-00-000Z-old.eml')!.toString('utf8')).toBe(old);
    expect(mailer.read('absent.eml')).toBeNull();
  });

  it('does not open under another key nor under another name', async () => {
    const sent = await new OutboxMailer(dir, 'Reloc <no-reply@reloc.fr>', key).send(mail);
    expect(() =>
      new OutboxMailer(dir, 'Reloc <no-reply@reloc.fr>', randomBytes(32)).read(sent.file!),
    ).toThrow();
    writeFileSync(join(dir, 'moved.eml'), readFileSync(join(dir, sent.file!)));
    expect(() =>
      new OutboxMailer(dir, 'Reloc <no-reply@reloc.fr>', key).read('moved.eml'),
    ).toThrow();
    expect(readdirSync(dir)).toHaveLength(2);
  });
});
