import express, { NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_MESSAGES } from '@reloc/domain';

/**
 * Body parsing with our own errors: malformed JSON is a 400 with a clear message (never a
 * 500), an oversized JSON body a 413 that speaks of the request (not of a file).
 */
export function installBodyParsing(app: NestExpressApplication): void {
  app.use(
    '/v1',
    express.json({
      limit: '1mb',
      strict: false,
      // Webhooks are verified on their exact bytes (an HMAC of the raw body).
      verify: (req, _res, buf) => {
        if (req.url?.includes('/webhook/')) (req as { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );
  app.use('/v1', (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: string } | null)?.type;
    if (type === 'entity.parse.failed') {
      res.status(400).json({ message: API_MESSAGES.malformedJson });
      return;
    }
    if (type === 'entity.too.large') {
      // A JSON body, not a file: uploads are multipart and answered by their own filter.
      res.status(413).json({ message: API_MESSAGES.bodyTooLarge });
      return;
    }
    if (type) {
      res.status(400).json({ message: API_MESSAGES.invalidBody });
      return;
    }
    next(error);
  });
}

/** Serves the built console with history-mode fallback: every non-API GET gets index.html. */
export function installConsole(app: NestExpressApplication, consoleDir: string): void {
  const index = join(consoleDir, 'index.html');
  app.use(express.static(consoleDir, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith('/v1')) return next();
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('La console n’est pas construite : lancez `npm start`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(readFileSync(index));
  });
}
