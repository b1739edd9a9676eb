import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { occurredAt, projectHistory } from '@reloc/domain';
import type { EventStore } from '@reloc/eventstore';
import { EVENT_STORE, READ_DB } from '../infrastructure/tokens';

/** One entry of a timeline (a file's, GET /timeline/for/{id}; a prospect's), as answered. */
export type TimelineItem = {
  _id: string;
  date: string;
  type: string;
  label: string;
  params: Record<string, unknown>;
  author: string | null;
  fromHiL: boolean;
};

/** An entry and its event's place in the log (entries of the same date: the later first). */
type Placed = { item: TimelineItem; position: number };

const PROJECT_STREAM = 'project-';

/**
 * A file's timeline, computed when it is read: the entries its own stream's events make
 * (projectHistory), those of the client mails sent about it (`timeline_mails`), less those an
 * admin hid (`timeline_hidden`). Nothing of it is stored per event, so a rebuild writes none of
 * it; a file's stream is a few dozen events.
 */
@Injectable()
export class ProjectTimeline {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) private readonly db: Database.Database,
  ) {}

  /** Newest first ('Création' always last), hidden entries left out. */
  async entries(targetId: string): Promise<TimelineItem[]> {
    const placed = await this.placedEntries(targetId);
    const hidden = new Set(
      this.db
        .prepare('SELECT id FROM timeline_hidden WHERE id IN (SELECT value FROM json_each(?))')
        .pluck()
        .all(JSON.stringify(placed.map(({ item }) => item._id))) as string[],
    );
    const items = placed
      .filter(({ item }) => !hidden.has(item._id))
      .sort((a, b) =>
        a.item.date === b.item.date ? b.position - a.position : a.item.date < b.item.date ? 1 : -1,
      )
      .map(({ item }) => item);
    // 'Création' is always the last entry, whatever the clock said.
    const creation = items.findIndex((item) => item.type === 'CREATION');
    if (creation >= 0) items.push(...items.splice(creation, 1));
    return items;
  }

  /** The file an entry (hidden or not) belongs to; null when no timeline holds it. */
  async targetOf(entryId: string): Promise<string | null> {
    const mailTarget = this.db
      .prepare('SELECT target_id FROM timeline_mails WHERE id = ?')
      .pluck()
      .get(entryId) as string | undefined;
    if (mailTarget !== undefined) return mailTarget;
    const stream = await this.store.streamOfEvent(entryId);
    if (!stream?.startsWith(PROJECT_STREAM)) return null;
    const targetId = stream.slice(PROJECT_STREAM.length);
    // An event of the file that made no entry (a change of bookkeeping fields only) is none.
    const entries = await this.placedEntries(targetId);
    return entries.some(({ item }) => item._id === entryId) ? targetId : null;
  }

  /** When the file's latest entry happened, hidden ones included; null for no entry. */
  async lastEntryDate(targetId: string): Promise<string | null> {
    let last: string | null = null;
    for (const { item } of await this.placedEntries(targetId))
      if (last === null || item.date > last) last = item.date;
    return last;
  }

  private async placedEntries(targetId: string): Promise<Placed[]> {
    const events = await this.store.readStream(`${PROJECT_STREAM}${targetId}`);
    const entries = projectHistory(events);
    const placed: Placed[] = [];
    events.forEach((event, index) => {
      const entry = entries[index];
      if (!entry) return;
      const actor = (event.metadata.actor ?? {}) as { trigram?: string | null };
      placed.push({
        position: event.position,
        item: {
          _id: event.id,
          // When it happened: a demo event's own backdated time (issue 15 point 26).
          date: occurredAt(event),
          type: entry.type,
          label: entry.label,
          params: entry.params,
          author: actor.trigram ?? null,
          fromHiL: true,
        },
      });
    });
    const mails = this.db
      .prepare(
        'SELECT id, date, position, type, label, params, author FROM timeline_mails WHERE target_id = ?',
      )
      .all(targetId) as {
      id: string;
      date: string;
      position: number;
      type: string;
      label: string;
      params: string;
      author: string | null;
    }[];
    for (const mail of mails)
      placed.push({
        position: mail.position,
        item: {
          _id: mail.id,
          date: mail.date,
          type: mail.type,
          label: mail.label,
          params: JSON.parse(mail.params) as Record<string, unknown>,
          author: mail.author,
          fromHiL: true,
        },
      });
    return placed;
  }
}
