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
