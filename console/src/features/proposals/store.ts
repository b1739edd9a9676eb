import { byPosition } from '@reloc/domain';
import { create } from 'zustand';
import { notifyError } from '../../shared/ui/toaster';
import { addProposal, fetchProposals, updateProposal } from './api';
import type { ProposalChange } from './changes';
import type { ProposalRow } from './types';

export type ProposalsStatus = 'idle' | 'loading' | 'ready' | 'error';

type ProposalsState = {
  projectId: string | null;
  rows: ProposalRow[];
  status: ProposalsStatus;
  /** Travel-time polling gave up (no worker answer within its limit): stop saying 'Calcul…'. */
  pollingStopped: boolean;
  setPollingStopped: (stopped: boolean) => void;
  /** Bumped by 'Recalculer': the travel-time polling starts again. */
  pollRound: number;
  restartPolling: () => void;
  /** Re-reads the file's proposals; `quiet` keeps the current rows on screen meanwhile. */
  load: (projectId: string, quiet?: boolean) => Promise<void>;
  /** One PUT, optimistic: the preview at once, the server's row after, the old row on failure. */
  apply: (hostId: string, change: ProposalChange) => Promise<boolean>;
  /** POST …/host/{hostId}; the caller reads 409 / 404 from the thrown ApiError. */
  add: (hostId: string) => Promise<void>;
  reset: () => void;
};

// Rows with an update in flight keep their local state when a poll answers meanwhile.
const updating = new Map<string, number>();
let loading: Promise<void> | null = null;

const sorted = (rows: ProposalRow[]) => byPosition(rows);

/** The proposals of the open project page, shared by the Proposals and Visits tabs. */
export const useProposalsStore = create<ProposalsState>()((set, get) => ({
  projectId: null,
  rows: [],
  status: 'idle',
  pollingStopped: false,
  setPollingStopped: (pollingStopped) => set({ pollingStopped }),
  pollRound: 0,
  restartPolling: () => set({ pollingStopped: false, pollRound: get().pollRound + 1 }),

  load: async (projectId, quiet = false) => {
    if (get().projectId !== projectId) {
      set({ projectId, rows: [], status: 'loading', pollingStopped: false });
      loading = null;
    } else if (!quiet) set({ status: get().status === 'ready' ? 'ready' : 'loading' });
    if (loading) return loading;
    loading = (async () => {
      try {
        const rows = await fetchProposals(projectId);
        if (get().projectId !== projectId) return;
        const local = new Map(get().rows.map((row) => [row.idSell, row]));
        const merged = rows.map((row) =>
          updating.has(row.idSell) ? (local.get(row.idSell) ?? row) : row,
        );
        set({ rows: sorted(merged), status: 'ready' });
      } catch (error) {
        if (get().projectId !== projectId) return;
        if (!quiet || get().status !== 'ready') set({ status: 'error' });
        notifyError(error);
      } finally {
        loading = null;
      }
    })();
    return loading;
  },

  apply: async (hostId, { body, patch }) => {
    const projectId = get().projectId;
    const before = get().rows.find((row) => row.idSell === hostId);
    if (!projectId || !before) return false;
    const replace = (next: ProposalRow) =>
      set({ rows: sorted(get().rows.map((row) => (row.idSell === hostId ? next : row))) });
    replace({ ...before, ...patch });
    updating.set(hostId, (updating.get(hostId) ?? 0) + 1);
    try {
      const answer = await updateProposal(projectId, hostId, body);
      if (get().projectId === projectId)
        replace({ ...answer, _host: answer._host ?? before._host });
      return true;
    } catch (error) {
      if (get().projectId === projectId) replace(before);
      notifyError(error);
      return false;
    } finally {
      const left = (updating.get(hostId) ?? 1) - 1;
      if (left > 0) updating.set(hostId, left);
      else updating.delete(hostId);
    }
  },

  add: async (hostId) => {
    const projectId = get().projectId;
    if (!projectId) return;
    const row = await addProposal(projectId, hostId);
    if (get().projectId !== projectId) return;
    set({ rows: sorted([...get().rows.filter((r) => r.idSell !== row.idSell), row]) });
  },

  reset: () => {
    updating.clear();
    loading = null;
    set({ projectId: null, rows: [], status: 'idle', pollingStopped: false });
  },
}));
