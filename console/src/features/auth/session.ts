import { revokeSession } from '../../shared/api/client';
import { forgetEarly } from '../../shared/api/early';
import { forgetImpersonation } from '../admin/impersonation';
import { clearToken, setToken } from '../../shared/api/token';
import { postToWrapper } from '../../shared/mobile/wrapper';
import { useShellStore } from '../shell/store';

/** Where a login goes when no route was requested before (spec §2 "Home / login"). */
export const DEFAULT_ROUTE = '/sales';

const SSO_REDIRECT_KEY = 'reloc.ssoRedirect';

/** A stored login: keep the token, tell the mobile wrapper. */
export function startSession(token: string): void {
  setToken(token);
  postToWrapper({ type: 'login', token });
}

/** The toolbar's logout: the server revokes the session, then the console forgets it. */
export async function logout(): Promise<void> {
  await revokeSession();
  endSession();
}

/** Logout clears the token (spec §7), tells the wrapper and forgets the loaded shell data. */
export function endSession(): void {
  clearToken();
  forgetEarly();
  forgetImpersonation();
  postToWrapper({ type: 'logout' });
  useShellStore.getState().reset();
}

/** Only same-site paths are followed after a login (no `//host` or absolute URL). */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw === '/' || raw.startsWith('/?') || raw.startsWith('/callback-sso')) return null;
  return raw;
}

/** The login URL that brings the user back to `path` afterwards. */
export function loginPathFor(location: { pathname: string; search?: string }): string {
  const back = safeRedirect(location.pathname + (location.search ?? ''));
  return back ? `/?redirect=${encodeURIComponent(back)}` : '/';
}

/** Google sign-in leaves the SPA: keep the requested route for the return. */
export function rememberSsoRedirect(redirect: string | null): void {
  try {
    if (redirect) window.sessionStorage.setItem(SSO_REDIRECT_KEY, redirect);
    else window.sessionStorage.removeItem(SSO_REDIRECT_KEY);
  } catch {
    // storage unavailable: the return goes to the default route
  }
}

export function takeSsoRedirect(): string | null {
  try {
    const value = window.sessionStorage.getItem(SSO_REDIRECT_KEY);
    window.sessionStorage.removeItem(SSO_REDIRECT_KEY);
    return safeRedirect(value);
  } catch {
    return null;
  }
}
