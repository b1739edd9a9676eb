import { setTimeout as delay } from 'node:timers/promises';
import type { EventHandler, RecordedEvent, Subscription } from './event-store';

const MAX_BACKOFF_MS = 5_000;

/**
 * The reading side of a subscription, one per adapter: it hands events to `loop.deliver` from
 * `loop.position` on, and returns or throws only when the signal is aborted or reading failed.
 */
export type Consume = (loop: SubscriptionLoop, signal: AbortSignal) => Promise<void>;

/**
 * Drives a catch-up subscription: tracks the checkpoint, and after any failure (reading or
 * handler) reports it and restarts reading from the checkpoint with a backoff, so a projector
 * never skips an event and never sees one twice.
 */
export class SubscriptionLoop implements Subscription {
  private checkpoint: number;
  private readonly abort = new AbortController();
  private readonly finished: Promise<void>;

  constructor(
    fromPosition: number,
    private readonly handler: EventHandler,
    consume: Consume,
    private readonly onError: (err: unknown) => void = reportError,
  ) {
    this.checkpoint = fromPosition;
    this.finished = this.run(consume);
  }

  /** The last position handled. */
  get position(): number {
    return this.checkpoint;
  }

  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  async deliver(event: RecordedEvent): Promise<void> {
    // A resumed read may overlap what was already handled.
    if (this.stopped || event.position <= this.checkpoint) return;
    await this.handler(event);
    this.checkpoint = event.position;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.finished;
  }

  private async run(consume: Consume): Promise<void> {
    const { signal } = this.abort;
    // Start after subscribeToAll() has returned, so no handler runs inside it.
    await Promise.resolve();
    let failures = 0;
    while (!signal.aborted) {
      const before = this.checkpoint;
      try {
        await consume(this, signal);
        if (!signal.aborted) throw new Error('Subscription ended unexpectedly');
      } catch (err) {
        if (signal.aborted) break;
        if (this.checkpoint !== before) failures = 0;
        this.onError(err);
        const backoff = Math.min(100 * 2 ** failures++, MAX_BACKOFF_MS);
        await delay(backoff, undefined, { signal, ref: false }).catch(() => undefined);
      }
    }
  }
}

function reportError(err: unknown): void {
  // Never silent: a stuck projector must show up in the logs even without an onError.
  console.error('[eventstore] subscription failed, retrying from its checkpoint:', err);
}
