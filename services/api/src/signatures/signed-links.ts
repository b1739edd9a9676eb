import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config';

/** A file link's lifetime: opened at once in an iframe or a new tab. */
export const FILE_LINK_TTL_SECONDS = 10 * 60;

/** What a signed file link names: a blob, the name to show, the expiry (seconds). */
export type FileLink = { kind: 'file'; hash: string; name: string; exp: number };
/** A signer's link to the built-in signing page: valid while the request is open. */
export type SignLink = {
  kind: 'sign';
  projectId: string;
  step: string;
  transactionId: string;
  signer: number;
};
type Link = FileLink | SignLink;

const PURPOSE = 'reloc-signatures';

/**
 * Short, unguessable links without a session (an iframe or a signer's e-mail cannot send a
 * bearer token): the claims in base64url, an HMAC-SHA256 of them with the node's token secret
 * (like the access tokens of auth/token.service.ts), under a purpose of its own.
 */
@Injectable()
export class SignedLinks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  fileUrl(hash: string, name: string, now = Date.now()): string {
    const exp = Math.floor(now / 1000) + FILE_LINK_TTL_SECONDS;
    return `/v1/signature-files/${this.sign({ kind: 'file', hash, name, exp })}`;
  }

  signUrl(link: Omit<SignLink, 'kind'>): string {
    return `/v1/sign/${this.sign({ kind: 'sign', ...link })}`;
  }

  /** The file of a link, or null when forged, malformed or expired. */
  file(token: string, now = Date.now()): FileLink | null {
    const link = this.verify(token);
    if (link?.kind !== 'file' || typeof link.exp !== 'number') return null;
    return now / 1000 < link.exp ? link : null;
  }

  signer(token: string): SignLink | null {
    const link = this.verify(token);
    return link?.kind === 'sign' ? link : null;
  }

  private sign(link: Link): string {
    const payload = Buffer.from(JSON.stringify(link)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  private verify(token: string): Link | null {
    const [payload, mac, ...rest] = token.split('.');
    if (!payload || !mac || rest.length) return null;
    const expected = Buffer.from(this.mac(payload));
    const actual = Buffer.from(mac);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    try {
      const link = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Link;
      return link && typeof link === 'object' ? link : null;
    } catch {
      return null;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.config.tokenSecret)
      .update(`${PURPOSE}.${payload}`)
      .digest('base64url');
  }
}
