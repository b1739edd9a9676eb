import { MESSAGES } from '../rules/messages';
import type { CommentVisibility } from '../comments/comment.decider';
import { isNonEligibilityReason, nonEligibilityLabel } from './enums';

/**
 * §4 "Project state select": abandoning records the reason (one of the 14 non-eligibility
 * reasons, `abortMotivation`) and the motivation as a sales-visible comment. The server
 * writes that comment itself, so every client (console, mobile, scripts) gets it.
 */
export const ABANDON_COMMENT_VISIBILITY: CommentVisibility = 'sales';

/** The comment's text: 'Dossier abandonné : {label of the reason}'. */
export function abandonCommentText(reason: string): string {
  return `Dossier abandonné : ${nonEligibilityLabel(reason)}`;
}

/** The reason's error, keyed like the request body (`abortMotivation`); none when valid. */
export function abortMotivationErrors(reason: unknown): Record<string, string> {
  if (reason === undefined || reason === null || reason === '')
    return { abortMotivation: MESSAGES.required };
  return isNonEligibilityReason(reason) ? {} : { abortMotivation: MESSAGES.invalid };
}
