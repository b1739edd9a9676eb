import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  MessageChannel,
  MessagePort,
  parentPort,
  receiveMessageOnPort,
  Worker,
  workerData,
} from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createEventStore, RecordedEvent } from '@reloc/eventstore';

/** Where a replay worker reads the log: the API's own event store settings. */
export type LogSource = { eventStoreUrl?: string; sqlitePath: string };

/** Longest wait for an answer, after which the replay starts over on the projector's thread. */
const ANSWER_TIMEOUT_MS = 60_000;

/** A page to answer, or (`finish`) what the worker still holds once the log is replayed. */
type Request =
  { seq: number; from: number; to: number; count: number } | { seq: number; finish: true };
type Answer = { seq: number; answer?: unknown; error?: string };

type Setup = {
  log: LogSource;
  readDbPath: string;
  pageSize: number;
  /** The last position the replay goes to. */
  untilPosition: number;
  /** How many files (rows) the worker holds at most, when not its own default. */
  heldLimit?: number;
  /** Two Int32: the last page answered (its `seq`), then 1 once the thread has stopped. */
  answered: SharedArrayBuffer;
  /** Where answers are posted, read by the projector without returning to its event loop. */
  answers: MessagePort;
};

/**
 * A worker script's compiled file: beside this module when it runs from the build; the build's
 * copy when it runs from sources (Jest), as a worker thread runs JavaScript only (`npm test`
 * builds first).
 */
export function compiledScript(dir: string, file: string): string {
  const beside = join(dir, file);
  if (existsSync(beside)) return beside;
  return join(dir.replace(/([\\/])src([\\/](?!.*[\\/]src[\\/]))/, '$1dist$2'), file);
}

/**
 * A projection's page work done by another thread during a replay (the read models rebuilt
 * from the log): the thread reads the same pages of the log itself and answers each page with
 * the rows to write, which the projector writes in that page's transaction (`serveReplayPages`
 * is the thread's side). It may work out the next page while the projector commits the last
 * one answered: what the answers before it write comes from its own memory, the rest from the
 * tables, as committed.
 */
export class ReplayWorker {
  private seq = 0;

  private constructor(
    private readonly worker: Worker,
    private readonly answered: Int32Array,
    private readonly answers: MessagePort,
  ) {}

  /** Starts the thread and waits until it has opened the log and the read models. */
  static async start(
    script: string,
    options: {
      log: LogSource;
      readDbPath: string;
      pageSize: number;
      untilPosition: number;
      heldLimit?: number;
    },
  ): Promise<ReplayWorker> {
    const answered = new SharedArrayBuffer(8);
    const { port1, port2 } = new MessageChannel();
    const setup: Setup = { ...options, answered, answers: port2 };
    const worker = new Worker(script, { workerData: setup, transferList: [port2] });
    try {
      await new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`replay worker exited (${code})`)));
      });
    } catch (error) {
      await worker.terminate();
      port1.close();
      throw error;
    }
    // Later failures are answered as errors, or time out: never an unhandled 'error' event.
    worker.on('error', () => undefined);
    return new ReplayWorker(worker, new Int32Array(answered), port1);
  }

  /** Asks for the page of `count` events after position `from`, up to `to`. */
  request(from: number, to: number, count: number): void {
    this.worker.postMessage({ seq: ++this.seq, from, to, count } satisfies Request);
  }

  /** Asks for what it still holds, the log replayed (then `answer`). */
  requestFinish(): void {
    this.worker.postMessage({ seq: ++this.seq, finish: true } satisfies Request);
  }

  /** Waits (blocking this thread, inside the page's transaction) for the last page asked. */
  answer(timeoutMs = ANSWER_TIMEOUT_MS): unknown {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const seen = Atomics.load(this.answered, 0);
      if (seen >= this.seq) break;
      if (Atomics.load(this.answered, 1)) throw new Error('the replay worker stopped');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer from the replay worker in ${timeoutMs} ms`);
      Atomics.wait(this.answered, 0, seen, left);
    }
    const received = receiveMessageOnPort(this.answers)?.message as Answer | undefined;
    if (received?.seq !== this.seq) throw new Error('the replay worker answered another page');
    if (received.error !== undefined) throw new Error(received.error);
    return received.answer;
  }

  async stop(): Promise<void> {
    this.answers.close();
    await this.worker.terminate();
  }
}

/**
 * The worker's work: `page`, a page's answer (what the projector writes in that page's
 * transaction); `finish`, the last answer, once the log is replayed. A page may be worked out
 * before the one before it is committed: what it reads of the read models must come from
 * memory for everything the answers before it write.
 */
export type ReplayPages = {
  page(events: RecordedEvent[]): unknown;
  finish(): unknown;
};

/**
 * The worker thread's side: opens the log and the read models (read only), then answers each
 * page asked with `pages`, built once by `makePages` on the read models' connection. Once a
 * page is answered, the next is read, and worked out when it is a whole page (then the same
 * page the projector reads next), while the projector commits the one answered: when asked,
 * the answer is most often ready. The pages are worked out once each, in order: a page asked
 * that differs from one worked out ahead (the log changed under it) fails the worker.
 */
export function serveReplayPages(
  makePages: (db: Database.Database, heldLimit: number | undefined) => ReplayPages,
): void {
  const setup = workerData as Setup;
  const port = parentPort!;
  const answered = new Int32Array(setup.answered);
  // Its end, whatever the cause, wakes the projector (blocked until answered) at once.
  const gone = () => {
    Atomics.store(answered, 1, 1);
    Atomics.notify(answered, 0);
  };
  process.on('exit', gone);
  const fail = (error: unknown) => {
    gone();
    throw error;
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  const store = createEventStore(
    { EVENTSTORE_URL: setup.log.eventStoreUrl ?? '' },
    { sqlitePath: setup.log.sqlitePath },
  );
  const db = new Database(setup.readDbPath, { readonly: true, fileMustExist: true });
  const pages = makePages(db, setup.heldLimit);

  const read = async (from: number, to: number) => {
    const events = await store.readAll(from, setup.pageSize, { metadata: 'on-access' });
    return {
      whole: events.length === setup.pageSize,
      events: events.filter((e) => e.position <= to),
    };
  };
  /**
   * The page after `from`, worked out when whole (the projector reads that same page). A read
   * that fails is read again when asked; a page that fails to work out fails the worker (what
   * it holds may be half changed).
   */
  const readAhead = async (from: number) => {
    const { whole, events } = await read(from, setup.untilPosition);
    if (!whole || !events.length) return { from, events, worked: null };
    try {
      return { from, events, worked: { answer: pages.page(events) } };
    } catch (error) {
      return { from, events, worked: { error } };
    }
  };
  let ahead: ReturnType<typeof readAhead> | null = null;

  const answerPage = async (from: number, to: number, count: number) => {
    const guess = await ahead?.catch(() => null);
    const same =
      guess?.from === from && guess.events.length === count && guess.events.at(-1)?.position === to;
    if (guess?.worked) {
      if ('error' in guess.worked) throw guess.worked.error;
      if (!same) throw new Error(`the log changed under the replay after position ${from}`);
      return guess.worked.answer;
    }
    const events = same ? guess.events : (await read(from, to)).events;
    if (events.length !== count)
      throw new Error(`page after ${from}: ${events.length} events read, ${count} expected`);
    return pages.page(events);
  };

  let queue = Promise.resolve();
  port.on('message', (request: Request) => {
    queue = queue.then(async () => {
      const { seq } = request;
      let answer: Answer;
      try {
        answer = {
          seq,
          answer:
            'finish' in request
              ? pages.finish()
              : await answerPage(request.from, request.to, request.count),
        };
      } catch (error) {
        answer = {
          seq,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        };
      }
      setup.answers.postMessage(answer);
      Atomics.store(answered, 0, seq);
      Atomics.notify(answered, 0);
      if (answer.error === undefined && 'to' in request) {
        ahead = readAhead(request.to);
        ahead.catch(() => undefined); // read again when asked, and failing then
      }
    });
  });
  port.postMessage('ready');
}
