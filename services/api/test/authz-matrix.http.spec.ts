import { createHmac } from 'node:crypto';
import type { Role } from '@reloc/domain';
import { TokenService } from '../src/auth/token.service';
import { ACCOUNTS, startTestApp, TestApp } from './support/test-app';

/**
 * The authorization matrix (issue 14): every route the app really registers (read from
 * Express's router at run time) × no token, a forged token, an expired token and each role,
 * against the table below, written from SPEC §6 (and §7 for who calls what). 'allowed' only
 * means "neither 401 nor 403": the call may still be a 400 or a 404 (the path parameters
 * name nothing). A route without a row fails, and so does a row without a route.
 *
 * Rules that depend on the record (a prospect's lead or sale, a comment's author, a project
 * at or after sentToAL) are checked by each feature's own tests: here, with ids that name
 * nothing, such a route is 'allowed' for the roles its route-level rule lets through.
 */

type Identity = 'none' | 'forged' | 'expired' | Role;
const ROLES: Role[] = ['SUPERADMIN', 'ADMIN', 'OPERATOR', 'SALE', 'VENDOR', 'USER'];
const IDENTITIES: Identity[] = ['none', 'forged', 'expired', ...ROLES];
type Outcome = 'allowed' | 401 | 403;

type Row =
  /**
   * No token needed; what a token says changes nothing (login, status, docs, signed links).
   * `runLast`: the call ends the session of the token it carries, so it is made after all others.
   */
  | { public: string; runLast?: boolean }
  /** Public to tokens, guarded by its own secret (an HMAC): refused the same way for all. */
  | { hmac: string; status: 401 | 403 | 404 }
  /** Needs a valid token of one of these roles: 401 without, 403 for the other roles. */
  | { roles: readonly Role[] }
  /** Anything else, identity by identity. */
  | { outcomes: Record<Identity, Outcome>; why: string };

const STAFF = ['SUPERADMIN', 'ADMIN', 'OPERATOR', 'SALE', 'VENDOR'] as const;
const ADMINS = ['SUPERADMIN', 'ADMIN'] as const;
const SUPERADMIN = ['SUPERADMIN'] as const;
/** §6 "USER is logged out of the back office at once": any staff role, never a USER. */
const staff: Row = { roles: STAFF };
const admins: Row = { roles: ADMINS };
const superadmin: Row = { roles: SUPERADMIN };
const publicRoute = (why: string): Row => ({ public: why });

/**
 * Expected outcomes, one row per `METHOD /path` as Express registers it. To add a route,
 * add its row here (e.g. `'GET /v1/things': staff`, `'POST /v1/things': admins`).
 */
const EXPECTED: Record<string, Row> = {
  // Session and infrastructure (§7): public.
  'GET /v1/health': publicRoute('health check of the load balancer'),
  'POST /v1/login-partner': publicRoute('login'),
  'POST /v1/refresh': {
    why: 'refreshes the http-only refresh cookie of the login: a bearer token alone, valid or not, is 401',
    outcomes: {
      none: 401,
      forged: 401,
      expired: 401,
      SUPERADMIN: 401,
      ADMIN: 401,
      OPERATOR: 401,
      SALE: 401,
      VENDOR: 401,
      USER: 401,
    },
  },
  'POST /v1/logout': {
    public: 'ends the session of the token or cookie it is given, if any; always 204',
    runLast: true,
  },
  'GET /v1/status.json': {
    why: "public; an expired token is answered 'Expired token' so the console refreshes it (§8)",
    outcomes: {
      none: 'allowed',
      forged: 'allowed',
      expired: 401,
      SUPERADMIN: 'allowed',
      ADMIN: 'allowed',
      OPERATOR: 'allowed',
      SALE: 'allowed',
      VENDOR: 'allowed',
      USER: 'allowed',
    },
  },
  'GET /v1/release.json': publicRoute('release stamp polled by the console'),
  'GET /v1/login-sso': publicRoute('single sign-on start (browser redirect)'),
  'POST /v1/callback-sso': publicRoute('single sign-on callback'),
  // OpenAPI page.
  'GET /v1/docs': publicRoute('OpenAPI page'),
  'GET /v1/docs/': publicRoute('OpenAPI page'),
  'GET /v1/docs/index.html': publicRoute('OpenAPI page'),
  'GET /v1/docs/swagger-ui-init.js': publicRoute('OpenAPI page'),
  'GET /v1/docs/docs/swagger-ui-init.js': publicRoute('OpenAPI page'),
  'GET /v1/docs/LICENSE': publicRoute('OpenAPI page'),
  'GET /v1/docs-json': publicRoute('OpenAPI description'),
  'GET /v1/docs-yaml': publicRoute('OpenAPI description'),
  // Links without a session: signed, or public content.
  'GET /v1/c/:shortid': publicRoute("a prospect's company link (counted, then redirected)"),
  'GET /v1/cache/image/:file': publicRoute('property photos, public content'),
  'GET /v1/signature-files/:token': publicRoute('short-lived signed file link (HMAC in the URL)'),
  'GET /v1/sign/:token': publicRoute("a signer's personal link (HMAC in the URL)"),
  'POST /v1/sign/:token': publicRoute("a signer's personal link (HMAC in the URL)"),
  'POST /v1/signatures/webhook/yousign': {
    hmac: 'Yousign webhook: X-Yousign-Signature-256, no bearer token',
    status: 401,
  },

  // Staff, users and billing (§6 super admin only: admin page, deactivation, master password,
  // impersonation, project billing panel).
  'POST /v1/users': superadmin,
  'POST /v1/user': superadmin,
  'PUT /v1/user': superadmin,
  'DELETE /v1/user/:email': superadmin,
  'PUT /v1/partner/:email/deactivate': superadmin,
  'GET /v1/user/inactiveStaff': admins,
  'GET /v1/partner/staff': staff,
  'GET /v1/contracts': staff,
  'POST /v1/addMasterPassword': superadmin,
  'POST /v1/admin/impersonate': superadmin,
  'GET /v1/admin/audit': superadmin,
  'GET /v1/audit/streams/:stream': admins,
  'GET /v1/audit/streams/:stream/state': admins,
  'GET /v1/audit/streams/:stream/export': admins,
  'GET /v1/billing': admins,
  'GET /v1/billing/outstanding': admins,
  'POST /v1/billing/:id/confirm': admins,
  'GET /v1/user/billing/outstanding': staff,
  'GET /v1/user/billing/history': staff,
  'GET /v1/reports/billing': admins,
  'PUT /v1/lease/:id/billing': superadmin,

  // Dashboard and reports (§6: Pilotage and the prospects report are the admins').
  'POST /v1/reports/dashboard': staff,
  'GET /v1/reports/companies': admins,
  'GET /v1/reports/prospects': admins,

  // Notifications: one's own; another's only for the admins (the path names another).
  'GET /v1/notifications': staff,
  'GET /v1/notifications/for/:email': admins,
  'GET /v1/notifications/:id/disable': staff,
  'POST /v1/notifications/project/:projectId/disable': staff,
  'POST /v1/notifications/prospect/:prospectId/seen': staff,

  // Signature templates and knowledge base (§6: adding knowledge items, signatures: admins).
  'GET /v1/signature-templates': staff,
  'POST /v1/signature-templates': admins,
  'PUT /v1/signature-templates/:id': admins,
  'GET /v1/signature-templates/:id/update-template-edition-url': admins,
  'GET /v1/kbitems': staff,
  'POST /v1/kbitem': admins,
  'PUT /v1/kbitem/:id': admins,
  'DELETE /v1/kbitem/:id': admins,
  'POST /v1/cache/upload': staff,
  'GET /v1/cache/for/:target': staff,
  'GET /v1/cache/file/:id': staff,
  'DELETE /v1/cache/:fileId': staff,

  // Projects (§6: permanent deletion and refresh are the super admin's).
  'POST /v1/leases': staff,
  'GET /v1/lease/tags': staff,
  'GET /v1/lease/:id': staff,
  'GET /v1/lease/:id/refresh': superadmin,
  'POST /v1/lease/:id': staff,
  'PUT /v1/lease/:id': staff,
  'DELETE /v1/lease/:id': superadmin,
  'POST /v1/customer': staff,
  'POST /v1/leads': staff,
  'POST /v1/projects/:id/mails': admins,
  'GET /v1/projects/:id/mails': admins,
  'GET /v1/mails': admins,
  'GET /v1/mails/:id/eml': admins,
  'GET /v1/address/search': staff,

  // Comments and timeline (the target's own rule on top: comment-access in libs/domain).
  'POST /v1/comments/for/:id': staff,
  'GET /v1/comments/for/:id': staff,
  'DELETE /v1/comments/:id': staff,
  'GET /v1/timeline/for/:id': staff,
  'DELETE /v1/timeline/:id': staff,

  // Documents and signatures (§6: generating signatures is the admins').
  'GET /v1/documents/for/:projectId': staff,
  'GET /v1/documents/for/:projectId/readiness': staff,
  'PUT /v1/documents/for/:projectId/override': staff,
  'POST /v1/documents/for/:projectId': staff,
  'POST /v1/documents/for/:projectId/_merge': staff,
  'PUT /v1/documents/for/:projectId/document/:docId/upload': staff,
  'PUT /v1/documents/for/:projectId/document/:docId': staff,
  'DELETE /v1/documents/for/:projectId/document/:docId': staff,
  'GET /v1/documents/for/:projectId/document/templated/:template': staff,
  'GET /v1/documents/for/:projectId/document/:docId': staff,
  'GET /v1/signatures/:projectId': staff,
  'POST /v1/signatures/:projectId': admins,
  'PUT /v1/signatures/abort/:projectId': admins,
  'GET /v1/signatures/proof/:id': staff,
  'GET /v1/signatures/final-doc/:projectId/:step/:transactionId': staff,

  // Proposals and hosts.
  'GET /v1/proposals/lease/:id': staff,
  'GET /v1/proposals/host/:id': staff,
  'POST /v1/proposals/lease/:projectId/host/:hostId': staff,
  'PUT /v1/proposals/lease/:projectId/host/:hostId': staff,
  'POST /v1/proposals/lease/:projectId/host/:hostId/notify': staff,
  'GET /v1/proposals/lease/:id/pdf/visits': staff,
  'GET /v1/proposals/lease/:id/pdf/proposals': staff,
  'POST /v1/hosts/_search': staff,
  'POST /v1/hosts': staff,
  'GET /v1/hosts/:id': staff,
  'PUT /v1/hosts/:id': staff,

  // Prospects (§6: others open only their own prospects, record by record; admins delete).
  'GET /v1/prospects': staff,
  'GET /v1/prospects/tags': staff,
  'GET /v1/prospects/_autocomplete': staff,
  'POST /v1/prospects': staff,
  'GET /v1/prospects/:id': staff,
  'GET /v1/prospects/:id/timeline': staff,
  'PUT /v1/prospects/:id': staff,
  'DELETE /v1/prospects/:id': admins,
  'POST /v1/prospects/:id/files': staff,
  'DELETE /v1/prospects/:id/files/:fileId': staff,
  'GET /v1/prospects/:id/files/:fileId': staff,

  // Announcements (B2C).
  'GET /v1/announcements': staff,
  'POST /v1/announcements': staff,
  'GET /v1/announcements/:id': staff,
  'PUT /v1/announcements/:id': staff,
  'POST /v1/announcements/:id/convert': staff,
};

/** What each identity should get on a route, from its row. */
function expectedOutcomes(row: Row): Record<Identity, Outcome | number> {
  if ('outcomes' in row) return row.outcomes;
  const out = {} as Record<Identity, Outcome | number>;
  for (const identity of IDENTITIES) {
    if ('public' in row) out[identity] = 'allowed';
    else if ('hmac' in row) out[identity] = row.status;
    else if (identity === 'none' || identity === 'forged' || identity === 'expired')
      out[identity] = 401;
    else out[identity] = row.roles.includes(identity) ? 'allowed' : 403;
  }
  return out;
}

/** A path parameter filled with something of the right shape that names nothing. */
const NOBODY_ID = '0123456789abcdef01234567';
const PARAMS: Record<string, string> = {
  email: 'personne@exemple.fr',
  shortid: 'inconnu',
  token: 'aW5jb25udQ.aW5jb25udQ',
  step: 'inconnu',
  transactionId: 'inconnu',
  template: 'fiche_renseignement',
  stream: `project-${NOBODY_ID}`,
  file: `${NOBODY_ID}.png`,
};
const fill = (path: string) =>
  path.replace(/:(\w+)/g, (_match, name: string) => PARAMS[name] ?? NOBODY_ID);

type RegisteredRoute = { method: string; path: string };

/** The endpoints as Express registered them (Nest's middleware bindings, on every method, aside). */
function registeredRoutes(t: TestApp): RegisteredRoute[] {
  const express = t.app.getHttpAdapter().getInstance() as {
    router?: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    _router?: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  const stack = (express.router ?? express._router)?.stack ?? [];
  const routes: RegisteredRoute[] = [];
  for (const layer of stack) {
    if (!layer.route) continue;
    const methods = Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m]);
    if (methods.length > 1 || methods[0] === '_all') continue;
    routes.push({ method: methods[0].toUpperCase(), path: layer.route.path });
  }
  return routes;
}

describe('authorization matrix: every route × every identity (issue 14, SPEC §6)', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  const tokens = {} as Record<Identity, string | null>;

  beforeAll(async () => {
    t = await startTestApp({
      // The webhook is then guarded by its HMAC (unset, it answers 404 to everyone).
      RELOC_YOUSIGN_API_URL: 'http://127.0.0.1:9',
      RELOC_YOUSIGN_API_KEY: 'cle-de-test',
      RELOC_YOUSIGN_WEBHOOK_SECRET: 'secret-de-test',
    });
    routes = registeredRoutes(t);
    tokens.none = null;
    for (const role of ROLES) tokens[role] = await t.tokenOf(role);
    const root = await t
      .http()
      .get('/v1/status.json')
      .set('Authorization', `Bearer ${tokens.SUPERADMIN}`);
    const rootId = root.body.id as string;
    // Signed with the server's secret, expired two TTLs ago.
    // (same session as the super admin's live token, so only the expiry differs).
    const claims = JSON.parse(
      Buffer.from(tokens.SUPERADMIN!.split('.')[1], 'base64url').toString('utf8'),
    ) as { sid: string; gen: number };
    tokens.expired = t.app
      .get(TokenService)
      .issue(
        rootId,
        'SUPERADMIN',
        { id: claims.sid, generation: claims.gen },
        Date.now() - 2 * t.config.tokenTtlSeconds * 1000,
      );
    // The super admin's claims under another key: a bad signature.
    const [header, payload] = tokens.SUPERADMIN!.split('.');
    const forgedSignature = createHmac('sha256', 'pas-le-bon-secret')
      .update(`${header}.${payload}`)
      .digest('base64url');
    tokens.forged = `${header}.${payload}.${forgedSignature}`;
    expect(ACCOUNTS.SUPERADMIN).toBeTruthy();
  }, 120_000);
  afterAll(() => t.close());

  it('reads the routes the app registers', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('has a row for every registered route', () => {
    const missing = routes.map((r) => `${r.method} ${r.path}`).filter((key) => !(key in EXPECTED));
    expect(missing).toEqual([]);
  });

  it('has a registered route for every row', () => {
    const registered = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(EXPECTED).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('answers each identity as the table says', async () => {
    const mismatches: string[] = [];
    const runsLast = (route: RegisteredRoute) => {
      const row = EXPECTED[`${route.method} ${route.path}`];
      return !!row && 'runLast' in row && !!row.runLast;
    };
    const ordered = [...routes.filter((r) => !runsLast(r)), ...routes.filter(runsLast)];
    for (const route of ordered) {
      const key = `${route.method} ${route.path}`;
      const row = EXPECTED[key];
      if (!row) continue;
      const expected = expectedOutcomes(row);
      for (const identity of IDENTITIES) {
        let req = t
          .http()
          [route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](fill(route.path))
          .redirects(0);
        const token = tokens[identity];
        if (token) req = req.set('Authorization', `Bearer ${token}`);
        if (route.method === 'POST' || route.method === 'PUT') req = req.send({});
        const { status, body } = await req;
        const want = expected[identity];
        const ok =
          want === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === want;
        if (!ok) mismatches.push(`${key} as ${identity}: ${status}, expected ${want}`);
        // The console refreshes on 'Expired token' only; a forged token is 'Invalid credentials' (§8).
        if (ok && status === 401 && 'roles' in row) {
          const message = identity === 'expired' ? 'Expired token' : 'Invalid credentials';
          if ((body as { message?: string }).message !== message)
            mismatches.push(
              `${key} as ${identity}: message ${JSON.stringify(body)}, expected '${message}'`,
            );
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 600_000);
});
