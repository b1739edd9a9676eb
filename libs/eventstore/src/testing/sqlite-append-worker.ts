import { ExpectedRevision, WrongExpectedVersionError } from '../event-store';
import { SqliteEventStore } from '../sqlite/sqlite-event-store';

export type AppendWorkerInput = {
  file: string;
  /** Round r appends to `${stream}-${r}`. */
  stream: string;
  rounds: number;
  appendsPerRound: number;
  expectedRevision: ExpectedRevision;
  /** With [released rounds, arrivals] and the number of workers, all start each round together. */
  barrier?: { state: Int32Array; parties: number };
};

export type AppendWorkerResult = { won: number; wrongVersion: number };

/** Appends from a worker thread, one event per call, counting wins and version conflicts. */
export default async function appendFromWorker(
  input: AppendWorkerInput,
): Promise<AppendWorkerResult> {
  const store = new SqliteEventStore(input.file);
  const result = { won: 0, wrongVersion: 0 };
  for (let round = 0; round < input.rounds; round++) {
    if (input.barrier) barrier(input.barrier.state, input.barrier.parties, round);
    for (let i = 0; i < input.appendsPerRound; i++) {
      try {
        await store.appendToStream(`${input.stream}-${round}`, [{ type: 'Raced', data: { i } }], {
          expectedRevision: input.expectedRevision,
        });
        result.won++;
      } catch (err) {
        if (!(err instanceof WrongExpectedVersionError)) throw err;
        result.wrongVersion++;
      }
    }
  }
  await store.close();
  return result;
}

/** Blocks the thread until every party has arrived for this round, then releases them at once. */
function barrier(state: Int32Array, parties: number, round: number): void {
  if (Atomics.add(state, 1, 1) + 1 === parties * (round + 1)) {
    Atomics.store(state, 0, round + 1);
    Atomics.notify(state, 0);
  }
  // Bounded, so a worker that failed cannot leave the others blocked forever.
  if (Atomics.wait(state, 0, round, 60_000) === 'timed-out') {
    throw new Error(`Barrier timed out in round ${round}`);
  }
}
