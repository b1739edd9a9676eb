import { randomUUID } from 'node:crypto';
import { EventStore, WrongExpectedVersionError } from '@reloc/eventstore';
import { SYSTEM_ACTOR } from '../auth/current-user';
import type { Projector } from '../infrastructure/projector';

const CLAIM_STREAM = 'seed-claim';
/** A claim older than this without its end is a replica that died while seeding. */
const STALE_AFTER_MS = 10 * 60 * 1000;
const POLL_MS = 250;

type ClaimData = { owner: string; at: string };

/**
 * First-run seeding once per deployment, not once per replica: replicas over one log race to
 * append `SeedStarted` to `seed-claim` at the revision they read, so exactly one wins; the
 * others wait for its `SeedFinished`, catch their read models up, then run the (idempotent,
 * marker-guarded) seed themselves, which finds everything there. A claim left by a replica that
 * died mid-seed is taken over after STALE_AFTER_MS.
 */
export class SeedClaim {
  private readonly owner = randomUUID();

  constructor(
    private readonly store: EventStore,
    private readonly projector: Projector,
  ) {}

  /** Runs `seed` unless another replica did it meanwhile (`needed` answers false then). */
  async exclusively(needed: () => Promise<boolean>, seed: () => Promise<void>): Promise<void> {
    if (!(await this.claim(needed))) return;
    try {
      await seed();
    } finally {
      await this.store.appendToStream(CLAIM_STREAM, [this.event('SeedFinished')]);
    }
  }

  /** Claims the seed; false when another replica seeded while this one waited. */
  private async claim(needed: () => Promise<boolean>): Promise<boolean> {
    for (;;) {
      const [last] = await this.store.readStream(CLAIM_STREAM, {
        direction: 'backwards',
        maxCount: 1,
      });
      const started = last?.type === 'SeedStarted' ? (last.data as ClaimData) : null;
      if (started && Date.now() - Date.parse(started.at) < STALE_AFTER_MS) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        continue;
      }
      // What another replica seeded must be readable before asking what is missing.
      await this.projector.waitFor(await this.store.headPosition(), 120_000);
      if (last && !(await needed())) return false;
      try {
        await this.store.appendToStream(CLAIM_STREAM, [this.event('SeedStarted')], {
          expectedRevision: last ? last.revision : 'no_stream',
        });
        return true;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      }
    }
  }

  private event(type: 'SeedStarted' | 'SeedFinished') {
    const at = new Date().toISOString();
    return {
      type,
      data: { owner: this.owner, at } satisfies ClaimData,
      metadata: { actor: SYSTEM_ACTOR, at },
    };
  }
}
