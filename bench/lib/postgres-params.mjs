// The knobs of phase P (PostgreSQL), read from the environment; shared by run.mjs and postgres.mjs.

function intFromEnv(env, name, fallback, min = 1) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be an integer >= ${min}, got ${raw}`);
  return n;
}

export function postgresParams(env) {
  return {
    /** `0` skips the phase. */
    enabled: env.BENCH_POSTGRES !== '0',
    rounds: intFromEnv(env, 'BENCH_ROUNDS', 5),
    /** Single-event appends per round and series: half new streams, half a numeric revision. */
    singleOps: intFromEnv(env, 'BENCH_PG_SINGLE_OPS', 2_000, 2),
    /** Events per round and series in 100-event calls. */
    batchEvents: intFromEnv(env, 'BENCH_PG_BATCH_EVENTS', 20_000, 100),
    /** Events read from the start of the log by each catch-up read. */
    catchUpEvents: intFromEnv(env, 'BENCH_PG_CATCH_UP_EVENTS', 100_000, 1_000),
  };
}
