// The session token lives in localStorage under `token` (spec §7 "Session and infrastructure").
const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable: nothing was stored either
  }
}

/** The claims of the token the console reads (the server checks them; this only guesses). */
export type TokenClaims = { sub: string; role: string; sid: string; exp: number };

/** The stored token's claims, read without checking the signature; null when unreadable. */
export function tokenClaims(token: string | null = getToken()): TokenClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as Partial<TokenClaims>;
    return typeof claims.sub === 'string' &&
      typeof claims.role === 'string' &&
      typeof claims.sid === 'string' &&
      typeof claims.exp === 'number'
      ? { sub: claims.sub, role: claims.role, sid: claims.sid, exp: claims.exp }
      : null;
  } catch {
    return null;
  }
}
