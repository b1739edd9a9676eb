import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };
export type SentMail = {
  transport: 'smtp' | 'outbox';
  messageId: string | null;
  file: string | null;
};

/** The mail port: SMTP when configured, otherwise an outbox folder of .eml files. */
export type MailPort = {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<SentMail>;
};
export const MAIL_PORT = Symbol('MAIL_PORT');

export const DEFAULT_MAIL_FROM = 'Reloc <no-reply@reloc.fr>';

/** SMTP through nodemailer: `RELOC_SMTP_URL`, e.g. smtp://user:pass@smtp.example.fr:587. */
export class SmtpMailer implements MailPort {
  readonly kind = 'smtp' as const;
  private readonly transport: nodemailer.Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url, {});
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: this.from, ...mail });
    return { transport: 'smtp', messageId: info.messageId ?? null, file: null };
  }
}

/** No SMTP: each mail is written as `<date>-<id>.eml` to the outbox folder (read by admins). */
export class OutboxMailer implements MailPort {
  readonly kind = 'outbox' as const;
  private readonly builder = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(
    readonly dir: string,
    private readonly from: string,
  ) {}

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = (await this.builder.sendMail({ from: this.from, ...mail })) as {
      messageId?: string;
      message: Buffer;
    };
    mkdirSync(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const id = (info.messageId ?? String(Date.now())).replace(/[^A-Za-z0-9._-]/g, '');
    const file = `${stamp}-${id}.eml`;
    writeFileSync(join(this.dir, file), info.message);
    return { transport: 'outbox', messageId: info.messageId ?? null, file };
  }
}

export function mailPortFrom(env: NodeJS.ProcessEnv, dataDir: string): MailPort {
  const from = env.RELOC_MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const url = env.RELOC_SMTP_URL?.trim();
  return url ? new SmtpMailer(url, from) : new OutboxMailer(join(dataDir, 'outbox'), from);
}
