import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { START } from '@reloc/eventstore';

/**
 * Who may relay, and where the relay's checkpoint lives. One api alone (embedded mode, or a
 * single replica without Redis) keeps both locally; replicas share a fenced Redis lease so that
 * exactly one of them publishes and the checkpoint follows the log, not the replica.
 */
export interface RelayLease {
  /** Takes the lease or keeps it; answers whether this relay may publish now. */
  hold(): Promise<boolean>;
  readCheckpoint(): Promise<number>;
  /** Moves the checkpoint only while the lease is still this relay's; false when it was lost. */
  writeCheckpoint(position: number): Promise<boolean>;
  /** The last checkpoint this relay read or wrote (for logs and tests). */
  readonly knownCheckpoint: number;
  release(): Promise<void>;
}

const CHECKPOINT = 'integration-relay';

/** The checkpoint in the api's own SQLite; the only relay there is always holds the lease. */
export class LocalRelayLease implements RelayLease {
  constructor(private readonly db: Database.Database) {
    db.exec(
      'CREATE TABLE IF NOT EXISTS rm_checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);',
    );
  }

  async hold(): Promise<boolean> {
    return true;
  }

  get knownCheckpoint(): number {
    const row = this.db
      .prepare('SELECT position FROM rm_checkpoints WHERE name = ?')
      .pluck()
      .get(CHECKPOINT) as number | undefined;
    return row ?? START;
  }

  async readCheckpoint(): Promise<number> {
    return this.knownCheckpoint;
  }

  async writeCheckpoint(position: number): Promise<boolean> {
    this.db
      .prepare(
        'INSERT INTO rm_checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
      )
      .run(CHECKPOINT, position);
    return true;
  }

  async release(): Promise<void> {}
}

// Renews the lock only if it still holds this relay's token.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
// Fenced write: the checkpoint moves only under the token that holds the lock, so a relay that
// paused past its lease (and was replaced) can no longer move it.
const WRITE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('HSET', KEYS[2], 'position', ARGV[2], 'fence', ARGV[3]) return 1 else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * A Redis lease with a fencing token: `<prefix>:relay:fence` only grows; the lock holds
 * `<owner>:<fence>` with a time to live renewed at every batch. A relay whose lease lapsed (a
 * long pause, a lost network) finds out at its next renewal or checkpoint write and stops; the
 * batch it may have published meanwhile is published again by the new holder (at least once,
 * the event id being the consumers' idempotency key), never skipped.
 */
export class RedisRelayLease implements RelayLease {
  private token: string | null = null;
  private fence = 0;
  private checkpoint = START;
  private readonly owner = randomUUID();
  private readonly keys: { lock: string; fence: string; checkpoint: string };

  constructor(
    private readonly redis: Redis,
    prefix = 'reloc',
    private readonly ttlMs = 15_000,
  ) {
    this.keys = {
      lock: `${prefix}:relay:lock`,
      fence: `${prefix}:relay:fence`,
      checkpoint: `${prefix}:relay:checkpoint`,
    };
  }

  get knownCheckpoint(): number {
    return this.checkpoint;
  }

  /** The fencing token of the current hold (0 when not holding). */
  get currentFence(): number {
    return this.token ? this.fence : 0;
  }

  async hold(): Promise<boolean> {
    if (this.token) {
      const renewed = await this.redis.eval(RENEW, 1, this.keys.lock, this.token, this.ttlMs);
      if (renewed === 1) return true;
      this.token = null;
    }
    if (await this.redis.exists(this.keys.lock)) return false;
    const fence = await this.redis.incr(this.keys.fence);
    const token = `${this.owner}:${fence}`;
    const taken = await this.redis.set(this.keys.lock, token, 'PX', this.ttlMs, 'NX');
    if (taken !== 'OK') return false;
    this.token = token;
    this.fence = fence;
    return true;
  }

  async readCheckpoint(): Promise<number> {
    const position = await this.redis.hget(this.keys.checkpoint, 'position');
    this.checkpoint = position === null ? START : Number(position);
    return this.checkpoint;
  }

  async writeCheckpoint(position: number): Promise<boolean> {
    if (!this.token) return false;
    const written = await this.redis.eval(
      WRITE,
      2,
      this.keys.lock,
      this.keys.checkpoint,
      this.token,
      String(position),
      String(this.fence),
    );
    if (written !== 1) {
      this.token = null;
      return false;
    }
    this.checkpoint = position;
    return true;
  }

  async release(): Promise<void> {
    if (!this.token) return;
    await this.redis.eval(RELEASE, 1, this.keys.lock, this.token);
    this.token = null;
  }
}
