import {
  FolderStatus,
  Opinion,
  ProposalComment,
  ProposalOwner,
  ProposalStatus,
  VisitAuthor,
  VisitCancelReason,
} from './proposal';

type Event<Type extends string, Data> = { type: Type; data: Data & { proposalId: string } };

export type ProposalCreated = Event<
  'ProposalCreated',
  { idBuy: string; idSell: string; proposedDate: string }
>;
export type ProposalStatusChanged = Event<
  'ProposalStatusChanged',
  { status: ProposalStatus; disabled: boolean }
>;
export type ProposalFolderStatusChanged = Event<
  'ProposalFolderStatusChanged',
  { folderStatus: FolderStatus }
>;
export type ProposalOpinionSet = Event<'ProposalOpinionSet', { opinion: Opinion; at: string }>;
/** A new or moved visit; it lifts an earlier cancellation. */
export type VisitPlanned = Event<
  'VisitPlanned',
  { dateVisite: string; author: VisitAuthor | null; authorOther: string | null }
>;
export type VisitUnplanned = Event<'VisitUnplanned', Record<never, never>>;
export type VisitAuthorSet = Event<
  'VisitAuthorSet',
  { author: VisitAuthor | null; authorOther: string | null }
>;
export type VisitCancelled = Event<'VisitCancelled', { reason: VisitCancelReason }>;
export type VisitReportRecorded = Event<'VisitReportRecorded', { report: string | null }>;
export type ProposalDistancesSet = Event<
  'ProposalDistancesSet',
  {
    distanceCar: number | null;
    distanceTransport: number | null;
    distanceWalk: number | null;
    lastGeocodingAddress: string | null;
    /** The offline straight-line estimate (no maps key); absent in older events: false. */
    distanceEstimate?: boolean;
  }
>;
export type ProposalCommentAdded = Event<'ProposalCommentAdded', { comment: ProposalComment }>;
export type ProposalDisabledSet = Event<'ProposalDisabledSet', { disabled: boolean }>;
/** The client was told of a visit: what was sent, and when. */
export type ProposalClientNotified = Event<
  'ProposalClientNotified',
  { date: string; time: string; address: string; at: string }
>;

export type ProposalOwnerSet = Event<'ProposalOwnerSet', { owner: ProposalOwner | null }>;

export type ProposalEvent =
  | ProposalCreated
  | ProposalOwnerSet
  | ProposalStatusChanged
  | ProposalFolderStatusChanged
  | ProposalOpinionSet
  | VisitPlanned
  | VisitUnplanned
  | VisitAuthorSet
  | VisitCancelled
  | VisitReportRecorded
  | ProposalDistancesSet
  | ProposalCommentAdded
  | ProposalDisabledSet
  | ProposalClientNotified;
export type ProposalEventType = ProposalEvent['type'];
