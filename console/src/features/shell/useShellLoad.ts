import { isStaff } from '@reloc/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../shared/api/client';
import { clearToken } from '../../shared/api/token';
import { notifyError } from '../../shared/ui/toaster';
import { earlyOr } from '../../shared/api/early';
import { fetchSessionStatus, type SessionStatus } from '../auth/api';
import { endSession, loginPathFor } from '../auth/session';
import { EARLY_SHELL, fetchNotifications, fetchStaff } from './api';
import { useShellStore } from './store';

export type ShellPhase = 'loading' | 'ready' | 'error';

/**
 * The default layout's load sequence (spec §2 "Layouts and shell"): the login status; not
 * logged in → home, remembering the requested path; a USER is logged out; otherwise the
 * notifications and the staff list.
 */
export function useShellLoad(): { phase: ShellPhase; retry: () => void } {
  const navigate = useNavigate();
  const location = useLocation();
  const requested = useRef(location);
  const [phase, setPhase] = useState<ShellPhase>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const load = async () => {
      // Asked at start-up beside the code (app/early.ts) when a session was stored; a status
      // that is not logged in is asked again the usual way (it refreshes an expired token).
      const early = await earlyOr<SessionStatus | null>(EARLY_SHELL.status, async () => null);
      const status = early?.isLogged ? early : await fetchSessionStatus(signal);
      if (signal.aborted) return;
      if (!status.isLogged) {
        clearToken();
        navigate(loginPathFor(requested.current), { replace: true });
        return;
      }
      if (!isStaff(status.role)) {
        endSession();
        navigate('/', { replace: true });
        return;
      }
      const store = useShellStore.getState();
      store.setMe(status);
      const [notifications, staff] = await Promise.allSettled([
        earlyOr(EARLY_SHELL.notifications, () => fetchNotifications(signal)),
        earlyOr(EARLY_SHELL.staff, () => fetchStaff(signal)),
      ]);
      if (signal.aborted) return;
      if (notifications.status === 'fulfilled') {
        store.setNotifications(
          notifications.value.notifications,
          notifications.value.total,
          notifications.value.unseen,
        );
      } else {
        notifyError(notifications.reason);
      }
      if (staff.status === 'fulfilled') store.setStaff(staff.value);
      else notifyError(staff.reason);
      if (
        [notifications, staff].some(
          (r) => r.status === 'rejected' && r.reason instanceof ApiError && r.reason.sessionEnded,
        )
      ) {
        return;
      }
      setPhase('ready');
    };
    load().catch((error: unknown) => {
      if (signal.aborted || (error instanceof ApiError && error.sessionEnded)) return;
      notifyError(error);
      setPhase('error');
    });
    return () => controller.abort();
  }, [attempt, navigate]);

  const retry = useCallback(() => {
    setPhase('loading');
    setAttempt((n) => n + 1);
  }, []);

  return { phase, retry };
}
