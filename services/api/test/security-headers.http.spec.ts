import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { trustProxyOf } from '../src/config';
import { SECURITY_HEADERS } from '../src/infrastructure/http/security-headers';
import { ACCOUNTS, PASSWORD, startTestApp, TestApp } from './support/test-app';

const repoRoot = resolve(__dirname, '..', '..', '..');
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
const HSTS = 'max-age=31536000; includeSubDomains';

function expectSecurityHeaders(headers: Record<string, string>) {
  expect(headers['content-security-policy']).toBe(CSP);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('same-origin');
}

/** A console build in the test app's console folder: index.html as Vite writes it. */
function writeConsole(t: TestApp) {
  mkdirSync(join(t.config.consoleDir, 'assets'), { recursive: true });
  writeFileSync(
    join(t.config.consoleDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(t.config.consoleDir, 'assets', 'index.js'), 'console.log(1);');
}

describe('security headers (issue 14 point 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    writeConsole(t);
  });
  afterAll(() => t.close());

  it('sends the CSP without inline script, frame-ancestors none, nosniff and a Referrer-Policy on the console', async () => {
    for (const path of ['/', '/reloc', '/assets/index.js']) {
      const res = await t.http().get(path);
      expect(res.status).toBe(200);
      expectSecurityHeaders(res.headers);
    }
  });

  it('sends them on API answers, errors included', async () => {
    const ok = await t.http().get('/v1/status.json');
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok.headers);
    const refused = await t.http().get('/v1/partner/staff');
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused.headers);
    const missing = await t.http().get('/v1/nothing-here');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers);
  });

  it('keeps the OpenAPI page working under the same policy (no inline script on it)', async () => {
    const page = await t.http().get('/v1/docs');
    expect(page.status).toBe(200);
    expectSecurityHeaders(page.headers);
    // Every <script> of the page loads a file of our origin.
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src=/);
      expect(body.trim()).toBe('');
    }
    const init = await t.http().get('/v1/docs/swagger-ui-init.js');
    expect(init.status).toBe(200);
    expect((await t.http().get('/v1/docs-json')).status).toBe(200);
  });

  it('sends no HSTS over plain HTTP, even when a client forges X-Forwarded-Proto', async () => {
    const plain = await t.http().get('/v1/status.json');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await t.http().get('/v1/status.json').set('X-Forwarded-Proto', 'https');
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('has a console page without inline script (the source, and the build when there is one)', () => {
    const pages = ['index.html', 'dist/index.html'].map((file) => join(repoRoot, 'console', file));
    for (const page of pages.filter((file) => existsSync(file))) {
      const html = readFileSync(page, 'utf8');
      for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
        expect(attributes).toMatch(/src=/);
        expect(body.trim()).toBe('');
      }
    }
  });
});

describe('HSTS behind a trusted proxy (RELOC_TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RELOC_TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  it('is sent when the trusted proxy says the browser came over HTTPS', async () => {
    const https = await t.http().get('/v1/status.json').set('X-Forwarded-Proto', 'https');
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    const http = await t.http().get('/v1/status.json').set('X-Forwarded-Proto', 'http');
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe("the scaled mode's nginx sends the same headers", () => {
  const conf = readFileSync(join(repoRoot, 'infra', 'docker', 'security-headers.conf'), 'utf8');
  const nginx = readFileSync(join(repoRoot, 'infra', 'docker', 'nginx.conf'), 'utf8');
  const headers = Object.fromEntries(
    [...conf.matchAll(/^add_header ([\w-]+) (?:"([^"]*)"|(\$\w+)) always;$/gm)].map(
      ([, name, quoted, variable]) => [name.toLowerCase(), quoted ?? variable],
    ),
  );

  it('has the CSP, nosniff, X-Frame-Options and Referrer-Policy of the api', () => {
    expectSecurityHeaders(headers);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect({ name, value: headers[name.toLowerCase()] }).toEqual({ name, value });
    expect(headers['strict-transport-security']).toBe('$reloc_hsts');
    expect(nginx).toContain(`https "${HSTS}";`);
  });

  it('hands the api the browser address alone, and the api trusts that hop', () => {
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    const compose = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
    expect(compose).toMatch(/^ {6}RELOC_TRUST_PROXY: \$\{RELOC_TRUST_PROXY:-uniquelocal\}$/m);
    const environment = readFileSync(join(repoRoot, 'infra', 'ENVIRONMENT.md'), 'utf8');
    expect(environment).toContain('| `RELOC_TRUST_PROXY`');
  });

  it('includes them in every location that serves files itself', () => {
    const locations = [...nginx.matchAll(/location ([^{]+)\{([^}]*)\}/g)];
    expect(locations.length).toBeGreaterThan(2);
    for (const [, where, body] of locations) {
      if (where.trim() === '/v1/') continue; // the api's own headers
      expect(body).toContain('include /etc/nginx/security-headers.conf;');
    }
    const dockerfile = readFileSync(
      join(repoRoot, 'infra', 'docker', 'console.Dockerfile'),
      'utf8',
    );
    expect(dockerfile).toContain(
      'COPY infra/docker/security-headers.conf /etc/nginx/security-headers.conf',
    );
  });
});

describe('a JSON body over the limit (issue 14 point 8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 413 with a message about the request, not the file-upload one', async () => {
    const token = await t.tokenOf('SUPERADMIN');
    const res = await t
      .http()
      .post('/v1/kbitem')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ title: 'Gros', content: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Requête trop volumineuse (maxi 1 Mo)' });
    const items = await t.http().get('/v1/kbitems').set('Authorization', `Bearer ${token}`);
    expect(JSON.stringify(items.body)).not.toContain('Gros');
  });
});

describe('RELOC_TRUST_PROXY and the per-address login limit (issue 14 point 9)', () => {
  const previous = process.env.RELOC_LOGIN_MAX_FAILURES_PER_ADDRESS;
  beforeAll(() => {
    process.env.RELOC_LOGIN_MAX_FAILURES_PER_ADDRESS = '3';
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.RELOC_LOGIN_MAX_FAILURES_PER_ADDRESS;
    else process.env.RELOC_LOGIN_MAX_FAILURES_PER_ADDRESS = previous;
  });

  const fail = (t: TestApp, i: number, forwardedFor?: string) => {
    const req = t.http().post('/v1/login-partner');
    if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
    return req.send({ email: `inconnu-${i}@exemple.fr`, password: 'faux-mot-de-passe' });
  };

  it('parses the Express values', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('loopback')).toEqual(['loopback']);
    expect(trustProxyOf(' 10.0.0.0/8, 127.0.0.1 ')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('by default ignores X-Forwarded-For: a forged one does not dodge the limit', async () => {
    const t = await startTestApp();
    try {
      for (let i = 0; i < 3; i++) expect((await fail(t, i, `198.51.100.${i}`)).status).toBe(401);
      const blocked = await t
        .http()
        .post('/v1/login-partner')
        .set('X-Forwarded-For', '198.51.100.99')
        .send({ email: ACCOUNTS.OPERATOR, password: PASSWORD });
      expect(blocked.status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy counts each browser, not the proxy', async () => {
    const t = await startTestApp({ RELOC_TRUST_PROXY: 'loopback' });
    try {
      for (let i = 0; i < 3; i++) expect((await fail(t, i, '203.0.113.7')).status).toBe(401);
      expect((await fail(t, 9, '203.0.113.7')).status).toBe(429);
      const other = await t
        .http()
        .post('/v1/login-partner')
        .set('X-Forwarded-For', '203.0.113.8')
        .send({ email: ACCOUNTS.OPERATOR, password: PASSWORD });
      expect(other.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
