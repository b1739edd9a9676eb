import { Worker } from 'node:worker_threads';

/** Pause between two checkpoints while the WAL is being written, in ms. */
const INTERVAL_MS = 10;

/**
 * The thread's code, evaluated as CommonJS (no compiled file to find, from dist or from Jest's
 * sources): PASSIVE checkpoints on its own connection until told to stop, then its count.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
const stop = new Int32Array(workerData.stop);
let checkpoints = 0;
try {
  while (Atomics.load(stop, 0) === 0) {
    db.pragma('wal_checkpoint(PASSIVE)');
    checkpoints++;
    Atomics.wait(stop, 0, 0, workerData.intervalMs);
  }
} finally {
  db.close();
}
parentPort.postMessage(checkpoints);
`;

/**
 * Copies a database's WAL into the database file from a second thread while one connection
 * writes a long replay, instead of that connection stopping every so many pages to do it
 * (`wal_autocheckpoint`): the copies and their syncs run on another core. A PASSIVE checkpoint
 * never blocks the writer, nor waits for it; the writer starts the WAL over once all of it is
 * copied.
 */
export class WalCheckpointer {
  private readonly finished: Promise<number>;

  private constructor(
    private readonly worker: Worker,
    private readonly stopFlag: Int32Array,
  ) {
    this.finished = new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`WAL checkpointer exited (${code})`)));
    });
    // Awaited by stop(); a failure meanwhile must not be an unhandled rejection.
    this.finished.catch(() => undefined);
  }

  /** Starts checkpointing `file` (a SQLite database in WAL mode) from another thread. */
  static start(file: string, onError: (error: unknown) => void): WalCheckpointer {
    const stop = new SharedArrayBuffer(4);
    const worker = new Worker(SOURCE, {
      eval: true,
      workerData: {
        sqlite: require.resolve('better-sqlite3'),
        file,
        stop,
        intervalMs: INTERVAL_MS,
      },
    });
    const checkpointer = new WalCheckpointer(worker, new Int32Array(stop));
    checkpointer.finished.catch(onError);
    return checkpointer;
  }

  /** Stops after the checkpoint in progress; answers how many were made (0 when it failed). */
  async stop(): Promise<number> {
    Atomics.store(this.stopFlag, 0, 1);
    Atomics.notify(this.stopFlag, 0);
    try {
      return await this.finished;
    } catch {
      return 0;
    } finally {
      await this.worker.terminate();
    }
  }
}
