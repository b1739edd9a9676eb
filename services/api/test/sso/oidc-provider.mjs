// A real, local OpenID provider for the single sign-on tests (oidc-provider 9, in memory).
//
// oidc-provider is an ES module that jest's module runtime cannot load: tests run this script
// as a child process and read the issuer URL it prints on stdout once it listens.
//
//   node services/api/test/sso/oidc-provider.mjs --port 0 \
//     --client-id reloc --client-secret secret --redirect-uri http://127.0.0.1:3000/callback-sso
//
// Options (each also read from the environment, e.g. OIDC_PORT, OIDC_CLIENT_ID):
//   --port             port to listen on (0 = a free one; the printed issuer tells which)
//   --host             interface to listen on (127.0.0.1)
//   --client-id, --client-secret, --redirect-uri (repeatable)
//   --auth-method      client_secret_post (openid-client's default) or client_secret_basic
//   --conform          ID tokens carry only `sub`; e-mail claims are at userinfo only
//                      (oidc-provider's default; Google puts them in the ID token: the default)
//
// The sign-in page is one field, 'Adresse e-mail': any address signs in, no password. Claims:
// sub (derived from the address), email, email_verified (false for @non-verifie.test), hd (the
// domain). 'Annuler' returns error=access_denied. Consent is implied, as for a first-party
// Google client. PKCE (S256) is required.
import { Buffer } from 'node:buffer';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { URL, URLSearchParams } from 'node:url';
import { parseArgs } from 'node:util';
import Provider from 'oidc-provider';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.OIDC_PORT ?? '0' },
    host: { type: 'string', default: process.env.OIDC_HOST ?? '127.0.0.1' },
    'client-id': { type: 'string', default: process.env.OIDC_CLIENT_ID ?? 'reloc-console' },
    'client-secret': { type: 'string', default: process.env.OIDC_CLIENT_SECRET ?? 'reloc-secret' },
    'redirect-uri': {
      type: 'string',
      multiple: true,
      default: (process.env.OIDC_REDIRECT_URIS ?? 'http://127.0.0.1:3000/callback-sso').split(','),
    },
    'auth-method': {
      type: 'string',
      default: process.env.OIDC_AUTH_METHOD ?? 'client_secret_post',
    },
    conform: { type: 'boolean', default: process.env.OIDC_CONFORM === '1' },
  },
});

const UNVERIFIED_DOMAIN = 'non-verifie.test';

/** accountId (sub) → e-mail of the addresses that signed in. */
const accounts = new Map();

const subOf = (email) => createHash('sha256').update(email).digest('hex').slice(0, 21);

function claimsOf(sub, email) {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return {
    sub,
    email,
    email_verified: domain !== UNVERIFIED_DOMAIN,
    hd: domain,
    name: email.slice(0, email.lastIndexOf('@')),
  };
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'test-rs256', use: 'sig', alg: 'RS256' };
}

async function listen(server, port, host) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server.address().port;
}

// The port must be known before the provider is built (it is the issuer): bind first.
const server = createServer();
const port = await listen(server, Number(args.port), args.host);
const issuer = `http://${args.host}:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: args['client-id'],
      client_secret: args['client-secret'],
      redirect_uris: args['redirect-uri'],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: args['auth-method'],
    },
  ],
  pkce: { required: () => true },
  jwks: { keys: [signingKey()] },
  cookies: { keys: [randomBytes(32).toString('base64url')] },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified', 'hd'],
    profile: ['name'],
  },
  conformIdTokenClaims: args.conform,
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, id) {
    const email = accounts.get(id);
    if (!email) return undefined;
    return { accountId: id, claims: async () => claimsOf(id, email) };
  },
  // A first-party client: the grant is implied, there is no consent screen.
  async loadExistingGrant(ctx) {
    const { client, session, result } = ctx.oidc;
    const grantId = result?.consent?.grantId || session.grantIdFor(client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({
      clientId: client.clientId,
      accountId: session.accountId,
    });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});

const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

function page(res, status, body) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(`<!doctype html><html lang="fr"><head><meta charset="utf-8">
<title>Connexion au fournisseur d'identité</title></head><body><main>${body}</main></body></html>`);
}

async function readForm(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** GET shows the sign-in form; POST signs the given address in and resumes the flow. */
async function interaction(req, res) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name !== 'login') {
    // consent is implied (loadExistingGrant): nothing else to ask
    return provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
  }
  if (req.method === 'GET') {
    const hint = details.params.login_hint ?? '';
    return page(
      res,
      200,
      `<h1>Connexion</h1>
<form method="post" action="/interaction/${escape(details.uid)}">
  <label for="login">Adresse e-mail</label>
  <input id="login" name="login" type="email" required autofocus value="${escape(hint)}">
  <button type="submit">Continuer</button>
  <button type="submit" name="action" value="cancel" formnovalidate>Annuler</button>
</form>`,
    );
  }
  const form = await readForm(req);
  if (form.get('action') === 'cancel') {
    const denied = { error: 'access_denied', error_description: 'End-User aborted interaction' };
    return provider.interactionFinished(req, res, denied, { mergeWithLastSubmission: false });
  }
  const email = (form.get('login') ?? '').trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(email))
    return page(res, 400, '<p role="alert">Adresse invalide</p>');
  const sub = subOf(email);
  accounts.set(sub, email);
  return provider.interactionFinished(
    req,
    res,
    { login: { accountId: sub } },
    { mergeWithLastSubmission: false },
  );
}

const handle = provider.callback();
server.on('request', (req, res) => {
  const { pathname } = new URL(req.url ?? '/', issuer);
  if (!pathname.startsWith('/interaction/')) return handle(req, res);
  interaction(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) page(res, 400, `<p role="alert">${escape(error.message)}</p>`);
  });
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}

console.log(issuer);
