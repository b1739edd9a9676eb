import type { ProjectPlaces } from '@reloc/domain';
import { useCallback, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { valueOf } from '../../projects/page/draft';
import { useDraft } from '../../projects/page/components/DraftContext';
import type { ProposalsTabKind } from '../types';

const filled = (value: unknown) =>
  (typeof value === 'string' && value.trim() !== '') || (!!value && typeof value === 'object');

/** What the proposal tabs read from the project page: its id, work address and final property. */
export function useProjectLink() {
  const { draft, editable } = useDraft();
  const projectId = draft.state.base._id;
  const hasWorkAddress =
    filled(valueOf(draft.state, 'addressWork')) ||
    filled(valueOf(draft.state, 'addressWorkObject'));
  const chosen = valueOf(draft.state, 'chosenEstate');
  const { base } = draft.state;
  // The saved addresses: the jobs compute from what the server holds.
  const places = useMemo<ProjectPlaces>(
    () => ({
      actualCity: (base.actualCity as string | null | undefined) ?? null,
      fromAddressObject: base.fromAddressObject ?? null,
      addressWork: (base.addressWork as string | null | undefined) ?? null,
      addressWorkObject: base.addressWorkObject ?? null,
    }),
    [base.actualCity, base.fromAddressObject, base.addressWork, base.addressWorkObject],
  );
  const { setField } = draft;
  // chosenEstate is a project field: it goes through the page's autosave (conflicts handled).
  const setChosenEstate = useCallback(
    (hostId: string | null) => setField('chosenEstate', hostId),
    [setField],
  );
  return {
    projectId,
    hasWorkAddress,
    places,
    chosenEstate: typeof chosen === 'string' && chosen ? chosen : null,
    setChosenEstate,
    editable,
  };
}

/**
 * The open row is the route's: /project/{idBuy}/{proposals|visits}/{idSell}; toggling a row
 * rewrites the route without a history entry.
 */
export function useExpandedRow(kind: ProposalsTabKind) {
  const { id = '', subId } = useParams();
  const navigate = useNavigate();
  const toggle = useCallback(
    (hostId: string) => {
      const base = `/project/${id}/${kind}`;
      navigate(subId === hostId ? base : `${base}/${hostId}`, { replace: true });
    },
    [id, kind, navigate, subId],
  );
  return { expanded: subId ?? null, toggle };
}
