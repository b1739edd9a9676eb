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

/**
 * Sent on every response by the api, and by nginx on what it serves itself
 * (infra/docker/security-headers.conf, same values).
 */
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

/**
 * helmet's other defaults: Cross-Origin-Resource-Policy same-origin, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control off, X-Download-Options, X-Permitted-Cross-Domain-Policies none,
 * X-XSS-Protection 0. What SECURITY_HEADERS and HSTS set is left to them (one source, the
 * same text as nginx's).
 */
const helmetDefaults = helmet({
  contentSecurityPolicy: false,
  strictTransportSecurity: false,
  xFrameOptions: false,
  xContentTypeOptions: false,
  referrerPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginEmbedderPolicy: false,
  xPoweredBy: false,
});

/**
 * Security headers on every response, HSTS when the request came over HTTPS. `req.secure`
 * follows Express's 'trust proxy' (RELOC_TRUST_PROXY): a forged X-Forwarded-Proto from an
 * untrusted client changes nothing.
 */
export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
  helmetDefaults(req, res, next);
}
