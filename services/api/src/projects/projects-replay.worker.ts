import type { Project } from '@reloc/domain';
import { serveReplayPages } from '../infrastructure/replay-worker';
import { foldInto, pageWrites, storedProject } from './projects.projection';

// The projects projection's pages during a replay (projects.projection.ts `replayWorker`):
// files folded and serialised here, their rows written by the projector. A page is folded
// before the one before it is committed: the files that one changed are carried over.
serveReplayPages((db) => {
  const storedDoc = db.prepare('SELECT doc FROM project_docs WHERE id = ?').pluck();
  return (events, carried) => {
    const before = carried as Map<string, Project> | undefined;
    const held = new Map<string, Project>();
    for (const event of events)
      foldInto(held, event, (id) => {
        // A copy: folding changes a state in place, and the page may be worked out again.
        const carriedState = before?.get(id);
        return carriedState
          ? { ...carriedState }
          : storedProject(storedDoc.get(id) as string | undefined);
      });
    return { answer: pageWrites(held), carry: held };
  };
});
