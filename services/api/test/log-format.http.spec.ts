import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { humanLogLine, humanLogStream, parseLogFormat } from '../src/infrastructure/log-format';
import { ACCOUNTS, PASSWORD } from './support/test-app';

/** Issue 15 point 30: `npm start` shows short human lines; JSON stays for LOG_FORMAT=json. */
describe('log format', () => {
  it('turns a pino JSON line into time, level and message', () => {
    const time = new Date(2026, 10, 25, 9, 5, 7).getTime();
    expect(
      humanLogLine(
        JSON.stringify({
          level: 40,
          time,
          context: 'AddressSearch',
          msg: 'address service failed',
        }),
      ),
    ).toBe('09:05:07 WARN  [AddressSearch] address service failed');
    expect(
      humanLogLine(JSON.stringify({ level: 50, time, msg: 'boom', err: { message: 'EACCES' } })),
    ).toBe('09:05:07 ERROR boom (EACCES)');
    expect(humanLogLine('not json')).toBe('not json');
    expect(parseLogFormat('pretty')).toBe('pretty');
    expect(parseLogFormat(undefined)).toBe('json');
    expect(parseLogFormat('json')).toBe('json');
  });

  it('writes whole lines only, across chunks', async () => {
    const out: string[] = [];
    const sink = { write: (s: string) => out.push(s) > 0 } as unknown as NodeJS.WritableStream;
    const stream = humanLogStream(sink);
    const line = JSON.stringify({ level: 30, time: 0, msg: 'bonjour' });
    stream.write(line.slice(0, 10));
    expect(out).toEqual([]);
    stream.write(`${line.slice(10)}\n`);
    await new Promise((resolve) => stream.end(resolve));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}bonjour\n$/);
  });

  /**
   * The built server as `npm start` runs it (needs `nx build api`): its own process, so what
   * it writes to the terminal is what a person sees.
   */
  describe('the server with LOG_FORMAT=pretty at warn', () => {
    const main = join(__dirname, '../dist/main.js');
    let server: ChildProcessWithoutNullStreams;
    let dataDir: string;
    let output = '';
    const port = 40000 + Math.floor(Math.random() * 20000);
    const base = `http://127.0.0.1:${port}`;

    beforeAll(async () => {
      if (!existsSync(main)) throw new Error(`${main} is missing: run nx build api first`);
      dataDir = mkdtempSync(join(tmpdir(), 'reloc-log-'));
      server = spawn(process.execPath, [main], {
        env: {
          PATH: process.env.PATH ?? '',
          PORT: String(port),
          RELOC_DATA_DIR: dataDir,
          RELOC_ADMIN_EMAIL: ACCOUNTS.SUPERADMIN,
          RELOC_ADMIN_PASSWORD: PASSWORD,
          RELOC_DEMO: '0',
          RELOC_GEO_JOBS: '0',
          RELOC_CONSOLE_DIR: join(dataDir, 'console'),
          // A closed port: the address search logs a warning.
          RELOC_ADDRESS_API_URL: 'http://127.0.0.1:9',
          LOG_FORMAT: 'pretty',
          LOG_LEVEL: 'warn',
        },
      });
      server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      for (let i = 0; i < 300 && !output.includes('Reloc est prêt'); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
    });
    afterAll(async () => {
      server?.kill('SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('prints the banner, then a warning as a short human line, no JSON, nothing below warn', async () => {
      expect(output).toContain('Reloc est prêt');
      const login = await fetch(`${base}/v1/login-partner`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: ACCOUNTS.SUPERADMIN, password: PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const search = await fetch(`${base}/v1/address/search?q=paris`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(search.status).toBe(400);
      for (let i = 0; i < 50 && !output.includes('address service failed'); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const lines = output.split('\n').filter(Boolean);
      const banner = lines.findIndex((line) => line.startsWith('Reloc est prêt'));
      expect(banner).toBeGreaterThanOrEqual(0);
      expect(lines.slice(0, banner)).toEqual([]);
      expect(
        lines.some((line) =>
          /^\d\d:\d\d:\d\d WARN {2}\[AddressSearch\] address service failed/.test(line),
        ),
      ).toBe(true);
      expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
      expect(lines.filter((line) => / INFO {2}/.test(line))).toEqual([]);
    });
  });
});
