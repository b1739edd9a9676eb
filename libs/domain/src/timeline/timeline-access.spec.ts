import { DomainError } from '../shared/errors';
import { CommentActor, CommentTarget } from '../comments/comment-access';
import { checkTimelineAccess, TIMELINE_MESSAGES } from './timeline-access';

const actor = (role: string, trigram: string | null = 'SPE'): CommentActor => ({
  id: 'u1',
  role,
  trigram,
});
const outcome = (who: CommentActor, target: CommentTarget | null) => {
  try {
    checkTimelineAccess(who, target);
    return 'allowed';
  } catch (error) {
    return `${(error as DomainError).kind}: ${(error as DomainError).message}`;
  }
};

describe('a history follows the read rule of its record', () => {
  it('given no record: not found, said as a file', () => {
    expect(outcome(actor('ADMIN'), null)).toBe(`notFound: ${TIMELINE_MESSAGES.targetNotFound}`);
  });

  it('given a project: any staff role, never a USER', () => {
    expect(outcome(actor('VENDOR'), { kind: 'project' })).toBe('allowed');
    expect(outcome(actor('USER'), { kind: 'project' })).toBe(
      `forbidden: ${TIMELINE_MESSAGES.forbidden}`,
    );
  });

  it('given a prospect: the admins and its lead or sale only', () => {
    const prospect = { assignees: { lead: 'CMA', sale: 'CMA' } } as never;
    expect(outcome(actor('SALE'), { kind: 'prospect', prospect })).toMatch(/^forbidden/);
    expect(outcome(actor('ADMIN'), { kind: 'prospect', prospect })).toBe('allowed');
  });
});
