import { render, screen } from '@testing-library/react';
import { useShellStore } from '../../../shell/store';
import { Providers, signIn } from '../../test/fixtures';
import type { ProjectComment } from '../../types';
import { CommentsList } from './CommentsList';

const comment = (id: string, author: string | undefined, content: string): ProjectComment => ({
  _id: id,
  author,
  content,
  createdAt: '2025-02-03T10:00:00.000Z',
  visibility: 'all',
  owner: author ? 'hil' : 'user',
});

const COMMENTS = [
  comment('c1', 'CMA', 'Le mien'),
  comment('c2', 'JBE', 'Celui de Julien'),
  comment('c3', undefined, 'Celui du client'),
];

function renderList() {
  render(
    <Providers>
      <CommentsList projectId="p1" visibility="all" comments={COMMENTS} onChanged={() => {}} />
    </Providers>,
  );
  return screen
    .queryAllByRole('button', { name: 'Supprimer' })
    .map((button) => button.closest('[data-comment-id]')?.getAttribute('data-comment-id'));
}

describe('comment deletion visibility', () => {
  beforeEach(() => useShellStore.getState().reset());

  it("offers 'Supprimer' to a non-admin only on their own comments", () => {
    signIn('OPERATOR', 'CMA');
    expect(renderList()).toEqual(['c1']);
  });

  it("offers 'Supprimer' on every comment to an admin or a super admin", () => {
    signIn('ADMIN', 'ADM');
    expect(renderList()).toEqual(['c1', 'c2', 'c3']);
  });

  it('offers nothing to a non-admin without a trigram', () => {
    signIn('SALE');
    useShellStore.getState().setMe({ ...useShellStore.getState().me!, trigram: null });
    expect(renderList()).toEqual([]);
  });
});
