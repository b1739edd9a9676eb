import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { isAdmin, Role } from '../auth/roles';

export const COMMENT_VISIBILITIES = ['all', 'sales'] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];
export const COMMENT_OWNERS = ['hil', 'user'] as const;
export type CommentOwner = (typeof COMMENT_OWNERS)[number];
export const COMMENT_MAX_LENGTH = 10000;

export type Comment = {
  id: string;
  targetId: string;
  content: string;
  visibility: CommentVisibility;
  owner: CommentOwner;
  authorId: string;
  author: string | null;
  createdAt: string;
  deleted: boolean;
};

type Actor = { id: string; role: Role | string; trigram: string | null };

export type CommentCommand =
  | {
      type: 'AddComment';
      commentId: string;
      targetId: string;
      content: string;
      visibility: CommentVisibility;
      owner: CommentOwner;
      actor: Actor;
      at: string;
    }
  | { type: 'DeleteComment'; actor: Actor };

export type CommentEvent =
  | {
      type: 'CommentAdded';
      data: Omit<Comment, 'id' | 'deleted'> & { commentId: string };
    }
  | { type: 'CommentDeleted'; data: { commentId: string; targetId: string } };

/** A comment on a project or prospect; removed by its author or an admin. */
export const commentDecider: Decider<CommentCommand, CommentEvent, Comment | null> = {
  initialState: () => null,
  decide(command, state) {
    if (command.type === 'AddComment') {
      if (state) throw new DomainError('Ce commentaire existe déjà', 'conflict');
      const content = command.content.trim();
      if (!content)
        throw new DomainError('Requête invalide', 'invalid', { content: 'Obligatoire' });
      return [
        {
          type: 'CommentAdded',
          data: {
            commentId: command.commentId,
            targetId: command.targetId,
            content,
            visibility: command.visibility,
            owner: command.owner,
            authorId: command.actor.id,
            author: command.actor.trigram,
            createdAt: command.at,
          },
        },
      ];
    }
    if (!state || state.deleted) throw new DomainError('Commentaire introuvable', 'notFound');
    if (state.authorId !== command.actor.id && !isAdmin(command.actor.role as Role))
      throw new DomainError('Seul l’auteur ou un admin peut supprimer ce commentaire', 'forbidden');
    return [{ type: 'CommentDeleted', data: { commentId: state.id, targetId: state.targetId } }];
  },
  evolve(state, event) {
    if (event.type === 'CommentAdded') {
      const { commentId, ...rest } = event.data;
      return { id: commentId, ...rest, deleted: false };
    }
    return state && { ...state, deleted: true };
  },
};
