import { useShellStore } from '../../shell/store';
import type { LeaseTile, ProjectDoc } from '../types';

export function signIn(role: 'OPERATOR' | 'SALE' | 'ADMIN' | 'SUPERADMIN', trigram = 'CMA') {
  useShellStore.getState().setMe({
    ok: true,
    isLogged: true,
    id: 'u1',
    role,
    email: 'claire.martin@reloc.fr',
    firstName: 'Claire',
    lastName: 'Martin',
    trigram,
    createdAt: '2024-03-12T10:00:00.000Z',
    projectId: null,
  });
  useShellStore.getState().setStaff([
    {
      _id: 'u1',
      trigram,
      firstName: 'Claire',
      lastName: 'Martin',
      email: 'claire.martin@reloc.fr',
      role,
    },
  ]);
}

export { Providers, renderRoute } from '../../../test/render';

export const tile = (
  id: string,
  stage: LeaseTile['currentProgress'],
  extra: Partial<LeaseTile> = {},
) =>
  ({
    _id: id,
    firstName: 'Marie',
    lastName: `Durand ${id}`,
    company: 'Acme',
    currentProgress: stage,
    tags: [],
    assignees: {},
    activeAlerts: [],
    lastMove: '2025-02-03T10:00:00.000Z',
    ...extra,
  }) satisfies LeaseTile;

export const project = (extra: Partial<ProjectDoc> = {}): ProjectDoc => ({
  _id: 'p1',
  _revision: 7,
  firstName: 'Marie',
  lastName: 'Durand',
  userId: 'marie.durand@example.fr',
  phoneNumber: '0601020304',
  company: 'Acme',
  currentProgress: 'toCall',
  progress: { projectCreated: '2025-01-01T00:00:00.000Z', toCall: '2025-01-02T00:00:00.000Z' },
  stopped: false,
  tags: [],
  services: [],
  assignees: {},
  moveWish: 'Paris',
  budget: 900,
  ...extra,
});

/** A promise settled from outside, to hold an answer while the test looks at the page. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
