import type { Project } from '@reloc/domain';
import { serveReplayPages } from '../infrastructure/replay-worker';
import {
  evictOldest,
  foldInto,
  MAX_HELD_FILES,
  pageWrites,
  storedProject,
} from './projects.projection';

// The projects projection's pages during a replay (projects.projection.ts `replayWorker`): the
// files are folded here and held across pages, as the projection holds them during a replay on
// the projector's thread; each answer writes those evicted, the last one those left.
serveReplayPages((db, heldLimit = MAX_HELD_FILES) => {
  const storedDoc = db.prepare('SELECT doc FROM project_docs WHERE id = ?').pluck();
  /** Files held, least recently touched first. */
  const held = new Map<string, Project>();
  /**
   * Those the last page evicted: its answer writes them, but the next page is worked out
   * before that answer is committed.
   */
  let recent = new Map<string, Project>();
  const stored = (id: string): Project | null =>
    recent.get(id) ?? storedProject(storedDoc.get(id) as string | undefined);

  return {
    page(events) {
      for (const event of events) foldInto(held, event, stored, { lastTouchedLast: true });
      recent = held.size > heldLimit ? evictOldest(held, held.size - heldLimit) : new Map();
      return pageWrites(recent);
    },
    finish() {
      return pageWrites(held);
    },
  };
});
