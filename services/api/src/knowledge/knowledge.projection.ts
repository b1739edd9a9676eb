import type { KbItemEvent } from '@reloc/domain';
import { Projection } from '../infrastructure/projection';

// Every knowledge event type, checked by the compiler: a new one cannot be forgotten here.
const KB_EVENT_TYPES: Record<KbItemEvent['type'], true> = {
  KbItemCreated: true,
  KbItemUpdated: true,
  KbItemDeleted: true,
};

/** Knowledge-base articles (`kbitem-<id>` streams), one row each. */
export const knowledgeProjection: Projection = {
  name: 'knowledge',
  version: 1,
  handles: Object.keys(KB_EVENT_TYPES),
  setup(db) {
    db.exec(`CREATE TABLE IF NOT EXISTS kb_items (
      id TEXT PRIMARY KEY, title TEXT NOT NULL, content TEXT NOT NULL,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL
    );`);
  },
  drop(db) {
    db.exec('DROP TABLE IF EXISTS kb_items');
  },
  apply(db, event) {
    const e = { type: event.type, data: event.data } as KbItemEvent;
    switch (e.type) {
      case 'KbItemCreated':
        db.prepare(
          'INSERT OR REPLACE INTO kb_items (id, title, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
        ).run(e.data.kbItemId, e.data.title, e.data.content, e.data.at, e.data.at);
        return;
      case 'KbItemUpdated':
        db.prepare('UPDATE kb_items SET title = ?, content = ?, updated_at = ? WHERE id = ?').run(
          e.data.title,
          e.data.content,
          e.data.at,
          e.data.kbItemId,
        );
        return;
      case 'KbItemDeleted':
        db.prepare('DELETE FROM kb_items WHERE id = ?').run(e.data.kbItemId);
        return;
    }
  },
};
