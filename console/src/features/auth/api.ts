import type { Role } from '@reloc/domain';
import { api, refreshSession } from '../../shared/api/client';
import { getToken } from '../../shared/api/token';

export type LoggedStatus = {
  ok: boolean;
  isLogged: true;
  id: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  trigram?: string | null;
  createdAt: string;
  projectId: string | null;
  billing?: { outstanding: number };
  rewards?: { custom: number };
};

export type SessionStatus = { ok: boolean; isLogged: false } | LoggedStatus;

/** The browser goes there for Google sign-in; the provider comes back to /callback-sso?code=. */
export const SSO_LOGIN_URL = '/v1/login-sso';

export const fetchStatus = (signal?: AbortSignal, quiet?: boolean) =>
  api.get<SessionStatus>('/status.json', { signal, quiet });

/**
 * The login status of the stored token. status.json is public and may answer isLogged:false for
 * an expired token instead of 'Expired token': then the token is refreshed once and asked again.
 */
export async function fetchSessionStatus(signal?: AbortSignal): Promise<SessionStatus> {
  const status = await fetchStatus(signal);
  if (status.isLogged || getToken() === null || signal?.aborted) return status;
  return (await refreshSession()) ? fetchStatus(signal) : status;
}

export const loginPartner = (email: string, password: string) =>
  api.post<{ token: string }>('/login-partner', { email, password }, { session: false });

export const callbackSso = (code: string, state?: string) =>
  api.post<{ token: string }>('/callback-sso', state ? { code, state } : { code }, {
    session: false,
  });
