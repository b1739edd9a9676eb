import { spawnSync } from 'node:child_process';

// Runs in a child process so that a spec can decide synchronously, while jest collects its
// tests, whether to register them or a visibly skipped one. Prints the first reply line.
const PROBE = `
const url = new URL(process.argv[1]);
const port = Number(url.port) || 6379;
const host = url.hostname.replace(/^\\[|\\]$/g, '');
const mod = url.protocol === 'rediss:' ? require('node:tls') : require('node:net');
const socket = mod.connect({ host, port, servername: host }, () => socket.write('PING\\r\\n'));
socket.setTimeout(Number(process.argv[2]), () => { console.log('timeout'); process.exit(1); });
socket.once('data', (data) => { console.log(String(data).split('\\r\\n')[0]); process.exit(0); });
socket.once('error', (error) => { console.log(error.code || error.message); process.exit(1); });
`;

export type RedisProbe = { answers: true } | { answers: false; reason: string };

/** Whether a Redis server answers PING at `url` (a NOAUTH error counts: it is there). */
export function probeRedisSync(url: string, timeoutMs = 2000): RedisProbe {
  const result = spawnSync(process.execPath, ['-e', PROBE, url, String(timeoutMs)], {
    encoding: 'utf8',
    timeout: timeoutMs + 3000,
  });
  const reply = (result.stdout ?? '').trim();
  if (result.status === 0 && /^(\+PONG|-NOAUTH)/.test(reply)) return { answers: true };
  return { answers: false, reason: reply || result.error?.message || `exit ${result.status}` };
}

/** Whether `REQUIRE_SERVICES` (a comma or space separated list) names this service. */
export function isServiceRequired(service: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.REQUIRE_SERVICES ?? '').split(/[\s,]+/).includes(service);
}
