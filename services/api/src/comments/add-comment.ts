import {
  commentDecider,
  CommentActor,
  CommentOwner,
  CommentVisibility,
  newObjectId,
} from '@reloc/domain';
import { CommandExecutor } from '../infrastructure/command-executor';

/** Adds a comment through its decider (a person's, or one the server writes for them); its id. */
export async function addComment(
  executor: CommandExecutor,
  comment: {
    targetId: string;
    content: string;
    visibility: CommentVisibility;
    owner: CommentOwner;
    actor: CommentActor;
    at?: string;
  },
): Promise<string> {
  const commentId = newObjectId();
  const { actor, at, ...rest } = comment;
  await executor.execute(
    `comment-${commentId}`,
    commentDecider,
    { type: 'AddComment', commentId, ...rest, actor, at: at ?? new Date().toISOString() },
    { actor },
  );
  return commentId;
}
