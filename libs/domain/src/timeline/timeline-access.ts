import { COMMENT_TARGET_READ_RULES, CommentActor, CommentTarget } from '../comments/comment-access';
import { DomainError } from '../shared/errors';

export const TIMELINE_MESSAGES = {
  targetNotFound: 'Dossier introuvable',
  forbidden: 'Accès refusé',
} as const;

/**
 * A history tells as much as the record it is about, so reading or hiding an entry needs the
 * right to read that record, with the same rule as its comments (comment-access). No record,
 * or a deleted one, is a 404; a record the actor may not read, a 403.
 */
export function checkTimelineAccess(actor: CommentActor, target: CommentTarget | null): void {
  if (!target) throw new DomainError(TIMELINE_MESSAGES.targetNotFound, 'notFound');
  if (!COMMENT_TARGET_READ_RULES[target.kind](actor, target))
    throw new DomainError(TIMELINE_MESSAGES.forbidden, 'forbidden');
}
