import {
  FOLDER_REJECTION_STATUS,
  hostNeedsGeocoding,
  proposalRouteKey,
  workKey,
  type ProjectPlaces,
  isDeniedStatus,
  opinionOf,
  type FolderStatusChoice,
  type ProposalOwner,
  type ProposalStatus,
  type VisitCancelReason,
} from '@reloc/domain';
import type { ProposalRow, ProposalUpdate } from './types';

/**
 * One user change: the PUT body (§7) and the optimistic preview of the row until the server
 * answers. The rules themselves are the domain's (denied_* disables, rejected_* variants, the
 * latest opinion): the preview only mirrors them so the table reacts at once.
 */
export type ProposalChange = { body: ProposalUpdate; patch: Partial<ProposalRow> };

export function statusChange(status: ProposalStatus): ProposalChange {
  const disabled = isDeniedStatus(status);
  return { body: { status, disabled }, patch: { status, disabled } };
}

/** Who brought the property; '' (Non défini) clears it. */
export function ownerChange(owner: ProposalOwner | null): ProposalChange {
  return { body: { owner }, patch: { owner } };
}

export function folderChange(choice: FolderStatusChoice): ProposalChange {
  if (choice === 'rejected_agency' || choice === 'rejected_customer') {
    const status = FOLDER_REJECTION_STATUS[choice];
    return {
      body: { folderStatus: choice },
      patch: { folderStatus: 'rejected', status, disabled: isDeniedStatus(status) },
    };
  }
  return { body: { folderStatus: choice }, patch: { folderStatus: choice } };
}

/** The like / dislike toggles: pressing the current opinion withdraws it. */
export function opinionChange(
  row: Pick<ProposalRow, 'liked' | 'disliked'>,
  pressed: 'liked' | 'disliked',
  now = new Date().toISOString(),
): ProposalChange {
  if (opinionOf(row) === pressed) {
    return { body: { [pressed]: false }, patch: { liked: null, disliked: null } };
  }
  return {
    body: { [pressed]: true },
    patch: pressed === 'liked' ? { liked: now, disliked: null } : { liked: null, disliked: now },
  };
}

export function cancelVisitChange(reason: VisitCancelReason): ProposalChange {
  return {
    body: { visitCancelled: true, visitCancelReason: reason },
    patch: {
      visitCancelled: true,
      visitCancelReason: reason,
      cancel: reason === 'agency',
      cancelClient: reason === 'client',
    },
  };
}

/**
 * Travel times are computed by background jobs a few seconds after a change: pending while the
 * property awaits geocoding, or while the route the times were computed for
 * (`lastGeocodingAddress`) is not the current one (property point -> work address).
 */
export function distancesPending(row: ProposalRow, project: ProjectPlaces): boolean {
  const host = row._host;
  if (!host?.address || !workKey(project)) return false;
  // Geocoded with no point found: nothing more will come ('Pas de géolocalisation').
  if (hostNeedsGeocoding(host)) return host.geocodedAddress !== host.address;
  const key = proposalRouteKey(host, project);
  return key !== null && row.lastGeocodingAddress !== key;
}

/** 'Recalculer': the times cleared with no route; the server computes them again. */
export function recomputeDistancesChange(): ProposalChange {
  const cleared = {
    distanceCar: null,
    distanceTransport: null,
    distanceWalk: null,
    lastGeocodingAddress: null,
  };
  return { body: cleared, patch: cleared };
}
