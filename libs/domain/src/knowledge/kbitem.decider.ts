import { isAdmin, Role } from '../auth/roles';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';

/** §5 "Users and admin", §8: a knowledge item needs a title. */
export const KB_MESSAGES = {
  titleRequired: 'Le titre est obligatoire',
  notFound: 'Article introuvable',
  exists: 'Cet article existe déjà',
  forbidden: 'Accès refusé',
} as const;

export const KB_TITLE_MAX = 200;
/** Rich HTML, already sanitised by the API: generous, but bounded. */
export const KB_CONTENT_MAX = 200_000;

/** A knowledge-base article (§3 "Knowledge item"), `kbitem-<id>` streams. */
export type KbItem = {
  _id: string;
  title: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
  revision: number;
};

type Actor = { id: string; role: Role | string };

export type CreateKbItem = {
  type: 'CreateKbItem';
  kbItemId: string;
  title: string;
  content: string;
  actor: Actor;
  at: string;
};
export type UpdateKbItem = {
  type: 'UpdateKbItem';
  title: string;
  content: string;
  actor: Actor;
  at: string;
};
export type DeleteKbItem = { type: 'DeleteKbItem'; actor: Actor; at: string };
export type KbItemCommand = CreateKbItem | UpdateKbItem | DeleteKbItem;

type Written = { kbItemId: string; title: string; content: string; at: string; by: string };
export type KbItemCreated = { type: 'KbItemCreated'; data: Written };
export type KbItemUpdated = { type: 'KbItemUpdated'; data: Written };
export type KbItemDeleted = {
  type: 'KbItemDeleted';
  data: { kbItemId: string; at: string; by: string };
};
export type KbItemEvent = KbItemCreated | KbItemUpdated | KbItemDeleted;

export function emptyKbItem(): KbItem {
  return {
    _id: '',
    title: '',
    content: '',
    createdAt: '',
    updatedAt: '',
    deleted: false,
    revision: -1,
  };
}

/** Title and content as stored: a trimmed, required, bounded title; bounded content. */
export function checkKbItem(title: unknown, content: unknown): { title: string; content: string } {
  const t = typeof title === 'string' ? title.trim() : '';
  if (!t)
    throw new DomainError(KB_MESSAGES.titleRequired, 'invalid', {
      title: KB_MESSAGES.titleRequired,
    });
  if (t.length > KB_TITLE_MAX)
    throw new DomainError('Requête invalide', 'invalid', {
      title: `Ne peut pas contenir plus de ${KB_TITLE_MAX} caractères.`,
    });
  const c = typeof content === 'string' ? content : '';
  if (c.length > KB_CONTENT_MAX)
    throw new DomainError('Requête invalide', 'invalid', { content: 'Contenu trop long' });
  return { title: t, content: c };
}

export function decideKbItem(command: KbItemCommand, state: KbItem): KbItemEvent[] {
  // §6: adding (and so editing and deleting) knowledge items is for admins and super admins.
  if (!isAdmin(command.actor.role as Role))
    throw new DomainError(KB_MESSAGES.forbidden, 'forbidden');
  const exists = state.revision >= 0 && !state.deleted;
  switch (command.type) {
    case 'CreateKbItem': {
      if (state.revision >= 0) throw new DomainError(KB_MESSAGES.exists, 'conflict');
      const checked = checkKbItem(command.title, command.content);
      return [
        {
          type: 'KbItemCreated',
          data: { kbItemId: command.kbItemId, ...checked, at: command.at, by: command.actor.id },
        },
      ];
    }
    case 'UpdateKbItem': {
      if (!exists) throw new DomainError(KB_MESSAGES.notFound, 'notFound');
      const checked = checkKbItem(command.title, command.content);
      if (checked.title === state.title && checked.content === state.content) return [];
      return [
        {
          type: 'KbItemUpdated',
          data: { kbItemId: state._id, ...checked, at: command.at, by: command.actor.id },
        },
      ];
    }
    case 'DeleteKbItem':
      if (!exists) throw new DomainError(KB_MESSAGES.notFound, 'notFound');
      return [
        {
          type: 'KbItemDeleted',
          data: { kbItemId: state._id, at: command.at, by: command.actor.id },
        },
      ];
  }
}

export function evolveKbItem(state: KbItem, event: KbItemEvent): KbItem {
  const revision = state.revision + 1;
  switch (event.type) {
    case 'KbItemCreated':
      return {
        _id: event.data.kbItemId,
        title: event.data.title,
        content: event.data.content,
        createdAt: event.data.at,
        updatedAt: event.data.at,
        deleted: false,
        revision,
      };
    case 'KbItemUpdated':
      return {
        ...state,
        title: event.data.title,
        content: event.data.content,
        updatedAt: event.data.at,
        revision,
      };
    case 'KbItemDeleted':
      return { ...state, deleted: true, updatedAt: event.data.at, revision };
  }
}

export const kbItemDecider: Decider<KbItemCommand, KbItemEvent, KbItem> = {
  initialState: emptyKbItem,
  decide: decideKbItem,
  evolve: evolveKbItem,
};

export const kbItemStream = (id: string) => `kbitem-${id}`;
