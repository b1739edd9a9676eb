import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError } from '../../../shared/api/client';
import { useShellStore } from '../../shell/store';
import { disableProjectNotifications, fetchNotificationPage, recordProspectSeen } from '../api';
import { useNotificationsStore } from '../store';

/** How often the badge asks for news (no figure in the spec: a minute keeps it fresh). */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

const PROJECT_PATH = /^\/project\/([0-9a-f]{24})(\/|$)/;
const PROSPECT_PATH = /^\/prospect\/([0-9a-f]{24})(\/|$)/;

/** Reloads the first page of the feed into the shell store and the unseen count. */
export async function refreshNotifications(signal?: AbortSignal): Promise<void> {
  const page = await fetchNotificationPage(0, 100, signal);
  useShellStore.getState().setNotifications(page.notifications, page.total, page.unseen);
  useNotificationsStore.getState().setUnseen(page.unseen);
}

const quiet = (error: unknown) => {
  // A background refresh never raises a snackbar; the page's own calls do.
  if (error instanceof ApiError || error instanceof DOMException) return;
  console.warn(error);
};

/**
 * Keeps the toolbar badge current: every minute, and when a page is opened that reads news —
 * a project page marks that file's notifications read (§7 "marked read per project"), a
 * prospect page puts out its tile's flame.
 */
export function NotificationsSyncEffect() {
  const { pathname } = useLocation();
  const logged = useShellStore((state) => state.me !== null);

  useEffect(() => {
    if (!logged) {
      useNotificationsStore.getState().reset(); // the next account starts from its own count
      return;
    }
    const controller = new AbortController();
    // The shell has just loaded the same first page (and the unseen count) to come up: it is
    // not asked again at once (one /notifications call at start-up), only on the next tick.
    const shell = useShellStore.getState();
    const fresh =
      shell.notificationsAt !== null &&
      shell.notificationsUnseen !== null &&
      Date.now() - shell.notificationsAt < NOTIFICATIONS_REFRESH_MS;
    if (fresh && shell.notificationsUnseen !== null)
      useNotificationsStore.getState().setUnseen(shell.notificationsUnseen);
    else refreshNotifications(controller.signal).catch(quiet);
    const timer = window.setInterval(
      () => void refreshNotifications(controller.signal).catch(quiet),
      NOTIFICATIONS_REFRESH_MS,
    );
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [logged]);

  useEffect(() => {
    if (!logged) return;
    const project = PROJECT_PATH.exec(pathname)?.[1];
    const prospect = PROSPECT_PATH.exec(pathname)?.[1];
    if (project)
      disableProjectNotifications(project)
        .then(({ ids }) => (ids.length ? refreshNotifications() : undefined))
        .catch(quiet);
    if (prospect) recordProspectSeen(prospect).catch(quiet);
  }, [logged, pathname]);

  return null;
}
