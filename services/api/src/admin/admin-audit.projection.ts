import type { MasterPasswordEvent, SessionEvent, UserEvent } from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';

type Impersonated = Extract<UserEvent, { type: 'UserImpersonated' }>['data'];
type Revoked = Extract<SessionEvent, { type: 'SessionRevoked' }>['data'];
type Actor = { id?: string; trigram?: string | null };

/**
 * The sensitive acts, for the audit list: impersonations, master passwords, and spent refresh
 * tokens presented again (the session was revoked: a stolen or replayed token).
 */
export const adminAuditProjection: Projection = {
  name: 'admin-audit',
  version: 2,
  handles: ['UserImpersonated', 'MasterPasswordEnabled', 'SessionRevoked'],
  setup(db) {
    db.exec(`CREATE TABLE IF NOT EXISTS admin_audit (
      id TEXT PRIMARY KEY, type TEXT NOT NULL, at TEXT NOT NULL, by_id TEXT, by_email TEXT,
      by_trigram TEXT, target_email TEXT NOT NULL, target_id TEXT, details TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS admin_audit_at ON admin_audit (at);`);
  },
  drop(db) {
    db.exec('DROP TABLE IF EXISTS admin_audit');
  },
  apply(db, event: RecordedEvent) {
    const actor = (event.metadata.actor ?? {}) as Actor;
    const insert = db.prepare(
      `INSERT OR REPLACE INTO admin_audit
        (id, type, at, by_id, by_email, by_trigram, target_email, target_id, details)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    if (event.type === 'UserImpersonated') {
      const d = event.data as Impersonated;
      insert.run(
        event.id,
        'impersonation',
        d.at,
        d.byUserId,
        d.byEmail,
        actor.trigram ?? null,
        d.email,
        d.userId,
        '{}',
      );
      return;
    }
    if (event.type === 'SessionRevoked') {
      const d = event.data as Revoked;
      if (d.reason !== 'refreshReused') return;
      insert.run(
        event.id,
        'refreshReuse',
        d.at,
        null,
        null,
        null,
        d.email,
        d.userId,
        JSON.stringify({ sessionId: d.sessionId, reusedGeneration: d.reusedGeneration ?? null }),
      );
      return;
    }
    const d = event.data as MasterPasswordEvent['data'];
    insert.run(
      event.id,
      'masterPassword',
      event.createdAt,
      actor.id ?? null,
      null,
      actor.trigram ?? null,
      d.email,
      d.userId ?? d.projectId,
      JSON.stringify({ expiresAt: d.expiresAt, projectId: d.projectId }),
    );
  },
};
