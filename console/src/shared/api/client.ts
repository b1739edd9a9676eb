import { API_MESSAGES } from '@reloc/domain';
import { clearToken, getToken, setToken } from './token';

/** The one HTTP client of the console: every call to the product API goes through it. */
export const API_BASE = '/v1';

export type ApiFieldErrors = Record<string, string>;

/** A non-2xx answer (or a network failure, status 0) of the API. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: ApiFieldErrors;
  /** The call ended the session (token removed, back to the login): nothing more to show. */
  readonly sessionEnded: boolean;
  /** The parsed JSON body of the answer, for callers that need more than the message. */
  readonly body?: unknown;

  constructor(
    status: number,
    message: string,
    errors?: ApiFieldErrors,
    sessionEnded = false,
    body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.sessionEnded = sessionEnded;
    this.body = body;
  }
}

export type QueryValue = string | number | boolean | undefined | null;

export type RequestOptions = {
  /** Serialised as JSON, unless it is FormData (sent as is). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /**
   * false for calls outside a session (login, single sign-on return, release check): no
   * Authorization header, and a 401 is thrown to the caller instead of ending the session.
   */
  session?: boolean;
  /**
   * true: a session failure ('Expired token', 'Invalid credentials') is thrown as it is, with no
   * refresh and no logout (an early load at start-up: the screen that uses it asks again through
   * the usual path, which does both).
   */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Receives the headers of a 2xx answer (a total in `x-total-count`…). */
  onHeaders?: (headers: Headers) => void;
};

type Failure = { status: number; message: string; errors?: ApiFieldErrors; body?: unknown };

let sessionEndedHandler: () => void = () => {
  const { pathname, search } = window.location;
  const redirect = pathname === '/' ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
  window.location.assign(`/${redirect}`);
};

/** Where to go when the session ends (the app plugs in its router; the default reloads). */
export function setSessionEndedHandler(handler: () => void): void {
  sessionEndedHandler = handler;
}

let refreshing: Promise<string | null> | null = null;

/**
 * Tabs of one browser share the token (localStorage) and the refresh cookie, which is single
 * use: a second refresh with a spent one would revoke the session (past the server's short
 * grace for a lost answer). So refreshes run one at a
 * time across tabs (Web Locks; within this tab the shared promise is enough without them).
 */
function oneTabAtATime<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The lock is held until `run` settles; its answer is `run`'s.
  return locks ? (locks.request('reloc-refresh', run) as unknown as Promise<T>) : run();
}

/**
 * POST /refresh: the refresh token travels in its http-only cookie (scripts never see it), the
 * expired access token in the header; concurrent callers, in this tab or others, share one.
 */
function refreshToken(expired: string): Promise<string | null> {
  refreshing ??= oneTabAtATime(async () => {
    // Another tab refreshed (or logged out) while this one waited for the lock.
    const current = getToken();
    if (current !== expired) return current;
    const attempt = async () => {
      const response = await fetch(`${API_BASE}/refresh`, {
        method: 'POST',
        headers: { Accept: 'application/json', Authorization: `Bearer ${expired}` },
        credentials: 'same-origin',
        // A reload during the call must not lose the rotated cookie the answer sets.
        keepalive: true,
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { token?: unknown };
      if (typeof body.token !== 'string' || !body.token) return null;
      setToken(body.token);
      return body.token;
    };
    try {
      return await attempt();
    } catch {
      // The answer was lost (network cut): the server takes the same refresh cookie again for
      // a short grace and answers with the same successor, so one more try is safe.
      try {
        return await attempt();
      } catch {
        return null;
      }
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * POST /logout: the server revokes the session of `token` (by default the stored one); its
 * tokens answer 401 from then on. `keepalive` lets it finish while the page navigates away.
 * The refresh cookie goes too (the server clears it) unless `withCookie` is false.
 */
export async function revokeSession(
  token: string | null = getToken(),
  { withCookie = true }: { withCookie?: boolean } = {},
): Promise<void> {
  try {
    await fetch(`${API_BASE}/logout`, {
      method: 'POST',
      headers: token
        ? { Accept: 'application/json', Authorization: `Bearer ${token}` }
        : { Accept: 'application/json' },
      // Without the cookie for another session than the cookie's (an impersonation's).
      credentials: withCookie ? 'same-origin' : 'omit',
      keepalive: true,
    });
  } catch {
    // offline: the token is dropped all the same, the session expires on the server
  }
}

/** Trades the stored token for a new one (POST /refresh); null when there is none or it fails. */
export function refreshSession(): Promise<string | null> {
  const token = getToken();
  return token ? refreshToken(token) : Promise.resolve(null);
}

function urlOf(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

async function send(
  method: string,
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(urlOf(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'include',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error');
  }
}

async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

async function readFailure(response: Response): Promise<Failure> {
  const failure: Failure = { status: response.status, message: `HTTP ${response.status}` };
  try {
    const body = (await response.json()) as { message?: unknown; errors?: unknown };
    failure.body = body;
    if (typeof body.message === 'string') failure.message = body.message;
    if (body.errors && typeof body.errors === 'object') {
      failure.errors = body.errors as ApiFieldErrors;
    }
  } catch {
    // not JSON: keep the status line
  }
  return failure;
}

function endSession(failure: Failure): ApiError {
  clearToken();
  sessionEndedHandler();
  return new ApiError(failure.status, failure.message, failure.errors, true);
}

const isSessionMessage = (message: string) =>
  message === API_MESSAGES.expiredToken || message === API_MESSAGES.invalidCredentials;

/**
 * Sends a call; answers the parsed JSON (undefined for 204 or an empty body).
 * 'Expired token': one refresh (shared by concurrent calls), then one retry; a failed refresh,
 * a second expiry or 'Invalid credentials' removes the token and returns to the login.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const session = options.session ?? true;
  const sentWith = session ? getToken() : null;
  const response = await send(method, path, options, sentWith);
  if (response.ok) {
    if (response.headers) options.onHeaders?.(response.headers);
    return readBody<T>(response);
  }
  const failure = await readFailure(response);
  if (!session || options.quiet)
    throw new ApiError(failure.status, failure.message, failure.errors, false, failure.body);

  if (failure.message === API_MESSAGES.expiredToken) {
    // Another call may already have refreshed while this one was in flight: reuse its token.
    const current = getToken();
    const fresh =
      current && current !== sentWith ? current : sentWith ? await refreshToken(sentWith) : null;
    if (!fresh) throw endSession(failure);
    const retried = await send(method, path, options, fresh);
    if (retried.ok) {
      if (retried.headers) options.onHeaders?.(retried.headers);
      return readBody<T>(retried);
    }
    const second = await readFailure(retried);
    if (isSessionMessage(second.message)) throw endSession(second);
    throw new ApiError(second.status, second.message, second.errors, false, second.body);
  }
  if (failure.message === API_MESSAGES.invalidCredentials) throw endSession(failure);
  throw new ApiError(failure.status, failure.message, failure.errors, false, failure.body);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
