import { createHmac, timingSafeEqual } from 'node:crypto';
import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { API_MESSAGES, DomainError } from '@reloc/domain';
import { Public } from '../auth/roles.decorator';
import { APP_CONFIG, AppConfig } from '../config';
import { SignaturesService } from './signatures.service';

const YOUSIGN_ACTOR = { id: 'system:yousign-webhook', trigram: null, role: 'SYSTEM' };

/** `sha256=<hex>` of the raw body with the webhook secret, compared in constant time. */
export function validYousignSignature(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(value?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const actual = Buffer.from(match[1], 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

type YousignEvent = {
  event_name?: unknown;
  data?: { signature_request?: { id?: unknown } };
};

/**
 * Yousign's webhooks (STACK.md): `signature_request.done` fetches the signed document and the
 * audit trails (a job), `.declined` and `.expired` flag the request in error. The signature
 * header is checked on the raw bytes: missing 401, wrong 403.
 */
@ApiExcludeController()
@Controller('signatures/webhook')
export class YousignWebhookController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly signatures: SignaturesService,
  ) {}

  @Public()
  @Post('yousign')
  @HttpCode(200)
  async yousign(@Req() req: Request & { rawBody?: Buffer }) {
    const secret = this.config.yousign?.webhookSecret;
    if (!secret) throw new DomainError(API_MESSAGES.notFound, 'notFound');
    const header = req.headers['x-yousign-signature-256'];
    if (!header) throw new DomainError(API_MESSAGES.invalidCredentials, 'unauthorized');
    if (!req.rawBody || !validYousignSignature(secret, req.rawBody, header))
      throw new DomainError(API_MESSAGES.forbidden, 'forbidden');
    const event = (req.body ?? {}) as YousignEvent;
    const externalId = event.data?.signature_request?.id;
    const request =
      typeof externalId === 'string' ? this.signatures.byExternalId(externalId) : null;
    if (!request || request.status !== 'OPEN') return { received: true };
    switch (event.event_name) {
      case 'signature_request.done':
        await this.signatures.finalize(request);
        break;
      case 'signature_request.declined':
        await this.signatures.fail(request, 'Refusée par un signataire (declined)', YOUSIGN_ACTOR);
        break;
      case 'signature_request.expired':
        await this.signatures.fail(request, 'Expirée (expired)', YOUSIGN_ACTOR);
        break;
    }
    return { received: true };
  }
}
