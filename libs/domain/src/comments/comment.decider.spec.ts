import { deciderSpec } from '../testing/decider-spec';
import { CommentEvent, commentDecider } from './comment.decider';

const spec = deciderSpec(commentDecider);
const author = { id: 'u1', role: 'OPERATOR', trigram: 'JBE' };
const added: CommentEvent = {
  type: 'CommentAdded',
  data: {
    commentId: 'c1',
    targetId: 'p1',
    content: 'Rappelé le client',
    visibility: 'sales',
    owner: 'hil',
    authorId: 'u1',
    author: 'JBE',
    createdAt: '2026-11-22T10:00:00.000Z',
  },
};

describe('comment decider', () => {
  it('adds a trimmed comment and refuses an empty one', () => {
    spec
      .given([])
      .when({
        type: 'AddComment',
        commentId: 'c1',
        targetId: 'p1',
        content: '  Rappelé le client ',
        visibility: 'sales',
        owner: 'hil',
        actor: author,
        at: '2026-11-22T10:00:00.000Z',
      })
      .then([added]);
    spec
      .given([])
      .when({
        type: 'AddComment',
        commentId: 'c1',
        targetId: 'p1',
        content: '   ',
        visibility: 'all',
        owner: 'hil',
        actor: author,
        at: 'x',
      })
      .thenThrows('Requête invalide', 'invalid');
  });

  it('lets the author or an admin delete, nobody else', () => {
    const deleted = { type: 'CommentDeleted', data: { commentId: 'c1', targetId: 'p1' } };
    spec
      .given([added])
      .when({ type: 'DeleteComment', actor: author })
      .then([deleted as CommentEvent]);
    spec
      .given([added])
      .when({ type: 'DeleteComment', actor: { id: 'a', role: 'ADMIN', trigram: 'CMA' } })
      .then([deleted as CommentEvent]);
    spec
      .given([added])
      .when({ type: 'DeleteComment', actor: { id: 'u2', role: 'SALE', trigram: 'SPE' } })
      .thenThrows('Seul l’auteur ou un admin peut supprimer ce commentaire', 'forbidden');
    spec
      .given([added, deleted as CommentEvent])
      .when({ type: 'DeleteComment', actor: author })
      .thenThrows('Commentaire introuvable', 'notFound');
  });
});
