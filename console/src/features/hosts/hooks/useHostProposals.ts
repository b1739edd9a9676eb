import { useCallback, useEffect, useState } from 'react';
import { notifyError } from '../../../shared/ui/toaster';
import { fetchHostProposals } from '../api';
import type { HostProposal } from '../types';

/** The files this host was proposed to; `reload` after adding one. */
export function useHostProposals(hostId: string) {
  const [proposals, setProposals] = useState<HostProposal[] | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchHostProposals(hostId, controller.signal).then(setProposals, (error: unknown) => {
      if (controller.signal.aborted) return;
      notifyError(error);
      setProposals((current) => current ?? []);
    });
    return () => controller.abort();
  }, [hostId, version]);

  return { proposals, reload: useCallback(() => setVersion((v) => v + 1), []) };
}
