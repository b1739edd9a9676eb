import { useEffect, useState } from 'react';
import { lazyPart, whenIdle } from './lazyPart';
import { toaster } from './toaster';

const Snackbar = lazyPart(
  () => import('./Snackbar'),
  (m) => m.Snackbar,
);

/**
 * The snackbars, their code (the toast machines) fetched once the browser is idle or when the
 * first one is created, whichever comes first; the toaster's store keeps what was created
 * meanwhile, and the snackbars show it when they mount.
 */
export function LazySnackbar() {
  const [mounted, setMounted] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (mounted) return;
    const stop = toaster.subscribe(() => setMounted(true));
    const cancel = whenIdle(() => setMounted(true));
    return () => {
      stop();
      cancel();
    };
  }, [mounted]);
  return mounted ? <Snackbar /> : null;
}
