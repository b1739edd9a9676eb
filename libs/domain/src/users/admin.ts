import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { normaliseEmail } from './user';

/* ---------- handing a deactivated member's files over (§4 "Users") ---------- */

export type AssigneeSlots = Record<string, string | null>;
export type Handover = { role: string; from: string; to: string };

/**
 * The slots of one file that `from` holds and that go to `to` (only trigram slots: the
 * prescriber is a company, never a member of staff).
 */
export function handoverOf(
  assignees: AssigneeSlots | null | undefined,
  from: string,
  to: string,
  roles: readonly string[],
): Handover[] {
  if (!assignees || from === to) return [];
  return roles.filter((role) => assignees[role] === from).map((role) => ({ role, from, to }));
}

/* ---------- master password (POST /addMasterPassword) ---------- */

/** How long a master password opens the client's account. */
export const MASTER_PASSWORD_TTL_HOURS = 24;

export type MasterPasswordCommand = {
  type: 'EnableMasterPassword';
  email: string;
  userId: string | null;
  projectId: string | null;
  passwordHash: string;
  at: string;
  expiresAt: string;
};
export type MasterPasswordEvent = {
  type: 'MasterPasswordEnabled';
  data: {
    email: string;
    userId: string | null;
    projectId: string | null;
    passwordHash: string;
    expiresAt: string;
  };
};
export type MasterPasswordState = { email: string; passwordHash: string; expiresAt: string } | null;

export const masterPasswordStream = (email: string) => `master-password-${normaliseEmail(email)}`;

export const masterPasswordDecider: Decider<
  MasterPasswordCommand,
  MasterPasswordEvent,
  MasterPasswordState
> = {
  initialState: () => null,
  decide(command) {
    if (!command.email.trim())
      throw new DomainError('Requête invalide', 'invalid', { target: 'Obligatoire' });
    if (!command.passwordHash) throw new DomainError('Requête invalide', 'invalid');
    if (!(Date.parse(command.expiresAt) > Date.parse(command.at)))
      throw new DomainError('Requête invalide', 'invalid', { expiresAt: 'Invalide' });
    return [
      {
        type: 'MasterPasswordEnabled',
        data: {
          email: normaliseEmail(command.email),
          userId: command.userId,
          projectId: command.projectId,
          passwordHash: command.passwordHash,
          expiresAt: command.expiresAt,
        },
      },
    ];
  },
  evolve(_state, event) {
    return {
      email: event.data.email,
      passwordHash: event.data.passwordHash,
      expiresAt: event.data.expiresAt,
    };
  },
};

/** A master password opens the account only until it expires. */
export function masterPasswordValid(state: MasterPasswordState, now: string): boolean {
  return !!state && Date.parse(state.expiresAt) > Date.parse(now);
}

/* ---------- client mails (§3 "Mail types") ---------- */

export const MAIL_TYPES = ['onboarding', 'mobilipass', 'mission_done'] as const;
export type MailType = (typeof MAIL_TYPES)[number];
export const MAIL_TYPE_LABELS: Record<MailType, string> = {
  onboarding: 'Bienvenue (onboarding)',
  mobilipass: 'Mobili-Pass',
  mission_done: 'Fin de mission',
};

export function isMailType(value: unknown): value is MailType {
  return typeof value === 'string' && (MAIL_TYPES as readonly string[]).includes(value);
}

export type ClientMailCommand = {
  type: 'RecordClientMail';
  mailId: string;
  projectId: string;
  mailType: string;
  to: string | null;
  subject: string;
  transport: 'smtp' | 'outbox';
  messageId: string | null;
  file: string | null;
  at: string;
};
export type ClientMailEvent = {
  type: 'ClientMailSent';
  data: {
    mailId: string;
    projectId: string;
    mailType: MailType;
    to: string;
    subject: string;
    transport: 'smtp' | 'outbox';
    messageId: string | null;
    file: string | null;
    at: string;
  };
};
export type ClientMailState = { sent: boolean };

export const MAIL_MESSAGES = {
  noAddress: 'Le client n’a pas d’adresse e-mail',
  unknownType: 'Type de courriel inconnu',
} as const;

/** Checks a mail before it goes out: a known type and a client address. */
export function checkClientMail(mailType: unknown, to: string | null | undefined): MailType {
  if (!isMailType(mailType))
    throw new DomainError(MAIL_MESSAGES.unknownType, 'invalid', { type: 'Invalide' });
  if (!to || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to))
    throw new DomainError(MAIL_MESSAGES.noAddress, 'invalid', { to: MAIL_MESSAGES.noAddress });
  return mailType;
}

/** One sent mail, on its own stream `mail-<id>`, about the file `projectId`. */
export const clientMailDecider: Decider<ClientMailCommand, ClientMailEvent, ClientMailState> = {
  initialState: () => ({ sent: false }),
  decide(command, state) {
    if (state.sent) return [];
    const mailType = checkClientMail(command.mailType, command.to);
    return [
      {
        type: 'ClientMailSent',
        data: {
          mailId: command.mailId,
          projectId: command.projectId,
          mailType,
          to: normaliseEmail(command.to as string),
          subject: command.subject,
          transport: command.transport,
          messageId: command.messageId,
          file: command.file,
          at: command.at,
        },
      },
    ];
  },
  evolve: () => ({ sent: true }),
};
