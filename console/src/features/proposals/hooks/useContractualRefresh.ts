import { useEffect } from 'react';
import { fetchProject } from '../../projects/api';
import { useDraft } from '../../projects/page/components/DraftContext';

/** The server checks a new work address every 5 s; its distance follows a few seconds later. */
export const CONTRACTUAL_POLL_MS = 5000;
const MAX_POLLS = 24;

/**
 * While the distance of the saved addresses is being computed (`waiting` is the route it is
 * computed for, null when nothing is awaited), re-reads the project every 5 s (up to 2 minutes
 * per route) and adopts it like any other server answer: fields being edited stay as typed.
 */
export function useContractualRefresh(waiting: string | null) {
  const { draft } = useDraft();
  const projectId = draft.state.base._id;
  const { adopt } = draft;
  useEffect(() => {
    if (!waiting) return undefined;
    let polls = 0;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      polls += 1;
      if (polls > MAX_POLLS) {
        window.clearInterval(timer);
        return;
      }
      fetchProject(projectId, controller.signal).then(adopt, () => {
        // a failed background check is retried at the next tick; nothing to show
      });
    }, CONTRACTUAL_POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [waiting, projectId, adopt]);
}
