/**
 * What the browser does during Google sign-in, with fetch: redirects followed by hand and a
 * cookie jar per host (cookies ignore ports, as in a browser; paths are ignored here).
 */
export class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: string, response: Response): void {
    const host = new URL(url).hostname;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    this.cookies.set(host, jar);
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const expired = attributes.some(
        (a) => /^max-age=(0|-)/i.test(a) || /^expires=.*1970/i.test(a),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  header(url: string): string {
    const jar = this.cookies.get(new URL(url).hostname);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  get(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).hostname)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const host = new URL(url).hostname;
    this.cookies.set(host, (this.cookies.get(host) ?? new Map<string, string>()).set(name, value));
  }
}

/** One request with the jar's cookies, no redirect followed; stores the answer's cookies. */
export async function send(
  jar: CookieJar,
  url: string,
  init: { method?: string; body?: string; contentType?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  const cookie = jar.header(url);
  if (cookie) headers.cookie = cookie;
  if (init.contentType) headers['content-type'] = init.contentType;
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    body: init.body,
    headers,
    redirect: 'manual',
  });
  jar.store(url, response);
  return response;
}

function locationOf(response: Response, base: string): string {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location) {
    throw new Error(`expected a redirect from ${base}, got ${response.status}`);
  }
  return new URL(location, base).href;
}

/** Follows redirects while they stay on `origin`; returns the first URL that leaves it. */
async function followWithin(jar: CookieJar, start: string, origin: string): Promise<string> {
  let url = start;
  for (let hops = 0; hops < 10 && new URL(url).origin === origin; hops++) {
    const response = await send(jar, url);
    if (response.status === 200) return url; // a page to fill in
    url = locationOf(response, url);
  }
  return url;
}

/**
 * GET /v1/login-sso, then the provider's sign-in page, signed in as `email` (or cancelled when
 * null), up to the return URL towards the console's /callback-sso (not loaded: it is the SPA).
 */
export async function throughProvider(
  jar: CookieJar,
  apiUrl: string,
  issuer: string,
  email: string | null,
): Promise<URL> {
  const start = await send(jar, `${apiUrl}/v1/login-sso`);
  const authorizeUrl = locationOf(start, apiUrl);
  const providerOrigin = new URL(issuer).origin;
  const interactionUrl = await followWithin(jar, authorizeUrl, providerOrigin);
  if (!new URL(interactionUrl).pathname.startsWith('/interaction/')) {
    throw new Error(`expected the provider's sign-in page, got ${interactionUrl}`);
  }
  const submitted = await send(jar, interactionUrl, {
    method: 'POST',
    body: new URLSearchParams(email === null ? { action: 'cancel' } : { login: email }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  });
  const back = await followWithin(jar, locationOf(submitted, interactionUrl), providerOrigin);
  return new URL(back);
}

export type ProviderReturn = { callbackUrl: URL; code: string; state: string | null };

/**
 * GET /v1/login-sso, then the provider's sign-in page as `email`, up to the return to the
 * console's /callback-sso (not loaded: that page is the SPA).
 */
export async function signInAtProvider(
  jar: CookieJar,
  apiUrl: string,
  issuer: string,
  email: string,
): Promise<ProviderReturn> {
  const callbackUrl = await throughProvider(jar, apiUrl, issuer, email);
  const code = callbackUrl.searchParams.get('code');
  if (!code) throw new Error(`the provider came back without a code: ${callbackUrl.href}`);
  return { callbackUrl, code, state: callbackUrl.searchParams.get('state') };
}

/** What the console's /callback-sso page does: POST /v1/callback-sso {code, state}. */
export async function exchange(
  jar: CookieJar,
  apiUrl: string,
  body: { code: string; state?: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await send(jar, `${apiUrl}/v1/callback-sso`, {
    method: 'POST',
    body: JSON.stringify(body),
    contentType: 'application/json',
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}
