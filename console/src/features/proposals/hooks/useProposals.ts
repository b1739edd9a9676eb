import type { ProjectPlaces } from '@reloc/domain';
import { useEffect, useMemo } from 'react';
import { distancesPending } from '../changes';
import { useProposalsStore } from '../store';

/** Travel times are polled every 2 s while one is pending (jobs run a few seconds after). */
export const DISTANCE_POLL_MS = 2000;
/** A worker that never answers must not keep the page polling forever (2 minutes). */
const MAX_POLLS = 60;

/** Loads the file's proposals on mount and polls while travel times are pending. */
export function useProposals(projectId: string, places: ProjectPlaces) {
  const rows = useProposalsStore((state) => state.rows);
  const status = useProposalsStore((state) => state.status);
  const loadedFor = useProposalsStore((state) => state.projectId);
  const load = useProposalsStore((state) => state.load);
  const setPollingStopped = useProposalsStore((state) => state.setPollingStopped);
  const pollRound = useProposalsStore((state) => state.pollRound);

  useEffect(() => {
    void load(projectId, useProposalsStore.getState().projectId === projectId);
  }, [load, projectId]);

  const pending = useMemo(
    () => loadedFor === projectId && rows.some((row) => distancesPending(row, places)),
    [rows, places, loadedFor, projectId],
  );

  useEffect(() => {
    if (!pending) return undefined;
    let polls = 0;
    setPollingStopped(false);
    const timer = window.setInterval(() => {
      polls += 1;
      if (polls > MAX_POLLS) {
        window.clearInterval(timer);
        setPollingStopped(true);
      } else void load(projectId, true);
    }, DISTANCE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [pending, load, projectId, setPollingStopped, pollRound]);

  return { rows: loadedFor === projectId ? rows : [], status, pending };
}
