import type Database from 'better-sqlite3';
import { Proposal, proposalDecider, ProposalEvent, proposalPosition } from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

// Every proposal event type, checked by the compiler: a new one cannot be forgotten here.
const PROPOSAL_EVENT_TYPES: Record<ProposalEvent['type'], true> = {
  ProposalCreated: true,
  ProposalStatusChanged: true,
  ProposalFolderStatusChanged: true,
  ProposalOwnerSet: true,
  ProposalOpinionSet: true,
  VisitPlanned: true,
  VisitUnplanned: true,
  VisitAuthorSet: true,
  VisitCancelled: true,
  VisitReportRecorded: true,
  ProposalDistancesSet: true,
  ProposalCommentAdded: true,
  ProposalDisabledSet: true,
  ProposalClientNotified: true,
};

function prepare(db: Database.Database) {
  return {
    doc: db.prepare('SELECT doc FROM proposals WHERE stream_id = ?').pluck(),
    save: db.prepare(
      `INSERT OR REPLACE INTO proposals
        (stream_id, id, project_id, host_id, status, disabled, liked, disliked, position,
         proposed_date, visit_date, doc)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
}

const sql = preparedPerConnection(prepare);

/**
 * Proposals (`proposal-<projectId>-<hostId>` streams), folded with the domain's own `evolve`:
 * the whole proposal as a document, plus the columns the lists filter and sort on.
 */
export const proposalsProjection: Projection = {
  name: 'proposals',
  version: 1,
  handles: Object.keys(PROPOSAL_EVENT_TYPES),
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS proposals (
        stream_id TEXT PRIMARY KEY, id TEXT NOT NULL, project_id TEXT NOT NULL,
        host_id TEXT NOT NULL, status TEXT NOT NULL, disabled INTEGER NOT NULL, liked TEXT,
        disliked TEXT, position INTEGER NOT NULL, proposed_date TEXT, visit_date TEXT,
        doc TEXT NOT NULL
      );
      CREATE UNIQUE INDEX IF NOT EXISTS proposals_pair ON proposals (project_id, host_id);
      CREATE INDEX IF NOT EXISTS proposals_project ON proposals (project_id, position, proposed_date);
      CREATE INDEX IF NOT EXISTS proposals_host ON proposals (host_id, proposed_date);
      CREATE INDEX IF NOT EXISTS proposals_visit ON proposals (visit_date);`);
    sql.forget(db);
  },
  drop(db) {
    sql.forget(db);
    db.exec('DROP TABLE IF EXISTS proposals;');
  },
  apply(db, event: RecordedEvent) {
    const raw = sql(db).doc.get(event.streamId) as string | undefined;
    const before = raw ? (JSON.parse(raw) as Proposal) : proposalDecider.initialState();
    const after = proposalDecider.evolve(before, {
      type: event.type,
      data: event.data,
    } as ProposalEvent);
    sql(db).save.run(
      event.streamId,
      after._id,
      after.idBuy,
      after.idSell,
      after.status,
      after.disabled ? 1 : 0,
      after.liked,
      after.disliked,
      proposalPosition(after),
      after.proposedDate,
      after.visited?.dateVisite ?? null,
      JSON.stringify(after),
    );
  },
};
