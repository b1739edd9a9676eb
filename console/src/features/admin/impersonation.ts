import { revokeSession } from '../../shared/api/client';
import { clearToken, getToken, setToken } from '../../shared/api/token';

/** The super admin's own session, kept while they impersonate someone ('Incarner'). */
const KEY = 'impersonation';

export type Impersonation = { token: string; as: string };

export function currentImpersonation(): Impersonation | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Impersonation>;
    return typeof value.token === 'string' && typeof value.as === 'string'
      ? { token: value.token, as: value.as }
      : null;
  } catch {
    return null;
  }
}

/** Keeps the current token, switches the session to the impersonated one. */
export function startImpersonation(
  token: string,
  as: string,
  go = (path: string) => window.location.assign(path),
) {
  const own = currentImpersonation()?.token ?? getToken();
  if (own) window.localStorage.setItem(KEY, JSON.stringify({ token: own, as }));
  setToken(token);
  go('/sales');
}

/** Forgets the saved session (the session ended: the next login starts afresh). */
export function forgetImpersonation(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // storage unavailable: nothing was kept either
  }
}

/** 'Revenir à mon compte': ends the impersonated session, back to the super admin's own. */
export function stopImpersonation(go = (path: string) => window.location.assign(path)) {
  const saved = currentImpersonation();
  const impersonated = getToken();
  if (saved && impersonated && impersonated !== saved.token)
    void revokeSession(impersonated, { withCookie: false });
  window.localStorage.removeItem(KEY);
  if (saved) setToken(saved.token);
  else clearToken();
  go('/admin');
}
