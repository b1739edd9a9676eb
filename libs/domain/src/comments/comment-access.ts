import { isRole, isStaff } from '../auth/roles';
import { canEditProspect, Prospect } from '../prospects/prospect';
import { DomainError } from '../shared/errors';

export const COMMENT_MESSAGES = {
  targetNotFound: 'Cible du commentaire introuvable',
  forbidden: 'Accès refusé',
} as const;

/**
 * What a comment is about, once looked up: only these kinds take comments. Anything else
 * (a property, a user, an article, an unknown id) is no comment target.
 */
export type CommentTarget =
  | { kind: 'project' }
  | { kind: 'prospect'; prospect: Pick<Prospect, 'assignees'> }
  | { kind: 'announcement' };
export type CommentTargetKind = CommentTarget['kind'];
export type CommentActor = { id: string; role: string; trigram: string | null };

const staff = (actor: CommentActor): boolean => isRole(actor.role) && isStaff(actor.role);

/**
 * The read rule of each target kind, the same as the target's own read route: a project
 * (GET /lease/{id}) and an announcement (GET /announcements/{id}) are read by any staff role;
 * a prospect (GET /prospects/{id}) by the admins and by its lead or sale only.
 */
export const COMMENT_TARGET_READ_RULES: Record<
  CommentTargetKind,
  (actor: CommentActor, target: CommentTarget) => boolean
> = {
  project: staff,
  announcement: staff,
  prospect: (actor, target) =>
    target.kind === 'prospect' && staff(actor) && canEditProspect(actor, target.prospect),
};

/**
 * Comments follow their target's rules (issue 14): listing, adding and deleting a comment
 * need the right to read its target, sales-only comments included. A missing target, or one
 * of a kind that takes no comments, is a 404; a target the actor may not read, a 403.
 */
export function checkCommentAccess(actor: CommentActor, target: CommentTarget | null): void {
  if (!target) throw new DomainError(COMMENT_MESSAGES.targetNotFound, 'notFound');
  if (!COMMENT_TARGET_READ_RULES[target.kind](actor, target))
    throw new DomainError(COMMENT_MESSAGES.forbidden, 'forbidden');
}
