import { LOGIN_MESSAGES } from '@reloc/domain';
import { ApiError } from '../../shared/api/client';

/** Spec §8: 401 → bad credentials; 429 → the server's message; anything else → internal. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return LOGIN_MESSAGES.badCredentials;
    if (error.status === 429) return error.message || LOGIN_MESSAGES.tooManyAttempts;
  }
  return LOGIN_MESSAGES.internal;
}

/** Spec §8, single sign-on return: 401 → deactivated; 404 → unknown account; else internal. */
export function ssoErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return LOGIN_MESSAGES.ssoDeactivated;
    if (error.status === 404) return LOGIN_MESSAGES.ssoUnknown;
  }
  return LOGIN_MESSAGES.internal;
}
