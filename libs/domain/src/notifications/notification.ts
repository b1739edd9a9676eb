import { MESSAGES } from '../rules/messages';
import { isObjectId } from '../shared/ids';

/** §3 "Notification": the kinds of the feed; anything else reads 'Évènement inconnu' (§8). */
export const NOTIFICATION_KINDS = [
  'ProposalCommentTrace',
  'ProjectCommentTrace',
  'ProjectDocumentTrace',
  'ProposalEvaluation',
  'ProposalReport',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const UNKNOWN_NOTIFICATION = 'Évènement inconnu';

/** §9 "Paging and display": notifications are read 100 or 200 at a time. */
export const NOTIFICATION_PAGE_SIZES = [100, 200] as const;
export const DEFAULT_NOTIFICATION_PAGE_SIZE = 100;

/** The activity type (§3 "Enumerations") each kind stands for. */
export const NOTIFICATION_TYPES: Record<NotificationKind, string> = {
  ProjectCommentTrace: 'COMMENTAIRE_PROJET',
  ProposalCommentTrace: 'COMMENTAIRE_BIEN',
  ProjectDocumentTrace: 'DOCUMENT_AJOUTE',
  ProposalEvaluation: 'BIEN_JUGE',
  ProposalReport: 'BIEN_VISITE',
};

/** Assignee roles whose holders are told of a file's activity (the prescriptor is no staff). */
export const NOTIFIED_ROLES = ['lead', 'sale', 'dispatcher', 'reloc', 'alsender'] as const;

/** Who did it: a staff member (trigram), the client, or the system. */
export type NotificationAuthor = {
  _id: string | null;
  trigram: string | null;
  /** 'hil' (staff), 'user' (the client) or 'system'. */
  owner: 'hil' | 'user' | 'system';
};

/** One notification as the API answers it (§3). */
export type Notification = {
  _id: string;
  ts: string;
  kind: string;
  type: string;
  params: Record<string, unknown>;
  user: NotificationAuthor | null;
  projectId: string;
  idProject: string;
  idSell: string | null;
  idEstate: string | null;
  document: { title: string } | null;
  evaluation: 'liked' | 'disliked' | null;
  project: { firstName: string; lastName: string };
  seen: boolean;
};

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/**
 * The staff told of a file's activity: the user ids behind its assignees' trigrams (each once),
 * never the author. `idOf` maps a trigram to an active staff member's id, or null.
 */
export function notificationRecipients(
  assignees: Partial<Record<string, string | null>>,
  idOf: (trigram: string) => string | null,
  authorId: string | null,
): string[] {
  const ids = new Set<string>();
  for (const role of NOTIFIED_ROLES) {
    const trigram = assignees[role];
    const id = trigram ? idOf(trigram) : null;
    if (id && id !== authorId) ids.add(id);
  }
  return [...ids];
}

const EXCERPT = 80;

/** A comment or report cut for a table cell. */
export function excerpt(text: unknown): string {
  const flat = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
}

function who(user: NotificationAuthor | null): string {
  if (!user || user.owner === 'system') return 'Reloc';
  if (user.owner === 'user') return 'Le client';
  return user.trigram ?? 'Un membre de l’équipe';
}

/** The French description of a notification (§2 "Notifications page", column Description). */
export function describeNotification(
  n: Pick<Notification, 'kind' | 'params' | 'user' | 'document' | 'evaluation'>,
): string {
  const author = who(n.user);
  const text = excerpt(n.params?.text);
  const quoted = text ? ` : « ${text} »` : '';
  switch (n.kind) {
    case 'ProjectCommentTrace':
      return `${author} a commenté le dossier${quoted}`;
    case 'ProposalCommentTrace':
      return `${author} a commenté un bien proposé${quoted}`;
    case 'ProjectDocumentTrace':
      return `${author} a déposé un fichier dans « ${n.document?.title ?? 'Documents'} »`;
    case 'ProposalEvaluation':
      // The opinion is the client's, whoever recorded it.
      return n.evaluation === 'disliked'
        ? 'Le client n’a pas aimé un bien proposé'
        : 'Le client a aimé un bien proposé';
    case 'ProposalReport':
      return `${author} a rédigé un compte rendu de visite${quoted}`;
    default:
      return UNKNOWN_NOTIFICATION;
  }
}

/** The page and page size of GET /notifications, or the field errors (§7, §9). */
export function notificationPaging(
  page: unknown,
  pageSize: unknown,
): { page: number; pageSize: number } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const p = page === undefined || page === '' ? '0' : String(page);
  const s =
    pageSize === undefined || pageSize === ''
      ? String(DEFAULT_NOTIFICATION_PAGE_SIZE)
      : String(pageSize);
  // The message names the rule that failed (issue 15 point 14).
  if (!/^-?\d{1,15}$/.test(p)) errors.page = MESSAGES.integer;
  else if (Number(p) < 0) errors.page = MESSAGES.minValue(0);
  else if (Number(p) > 999999) errors.page = MESSAGES.maxValue(999999);
  if (!(NOTIFICATION_PAGE_SIZES as readonly number[]).includes(Number(s)) || !/^\d+$/.test(s))
    errors.pageSize = 'Invalide (100 ou 200)';
  return Object.keys(errors).length ? { errors } : { page: Number(p), pageSize: Number(s) };
}

export const isNotificationId = isObjectId;
