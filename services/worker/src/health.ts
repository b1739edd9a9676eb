import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import type { JobCounts } from './jobs/job-queue';

/** What GET /health answers: 200 with the counts once started, 503 before or when Redis fails. */
export interface WorkerHealth {
  status: 'ok' | 'starting' | 'error';
  pid: number;
  /** Per job name (a BullMQ queue each): waiting, delayed, active, failed, across every worker. */
  queues: Record<string, JobCounts>;
  error?: string;
}

export interface HealthServer {
  readonly port: number;
  close(): Promise<void>;
}

/** RELOC_WORKER_HEALTH_PORT: a port number (0: any free one); unset or empty: no server. */
export function healthPortOf(value: string | undefined): number | null {
  const text = value?.trim();
  if (!text) return null;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(
      `RELOC_WORKER_HEALTH_PORT=${text} : un numéro de port est attendu / a port number is expected`,
    );
  return port;
}

/** A small HTTP server: GET /health answers `report()` as JSON; anything else is 404. */
export async function startHealthServer(
  port: number,
  report: () => Promise<WorkerHealth>,
): Promise<HealthServer> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://worker').pathname;
    if (req.method !== 'GET' || path !== '/health') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Introuvable / not found' }));
      return;
    }
    report().then(
      (health) => {
        res.writeHead(health.status === 'ok' ? 200 : 503, {
          'content-type': 'application/json',
          'cache-control': 'no-store',
        });
        res.end(JSON.stringify(health));
      },
      (error: unknown) => {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            status: 'error',
            pid: process.pid,
            queues: {},
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
