import { createServer, Server, Socket } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

const NOT_ADMIN: AccountRole[] = ['OPERATOR', 'SALE', 'VENDOR', 'USER'];

const customer = (email: string) => ({
  email,
  firstName: 'Inès',
  lastName: 'Garnier',
  phoneNumber: '0612345678',
  company: 'Airbus',
  contractType: 'Nouvel embauché en CDI',
  actualCity: 'Lyon',
  fromAddressObject: { label: 'Lyon', city: 'Lyon', postcode: '69001', lat: 45.764, lng: 4.8357 },
  assignees: { sale: 'SPE' },
});

/** Just enough SMTP (RFC 5321) to receive a message: EHLO, MAIL, RCPT, DATA, QUIT. */
function tinySmtpServer() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 tiny ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 tiny\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return {
    received,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function fileOf(t: TestApp, email: string, token: string) {
  const res = await t
    .http()
    .post('/v1/customer')
    .set({ Authorization: `Bearer ${token}` })
    .send(customer(email));
  expect(res.status).toBe(201);
  return res.body._id as string;
}

describe('client mails through the mail port (§3 "Mail types")', () => {
  describe('without SMTP: the outbox folder', () => {
    let t: TestApp;
    const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });
    beforeAll(async () => {
      delete process.env.RELOC_SMTP_URL;
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('writes the mail as .eml, records it on the file and lists it for admins', async () => {
      const id = await fileOf(t, 'ines.garnier@exemple.fr', await t.tokenOf('SUPERADMIN'));
      const res = await t
        .http()
        .post(`/v1/projects/${id}/mails`)
        .set(await as('ADMIN'))
        .send({ type: 'onboarding' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        projectId: id,
        type: 'onboarding',
        to: 'ines.garnier@exemple.fr',
        transport: 'outbox',
        by: 'CMA',
      });
      const outbox = join(t.config.dataDir, 'outbox');
      const files = readdirSync(outbox);
      expect(files).toHaveLength(1);
      // Encrypted at rest: neither the address, nor the name, nor the subject on disk.
      const onDisk = readFileSync(join(outbox, files[0]));
      expect(onDisk.subarray(0, 4).toString('ascii')).toBe('RLM1');
      for (const clear of ['ines.garnier', 'exemple.fr', 'Garnier', 'Subject', 'Bienvenue'])
        expect(onDisk.includes(clear)).toBe(false);

      const timeline = await t
        .http()
        .get(`/v1/timeline/for/${id}`)
        .set(await as('ADMIN'));
      expect(timeline.body[0]).toMatchObject({
        type: 'COURRIEL_CLIENT',
        label: 'Courriel envoyé au client : Bienvenue (onboarding)',
        author: 'CMA',
      });
      // A mail's entry can be hidden like a file's own (it is found in the mails' entries).
      const mailEntry = timeline.body[0]._id as string;
      expect(
        (
          await t
            .http()
            .delete(`/v1/timeline/${mailEntry}`)
            .set(await as('ADMIN'))
        ).body,
      ).toEqual({ message: 'ok' });
      const hidden = await t
        .http()
        .get(`/v1/timeline/for/${id}`)
        .set(await as('ADMIN'));
      expect(hidden.body.map((item: { _id: string }) => item._id)).not.toContain(mailEntry);
      expect(hidden.body.at(-1)).toMatchObject({ type: 'CREATION' });

      const list = await t
        .http()
        .get('/v1/mails')
        .set(await as('SUPERADMIN'));
      expect(list.body).toMatchObject({ total: 1, transport: 'outbox' });
      expect(list.body.mails[0].href).toBe(`/v1/mails/${res.body._id}/eml`);
      const download = await t
        .http()
        .get(list.body.mails[0].href)
        .set(await as('SUPERADMIN'));
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toContain('message/rfc822');
      const eml = Buffer.isBuffer(download.body)
        ? download.body.toString('utf8')
        : String(download.text);
      expect(eml).toContain('To: ines.garnier@exemple.fr');
      expect(eml).toMatch(/Subject: .*Bienvenue/);
      expect(eml).toContain('Garnier');
      const ofProject = await t
        .http()
        .get(`/v1/projects/${id}/mails`)
        .set(await as('ADMIN'));
      expect(ofProject.body.total).toBe(1);
    });

    it('answers 400 in French for an unknown type, writing and sending nothing', async () => {
      const id = await fileOf(t, 'autre.client@exemple.fr', await t.tokenOf('SUPERADMIN'));
      const before = readdirSync(join(t.config.dataDir, 'outbox')).length;
      const res = await t
        .http()
        .post(`/v1/projects/${id}/mails`)
        .set(await as('ADMIN'))
        .send({ type: 'promo' });
      expect(res.status).toBe(400);
      expect(res.body.errors.type).toBe('Invalide');
      const extra = await t
        .http()
        .post(`/v1/projects/${id}/mails`)
        .set(await as('ADMIN'))
        .send({ type: 'mobilipass', to: 'pirate@exemple.fr' });
      expect(extra.status).toBe(400);
      expect(readdirSync(join(t.config.dataDir, 'outbox'))).toHaveLength(before);
      const missing = await t
        .http()
        .post('/v1/projects/0123456789abcdef01234567/mails')
        .set(await as('ADMIN'))
        .send({ type: 'mobilipass' });
      expect(missing.status).toBe(404);
    });

    it.each(NOT_ADMIN)('refuses %s', async (role) => {
      const id = await fileOf(
        t,
        `refus-${role.toLowerCase()}@exemple.fr`,
        await t.tokenOf('SUPERADMIN'),
      );
      const res = await t
        .http()
        .post(`/v1/projects/${id}/mails`)
        .set(await as(role))
        .send({ type: 'mission_done' });
      expect(res.status).toBe(403);
      const list = await t
        .http()
        .get('/v1/mails')
        .set(await as(role));
      expect(list.status).toBe(403);
      const ofProject = await t
        .http()
        .get(`/v1/projects/${id}/mails`)
        .set(await as('ADMIN'));
      expect(ofProject.body.total).toBe(0);
    });
  });

  describe('with RELOC_SMTP_URL: SMTP', () => {
    let t: TestApp;
    const smtp = tinySmtpServer();
    beforeAll(async () => {
      const port = await smtp.listen();
      process.env.RELOC_SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
      t = await startTestApp();
    });
    afterAll(async () => {
      delete process.env.RELOC_SMTP_URL;
      await t.close();
      await smtp.close();
    });

    it('sends the mail by SMTP and records it on the file', async () => {
      const token = await t.tokenOf('SUPERADMIN');
      const id = await fileOf(t, 'smtp.client@exemple.fr', token);
      const res = await t
        .http()
        .post(`/v1/projects/${id}/mails`)
        .set({ Authorization: `Bearer ${token}` })
        .send({ type: 'mission_done' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ transport: 'smtp', href: null });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to[0]).toContain('smtp.client@exemple.fr');
      expect(smtp.received[0].data).toMatch(/Subject: .*Reloc/);
      expect(existsSync(join(t.config.dataDir, 'outbox'))).toBe(false);
      const list = await t
        .http()
        .get('/v1/mails')
        .set({ Authorization: `Bearer ${token}` });
      expect(list.body).toMatchObject({ total: 1, transport: 'smtp' });
    });
  });
});
