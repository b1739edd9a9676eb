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

/** Longest wait for a page's answer before the projector does the page itself. */
const ANSWER_TIMEOUT_MS = 60_000;

type Request = { seq: number; from: number; to: number; count: number };
type Answer = { seq: number; answer?: unknown; error?: string };

type Setup = {
  log: LogSource;
  readDbPath: string;
  pageSize: number;
  /** The last position the replay goes to. */
  untilPosition: number;
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
 * the rows to write, which the projector writes in that page's transaction. It works out the
 * next page while the projector commits the last one answered: what that page changed comes
 * from the thread's own memory (`ReplayPage`'s carry), the rest from the tables, as committed.
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
    options: { log: LogSource; readDbPath: string; pageSize: number; untilPosition: number },
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
 * A page's work in the worker: what to answer, and what to carry to the next page (`carried`:
 * what the page before carried, undefined for the first). The next page is worked out before
 * this one is committed, so what it reads of the read models must come from `carried` for
 * everything this page changed. It must leave `carried` as it is: a page guessed wrong (the
 * log grew meanwhile) is worked out again from the same `carried`.
 */
export type ReplayPage = (
  events: RecordedEvent[],
  carried: unknown,
) => { answer: unknown; carry: unknown };

/**
 * The worker thread's side: opens the log and the read models (read only), then answers each
 * page asked with `page`, built once by `makePage` on the read models' connection. Each page
 * is read and worked out as soon as the one before is answered, while the projector commits
 * that one: when asked, the answer is most often ready.
 */
export function serveReplayPages(makePage: (db: Database.Database) => ReplayPage): void {
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
  const page = makePage(db);
  let carried: unknown;

  const read = async (from: number, to: number) =>
    (await store.readAll(from, setup.pageSize, { metadata: 'on-access' })).filter(
      (event) => event.position <= to,
    );
  /** The page after `from` as the projector will most likely ask for it, worked out. */
  const workOut = async (from: number) => {
    const events = await read(from, setup.untilPosition);
    return { from, events, result: events.length ? page(events, carried) : null };
  };
  let ahead: ReturnType<typeof workOut> | null = null;

  const answerPage = async (from: number, to: number, count: number) => {
    const guess = await ahead?.catch(() => null);
    if (guess?.result && guess.from === from)
      if (guess.events.length === count && guess.events.at(-1)!.position === to)
        return guess.result;
    // Not the page guessed (appends since the read ahead): the page asked, worked out now.
    const events = await read(from, to);
    if (events.length !== count)
      throw new Error(`page after ${from}: ${events.length} events read, ${count} expected`);
    return page(events, carried);
  };

  let queue = Promise.resolve();
  port.on('message', (request: Request) => {
    queue = queue.then(async () => {
      const { seq, from, to, count } = request;
      let answer: Answer;
      try {
        const result = await answerPage(from, to, count);
        carried = result.carry;
        answer = { seq, answer: result.answer };
      } catch (error) {
        answer = {
          seq,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        };
      }
      setup.answers.postMessage(answer);
      Atomics.store(answered, 0, seq);
      Atomics.notify(answered, 0);
      if (answer.error === undefined) {
        ahead = workOut(to);
        ahead.catch(() => undefined); // worked out again when asked, and failing then
      }
    });
  });
  port.postMessage('ready');
}
