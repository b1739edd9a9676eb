import { createContext, useContext } from 'react';
import type { ProjectDraft } from '../hooks/useProjectDraft';

export type DraftContextValue = { draft: ProjectDraft; editable: boolean };

export const DraftContext = createContext<DraftContextValue | null>(null);

export function useDraft(): DraftContextValue {
  const value = useContext(DraftContext);
  if (!value) throw new Error('useDraft outside a project page');
  return value;
}
