import { createToaster } from '@chakra-ui/react';
import { API_MESSAGES } from '@reloc/domain';
import { ApiError } from '../api/client';
import { SNACKBAR_TIMEOUT_MS } from '../../app/config';

/** The snackbar of the console: bottom of the screen, 7 s by default (spec §9). */
export const toaster = createToaster({
  placement: 'bottom',
  duration: SNACKBAR_TIMEOUT_MS,
  max: 4,
});

type SnackbarAction = { label: string; onClick: () => void };

export function notify(
  message: string,
  options: {
    id?: string;
    type?: 'info' | 'error' | 'success' | 'warning';
    persistent?: boolean;
    action?: SnackbarAction;
  } = {},
): string {
  return toaster.create({
    // An explicit `id: undefined` would replace the generated id (zag then refuses the toast).
    ...(options.id ? { id: options.id } : {}),
    title: message,
    type: options.type ?? 'info',
    duration: options.persistent ? Infinity : SNACKBAR_TIMEOUT_MS,
    closable: true,
    action: options.action,
  });
}

/** The generic failure of a call: snackbar 'Une erreur a eu lieu' (7 s). */
export function notifyError(error?: unknown): void {
  if (error instanceof ApiError && error.sessionEnded) return; // already back at the login
  if (error instanceof DOMException && error.name === 'AbortError') return;
  notify(API_MESSAGES.generic, { type: 'error', id: 'generic-error' });
}
