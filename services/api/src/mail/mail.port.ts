import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import nodemailer from 'nodemailer';
import { decryptMail, deriveMailKey, encryptMail } from '@reloc/worker';

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

/**
 * No SMTP: each mail is written as `<date>-<id>.eml` to the outbox folder (read by admins),
 * encrypted like the other files (AES-256-GCM under a sub-key of RELOC_FILES_KEY, blob-crypto.ts
 * of the worker): the folder holds no address, name or text in clear. Mails written in clear
 * before are read as they are.
 */
export class OutboxMailer implements MailPort {
  readonly kind = 'outbox' as const;
  private readonly builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  private readonly key: Buffer;

  constructor(
    readonly dir: string,
    private readonly from: string,
    filesKey: Buffer,
  ) {
    this.key = deriveMailKey(filesKey);
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = (await this.builder.sendMail({ from: this.from, ...mail })) as {
      messageId?: string;
      message: Buffer;
    };
    mkdirSync(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const id = (info.messageId ?? String(Date.now())).replace(/[^A-Za-z0-9._-]/g, '');
    const file = `${stamp}-${id}.eml`;
    writeFileSync(join(this.dir, file), encryptMail(this.key, file, info.message), {
      mode: 0o600,
    });
    return { transport: 'outbox', messageId: info.messageId ?? null, file };
  }

  /** The .eml (RFC 822) of a mail written here, null when there is no such file. */
  read(file: string): Buffer | null {
    const name = basename(file);
    const path = join(this.dir, name);
    return existsSync(path) ? decryptMail(this.key, name, readFileSync(path)) : null;
  }
}

export function mailPortFrom(env: NodeJS.ProcessEnv, dataDir: string, filesKey: Buffer): MailPort {
  const from = env.RELOC_MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const url = env.RELOC_SMTP_URL?.trim();
  return url
    ? new SmtpMailer(url, from)
    : new OutboxMailer(join(dataDir, 'outbox'), from, filesKey);
}
