import { API_MESSAGES } from '@reloc/domain';
import { ApiError } from '../../../shared/api/client';
import { notify, notifyError } from '../../../shared/ui/toaster';

/** The server's French refusal (e.g. "Impossible d'affecter à cette colonne"), else null. */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.sessionEnded) return null;
  if (error.status < 400 || error.status >= 500) return null;
  if (!error.message || /^HTTP \d+$/.test(error.message) || error.message === 'conflict') {
    return null;
  }
  const fields = error.errors ? Object.values(error.errors).filter(Boolean) : [];
  return fields.length > 0 ? `${error.message} : ${fields.join(', ')}` : error.message;
}

/** A failed workflow call: the server's message when it gave one, else 'Une erreur a eu lieu'. */
export function notifyRefusal(error: unknown): void {
  const message = refusalMessage(error);
  if (message) notify(message, { type: 'error' });
  else notifyError(error);
}

export const GENERIC_ERROR = API_MESSAGES.generic;
