import { useEffect } from 'react';
import { VERSION_CHECK_INTERVAL_MS } from '../../../app/config';
import { notify } from '../../../shared/ui/toaster';
import { fetchRelease } from '../api';

export const NEW_VERSION_MESSAGE = 'Une nouvelle version du site est disponible.';

/**
 * Polls GET /release.json every 10 minutes; when `ts` differs from the first value seen, a
 * persistent snackbar offers to reload (spec §8 "New version").
 */
export function NewVersionEffect() {
  useEffect(() => {
    let first: number | undefined;
    let announced = false;
    const check = async () => {
      try {
        const { ts } = await fetchRelease();
        if (first === undefined) first = ts;
        else if (ts !== first && !announced) {
          announced = true;
          notify(NEW_VERSION_MESSAGE, {
            id: 'new-version',
            persistent: true,
            action: { label: 'Rafraichir', onClick: () => window.location.reload() },
          });
        }
      } catch {
        // the next check will tell; an unreachable server is the offline banner's business
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return null;
}
