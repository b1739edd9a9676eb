import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { WrongExpectedVersionError } from '../event-store';
import { eventStoreContract } from '../testing/event-store.contract';
import { EsdbEventStore } from './esdb-event-store';

const NAME = 'EventStoreDB adapter contract';
const configured = process.env.EVENTSTORE_URL?.trim();
// EVENTSTORE_URL may name the PostgreSQL store instead; that one has its own suite.
const url = configured && /^esdb(\+discover)?:\/\//i.test(configured) ? configured : undefined;
const required = (process.env.REQUIRE_SERVICES ?? '').split(/[\s,]+/).includes('eventstore');
const unavailable = url
  ? unreachableReason(url)
  : configured
    ? 'EVENTSTORE_URL is not an esdb:// URL (no EventStoreDB server on this machine)'
    : 'EVENTSTORE_URL is not set (no EventStoreDB server on this machine)';

if (unavailable && required) {
  describe(NAME, () =>
    it(`fails: REQUIRE_SERVICES includes eventstore but ${unavailable}`, () => {
      throw new Error(unavailable);
    }),
  );
} else {
  eventStoreContract(
    NAME,
    url && !unavailable
      ? async () => {
          const opened: EsdbEventStore[] = [];
          const open = () => {
            const store = new EsdbEventStore(url);
            opened.push(store);
            return store;
          };
          return {
            store: open(),
            reopen: async () => open(),
            teardown: async () => {
              await Promise.all(opened.map((store) => store.close()));
            },
          };
        }
      : null,
    unavailable,
  );
}

/** Jest registers tests synchronously, so the TCP probe runs in a child process. */
function unreachableReason(connectionString: string): string | undefined {
  // esdb[+discover]://[user:pass@]host[:port][,host2...][/?options]: probe the first host.
  const first = connectionString.replace(/^[a-z+]+:\/\//i, '').split(/[,/?]/)[0];
  const [host, port = '2113'] = first.slice(first.lastIndexOf('@') + 1).split(':');
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `require('node:net').connect(${Number(port)}, ${JSON.stringify(host)})
        .on('connect', () => process.exit(0)).on('error', () => process.exit(1))
        .setTimeout(2000, () => process.exit(1));`,
    ],
    { timeout: 5_000 },
  );
  return probe.status === 0 ? undefined : `EventStoreDB at ${host}:${port} is not reachable`;
}

// These need no server. They also keep this file from being entirely skipped, which Jest would
// report without printing the skipped test's name, and so without its reason.
describe('EventStoreDB adapter with its server unreachable', () => {
  const unreachable = 'esdb://127.0.0.1:1?tls=false';

  it('rejects an append with the connection error, not a version conflict', async () => {
    const store = new EsdbEventStore(unreachable);
    const error = await store.appendToStream('s-1', [{ type: 'A', data: {} }]).catch((e) => e);
    await store.close();
    expect(error).not.toBeInstanceOf(WrongExpectedVersionError);
    expect(String(error)).toMatch(/UNAVAILABLE/);
  });

  it('reports subscription failures, resubscribes with a growing backoff, stops at once', async () => {
    const store = new EsdbEventStore(unreachable);
    const failedAt: number[] = [];
    const subscription = store.subscribeToAll(0, () => undefined, {
      onError: () => failedAt.push(Date.now()),
    });
    await sleep(1_000);
    const stopping = Date.now();
    await subscription.stop();
    expect(Date.now() - stopping).toBeLessThan(500);
    const failures = failedAt.length;
    expect(failures).toBeGreaterThanOrEqual(3);
    const gaps = failedAt.slice(1).map((at, i) => at - failedAt[i]);
    expect(gaps[gaps.length - 1]).toBeGreaterThan(gaps[0]);
    await sleep(300);
    expect(failedAt).toHaveLength(failures);
    await store.close();
  });
});
