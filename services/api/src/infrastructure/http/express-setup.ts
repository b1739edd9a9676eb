import express, { NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
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

/** Hashed by the build (`name-<hash>.ext` under /assets): their content never changes. */
const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The build's precompressed copies (`.br`, `.gz` beside each asset): served as the asset
 * itself when the browser accepts them, so nothing is compressed per request.
 */
function precompressed(consoleDir: string) {
  const root = resolve(consoleDir);
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/'))
      return next();
    const file = resolve(root, `.${decodeURIComponent(req.path)}`);
    if (!file.startsWith(`${root}${sep}`)) return next();
    const accepted = String(req.headers['accept-encoding'] ?? '');
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accepted) || !existsSync(file + suffix)) continue;
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Vary', 'Accept-Encoding');
      res.type(extname(file));
      if (HASHED_ASSET.test(req.path)) res.setHeader('Cache-Control', IMMUTABLE);
      res.sendFile(file + suffix, { cacheControl: false, lastModified: true });
      return;
    }
    next();
  };
}

/** Serves the built console with history-mode fallback: every non-API GET gets index.html. */
export function installConsole(app: NestExpressApplication, consoleDir: string): void {
  const index = join(consoleDir, 'index.html');
  app.use(precompressed(consoleDir));
  app.use(
    express.static(consoleDir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, path) => {
        const url = `/${relative(consoleDir, path).split(sep).join('/')}`;
        if (HASHED_ASSET.test(url)) res.setHeader('Cache-Control', IMMUTABLE);
        else if (url === '/index.html') res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
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
