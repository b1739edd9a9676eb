import type { CommentEvent } from '@reloc/domain';
import { Projection } from '../infrastructure/projection';

type Data<T extends CommentEvent['type']> = Extract<CommentEvent, { type: T }>['data'];

/** Comments of a project or prospect, newest first on read. */
export const commentsProjection: Projection = {
  name: 'comments',
  version: 1,
  handles: ['CommentAdded', 'CommentDeleted'],
  setup(db) {
    db.exec(`CREATE TABLE IF NOT EXISTS comments (
      id TEXT PRIMARY KEY, target_id TEXT NOT NULL, content TEXT NOT NULL, visibility TEXT NOT NULL,
      owner TEXT NOT NULL, author_id TEXT NOT NULL, author TEXT, created_at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS comments_target ON comments (target_id, created_at);`);
  },
  drop(db) {
    db.exec('DROP TABLE IF EXISTS comments');
  },
  apply(db, event) {
    if (event.type === 'CommentAdded') {
      const d = event.data as Data<'CommentAdded'>;
      db.prepare(
        `INSERT OR REPLACE INTO comments (id, target_id, content, visibility, owner, author_id, author, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        d.commentId,
        d.targetId,
        d.content,
        d.visibility,
        d.owner,
        d.authorId,
        d.author,
        d.createdAt,
      );
    } else {
      db.prepare('DELETE FROM comments WHERE id = ?').run(
        (event.data as Data<'CommentDeleted'>).commentId,
      );
    }
  },
};
