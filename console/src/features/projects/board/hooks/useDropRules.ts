import type { ProjectStage } from '@reloc/domain';
import { useCallback, useRef } from 'react';
import { notify } from '../../../../shared/ui/toaster';
import { useShellStore } from '../../../shell/store';
import { fetchProject } from '../../api';
import { moveRefusal, needsWholeFile, tileMoveRefusal } from '../../shared/moveRules';
import type { LeaseTile, ProjectDoc } from '../../types';

/**
 * The §4/§6 stage rules applied to a drop before anything is sent (`stageMoveRefusal`): the
 * tile answers the role and column rules; the completeness gate reads the whole file, fetched
 * when the tile is picked up. The server checks the move again.
 */
export function useDropRules(tiles: Record<string, LeaseTile>) {
  const me = useShellStore((state) => state.me);
  const tilesRef = useRef(tiles);
  tilesRef.current = tiles;
  const files = useRef(new Map<string, Promise<ProjectDoc | null>>());
  const loaded = useRef(new Map<string, ProjectDoc | null>());
  const actor = useRef({ role: me?.role ?? 'USER', trigram: me?.trigram ?? null });
  actor.current = { role: me?.role ?? 'USER', trigram: me?.trigram ?? null };
  const who = useCallback(() => actor.current, []);

  const wholeFile = useCallback((id: string) => {
    let file = files.current.get(id);
    if (!file) {
      file = fetchProject(id)
        .catch(() => null)
        .then((doc) => {
          loaded.current.set(id, doc);
          files.current.delete(id); // the next pick reads the file again
          return doc;
        });
      files.current.set(id, file);
    }
    return file;
  }, []);

  const onPick = useCallback(
    (id: string) => {
      loaded.current.delete(id);
      void wholeFile(id);
    },
    [wholeFile],
  );

  const refusal = useCallback(
    (id: string, stage: ProjectStage): string | null | undefined => {
      const tile = tilesRef.current[id];
      if (!tile) return null;
      const quick = tileMoveRefusal(tile, stage, who());
      if (quick || !needsWholeFile(stage, who()) || tile.currentProgress === stage) return quick;
      if (!loaded.current.has(id)) return undefined;
      const doc = loaded.current.get(id);
      return doc ? moveRefusal(doc, stage, who()) : null;
    },
    [who],
  );

  /** null: send the move; else the reason it is refused (shown in a toast too). */
  const check = useCallback(
    async (id: string, stage: ProjectStage): Promise<string | null> => {
      let reason = refusal(id, stage);
      if (reason === undefined) {
        const doc = await wholeFile(id);
        reason = doc ? moveRefusal(doc, stage, who()) : null;
      }
      if (reason) notify(reason, { type: 'error' });
      return reason || null;
    },
    [refusal, wholeFile, who],
  );

  return { refusal, onPick, check };
}
