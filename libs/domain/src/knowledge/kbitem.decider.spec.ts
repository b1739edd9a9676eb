import { deciderSpec } from '../testing/decider-spec';
import { KbItemEvent, kbItemDecider } from './kbitem.decider';

const ID = 'abcdefabcdefabcdefabcdef';
const admin = { id: 'a'.repeat(24), role: 'ADMIN' };
const operator = { id: 'b'.repeat(24), role: 'OPERATOR' };
const at = '2026-11-23T10:00:00.000Z';
const created: KbItemEvent = {
  type: 'KbItemCreated',
  data: { kbItemId: ID, title: 'Accueil', content: '<p>Bonjour</p>', at, by: admin.id },
};
const spec = deciderSpec(kbItemDecider);

describe('knowledge item decider', () => {
  it('creates an article with a trimmed title', () => {
    spec
      .given([])
      .when({
        type: 'CreateKbItem',
        kbItemId: ID,
        title: '  Accueil ',
        content: '<p>Bonjour</p>',
        actor: admin,
        at,
      })
      .then([created]);
  });
  it("refuses an empty title: 'Le titre est obligatoire'", () => {
    spec
      .given([])
      .when({ type: 'CreateKbItem', kbItemId: ID, title: '   ', content: '', actor: admin, at })
      .thenThrows('Le titre est obligatoire', 'invalid');
    spec
      .given([created])
      .when({ type: 'UpdateKbItem', title: '', content: '', actor: admin, at })
      .thenThrows('Le titre est obligatoire', 'invalid');
  });
  it('is for admins and super admins only', () => {
    spec
      .given([])
      .when({ type: 'CreateKbItem', kbItemId: ID, title: 'T', content: '', actor: operator, at })
      .thenThrows('Accès refusé', 'forbidden');
    spec
      .given([created])
      .when({ type: 'DeleteKbItem', actor: operator, at })
      .thenThrows('Accès refusé', 'forbidden');
  });
  it('updates, ignores a save without change, deletes once', () => {
    spec
      .given([created])
      .when({ type: 'UpdateKbItem', title: 'Accueil', content: '<p>Salut</p>', actor: admin, at })
      .then([
        {
          type: 'KbItemUpdated',
          data: { kbItemId: ID, title: 'Accueil', content: '<p>Salut</p>', at, by: admin.id },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'UpdateKbItem', title: 'Accueil', content: '<p>Bonjour</p>', actor: admin, at })
      .thenNothing();
    const deleted: KbItemEvent = {
      type: 'KbItemDeleted',
      data: { kbItemId: ID, at, by: admin.id },
    };
    spec.given([created]).when({ type: 'DeleteKbItem', actor: admin, at }).then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'DeleteKbItem', actor: admin, at })
      .thenThrows('Article introuvable', 'notFound');
  });
});
