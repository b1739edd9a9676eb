import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every page we serve (the console, the OpenAPI page, the
 * signing page), one directive per entry; infra/docker/security-headers.conf sends the same
 * text from nginx (a test compares them).
 *
 * - No inline script anywhere: the built console loads only /assets/*.js (Vite emits no inline
 *   script), Swagger UI loads swagger-ui-init.js.
 * - style-src needs 'unsafe-inline', for styles only: Chakra UI (emotion) inserts <style>
 *   elements at run time and Swagger UI's page carries a <style> block.
 * - img-src data: and blob:: Swagger UI's icons are data: URIs, uploaded images are previewed
 *   from blobs; frame-src blob: is the PDF viewer (a blob read with the bearer token), 'self'
 *   the signed template and document links.
 */
export const CONTENT_SECURITY_POLICY: readonly string[] = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The other headers, on every response (API and static files). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY.join('; '),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Sent only on a request that came over HTTPS (TLS, or a trusted proxy's X-Forwarded-Proto). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The short-lived signed file links are shown in an iframe of our own pages (template
 * edition, signing page): those responses may be framed by the same origin only.
 */
export const FRAMEABLE_BY_SELF = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  'X-Frame-Options': 'SAMEORIGIN',
} as const;

const helmetMiddleware = helmet({
  // Set by hand below, the same text as nginx's (helmet would join the directives otherwise).
  contentSecurityPolicy: false,
  // Set by hand below, only over HTTPS (helmet would send it on plain HTTP too).
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // Images and PDFs are read by the console with fetch, same origin: nothing to relax.
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
  xPoweredBy: false,
});

/**
 * Security headers on every response (helmet), HSTS when the request came over HTTPS.
 * `req.secure` follows Express's 'trust proxy' (RELOC_TRUST_PROXY): a forged
 * X-Forwarded-Proto from an untrusted client changes nothing.
 */
export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Content-Security-Policy', SECURITY_HEADERS['Content-Security-Policy']);
  if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
  helmetMiddleware(req, res, next);
}
