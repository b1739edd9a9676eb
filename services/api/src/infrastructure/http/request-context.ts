import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** What every log line and every event written during one HTTP request share. */
export type RequestContext = { requestId: string; correlationId: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** The current request's ids, or undefined outside a request (seed, jobs, CLI). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** A caller's id is kept only if it looks like one (no log injection through headers). */
function headerId(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^[\w.:-]{1,100}$/.test(text) ? text : null;
}

/**
 * Gives each request an id (X-Request-Id, else a new one) and a correlation id
 * (X-Correlation-Id, else the request id), echoes both in the response headers and keeps
 * them for the logs and the metadata of the events the request appends.
 */
export function requestContextMiddleware(req: Request, res: Response, next: NextFunction): void {
  const requestId = headerId(req.headers['x-request-id']) ?? randomUUID();
  const correlationId = headerId(req.headers['x-correlation-id']) ?? requestId;
  (req as Request & { id?: string }).id = requestId;
  res.setHeader('X-Request-Id', requestId);
  res.setHeader('X-Correlation-Id', correlationId);
  storage.run({ requestId, correlationId }, () => next());
}
