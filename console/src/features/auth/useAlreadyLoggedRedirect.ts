import { isStaff } from '@reloc/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearToken, getToken } from '../../shared/api/token';
import { fetchSessionStatus } from './api';
import { endSession } from './session';

/**
 * On arrival at the login page with a stored token: if status.json says a staff member is
 * logged in, go to `target` at once (spec §2). Answers true while that check runs.
 */
export function useAlreadyLoggedRedirect(target: string): boolean {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(() => getToken() !== null);

  useEffect(() => {
    if (getToken() === null) return;
    const controller = new AbortController();
    fetchSessionStatus(controller.signal)
      .then((status) => {
        if (controller.signal.aborted) return;
        if (status.isLogged && isStaff(status.role)) {
          navigate(target, { replace: true });
          return;
        }
        if (status.isLogged) endSession();
        else clearToken();
        setChecking(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setChecking(false);
      });
    return () => controller.abort();
  }, [navigate, target]);

  return checking;
}
