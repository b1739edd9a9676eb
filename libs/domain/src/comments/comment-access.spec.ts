import { DomainError } from '../shared/errors';
import { checkCommentAccess, CommentActor, CommentTarget } from './comment-access';

const actor = (role: string, trigram: string | null = 'SPE'): CommentActor => ({
  id: 'u1',
  role,
  trigram,
});
const prospectOf = (lead: string | null, sale: string | null): CommentTarget => ({
  kind: 'prospect',
  prospect: { assignees: { lead, sale } } as never,
});
const outcome = (who: CommentActor, target: CommentTarget | null) => {
  try {
    checkCommentAccess(who, target);
    return 'allowed';
  } catch (error) {
    return (error as DomainError).kind;
  }
};

describe('comments follow their target (issue 14 point 6)', () => {
  it('given no target, or one of a kind without comments: not found', () => {
    expect(outcome(actor('ADMIN'), null)).toBe('notFound');
  });

  it('given a prospect: its read rule, the admins and its lead or sale only', () => {
    const other = prospectOf('CMA', 'CMA');
    expect(outcome(actor('SALE'), other)).toBe('forbidden');
    expect(outcome(actor('OPERATOR'), other)).toBe('forbidden');
    expect(outcome(actor('ADMIN', 'CMA'), other)).toBe('allowed');
    expect(outcome(actor('SUPERADMIN', null), other)).toBe('allowed');
    expect(outcome(actor('SALE'), prospectOf(null, 'SPE'))).toBe('allowed');
    expect(outcome(actor('VENDOR'), prospectOf('SPE', null))).toBe('allowed');
    expect(outcome(actor('SALE', null), prospectOf(null, null))).toBe('forbidden');
  });

  it('given a project or an announcement: any staff role, never a USER', () => {
    for (const kind of ['project', 'announcement'] as const) {
      for (const role of ['OPERATOR', 'SALE', 'VENDOR', 'ADMIN', 'SUPERADMIN'])
        expect(outcome(actor(role), { kind })).toBe('allowed');
      expect(outcome(actor('USER'), { kind })).toBe('forbidden');
    }
  });
});
