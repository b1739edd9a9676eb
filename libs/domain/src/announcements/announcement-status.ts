import { Announcement, ANNOUNCEMENT_STATUSES, AnnouncementStatus } from './announcement';

/**
 * An announcement's status and link agree (issue 15 point 9): 'ok' (Projet) only with a
 * linked client file; a converted announcement does not go back to prospect, toCallback or
 * waiting; a stopped one is not converted. The console offers only what these allow.
 */
export const ANNOUNCEMENT_STATUS_MESSAGES = {
  okNeedsProject: 'Le statut Projet demande un projet lié : utilisez « Convertir en projet »',
  convertedStays:
    'Une annonce convertie en projet ne revient pas à Prospect, À rappeler ou En attente',
  stoppedNotConvertible: 'Une annonce abandonnée ne peut pas être convertie en projet',
} as const;

const BEFORE_CONVERSION: readonly AnnouncementStatus[] = ['prospect', 'toCallback', 'waiting'];

type Linked = Pick<Announcement, 'currentProgress' | 'projectId'>;

/** Why moving to `to` is refused, or null when it is allowed. */
export function announcementStatusRefusal(current: Linked, to: AnnouncementStatus): string | null {
  if (to === current.currentProgress) return null;
  if (to === 'ok' && !current.projectId) return ANNOUNCEMENT_STATUS_MESSAGES.okNeedsProject;
  if (current.projectId && BEFORE_CONVERSION.includes(to))
    return ANNOUNCEMENT_STATUS_MESSAGES.convertedStays;
  return null;
}

/** The statuses the selector offers from the current one (itself included). */
export function allowedAnnouncementStatuses(current: Linked): AnnouncementStatus[] {
  return ANNOUNCEMENT_STATUSES.filter((to) => announcementStatusRefusal(current, to) === null);
}

/** Why 'Convertir en projet' is refused (not offered), or null. A linked one shows its file. */
export function conversionRefusal(current: Linked): string | null {
  if (current.projectId) return null;
  if (current.currentProgress === 'stopped')
    return ANNOUNCEMENT_STATUS_MESSAGES.stoppedNotConvertible;
  return null;
}
