import { useCallback } from 'react';
import { notifyRefusal } from '../../projects/shared/errors';
import { useDraft } from '../../projects/page/components/DraftContext';
import type { ProjectDoc } from '../../projects/types';
import { putProspect } from '../api';
import type { ProspectDoc } from '../types';

/** The prospect as the server last answered it. */
export function useProspect(): ProspectDoc {
  return useDraft().draft.state.base as ProspectDoc;
}

/**
 * A workflow change (stage, abandon, assignees, rewards, tags): pending edits are saved first,
 * then PUT with the change alone; the answer is adopted (edits in progress kept). Returns
 * whether the server took it; a refusal shows its French message.
 */
export function useProspectAction() {
  const { draft } = useDraft();
  const { flush, adopt } = draft;
  const base = draft.state.base;
  return useCallback(
    async (changes: Record<string, unknown>): Promise<boolean> => {
      await flush();
      try {
        adopt((await putProspect(base._id, base._revision, changes)) as ProjectDoc);
        return true;
      } catch (error) {
        notifyRefusal(error);
        return false;
      }
    },
    [flush, adopt, base._id, base._revision],
  );
}
