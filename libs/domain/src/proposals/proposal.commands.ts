import {
  FolderStatusChoice,
  Opinion,
  ProposalCommentOwner,
  ProposalOwner,
  ProposalStatus,
  VisitAuthor,
  VisitCancelReason,
} from './proposal';

type Base = { proposalId: string; at: string };

/** POST /proposals/lease/{idBuy}/host/{idSell}: the API checks both exist and the pair is new. */
export type Propose = Base & { type: 'Propose'; idBuy: string; idSell: string };
/** A denied_* status disables the proposal; any other enables it. */
export type SetStatus = Base & { type: 'SetStatus'; status: ProposalStatus };
export type SetFolderStatus = Base & { type: 'SetFolderStatus'; folderStatus: FolderStatusChoice };
export type SetOpinion = Base & { type: 'SetOpinion'; opinion: Opinion };
/**
 * The visit switch (no date: a visit at `at`) or the typed date 'DD/MM/20YY' and time 'HH:MM';
 * an author given here is set too.
 */
export type PlanVisit = Base & {
  type: 'PlanVisit';
  date?: string | null;
  time?: string | null;
  author?: VisitAuthor | null;
  authorOther?: string | null;
};
/** The switch turned off: the proposal has no visit any more. */
export type UnplanVisit = Base & { type: 'UnplanVisit' };
export type SetVisitAuthor = Base & {
  type: 'SetVisitAuthor';
  author: VisitAuthor | null;
  authorOther?: string | null;
};
export type CancelVisit = Base & { type: 'CancelVisit'; reason: VisitCancelReason };
export type RecordVisitReport = Base & { type: 'RecordVisitReport'; report: string | null };
/** The travel-time job: seconds per mode (null when that mode failed). */
export type SetDistances = Base & {
  type: 'SetDistances';
  distanceCar: number | null;
  distanceTransport: number | null;
  distanceWalk: number | null;
  lastGeocodingAddress: string | null;
  /** The offline estimate rather than the maps service; default false. */
  estimate?: boolean;
};
export type AddProposalComment = Base & {
  type: 'AddProposalComment';
  comment: string;
  name?: string | null;
  owner: ProposalCommentOwner;
};
/** POST .../notify: the client is told of the visit (date 'DD/MM/20YY', time 'HH:MM', address). */
export type NotifyClient = Base & {
  type: 'NotifyClient';
  date: string;
  time: string;
  address: string;
};
export type SetProposalOwner = Base & { type: 'SetProposalOwner'; owner: ProposalOwner | null };
export type DisableProposal = Base & { type: 'DisableProposal' };
export type EnableProposal = Base & { type: 'EnableProposal' };

export type ProposalCommand =
  | Propose
  | SetStatus
  | SetFolderStatus
  | SetProposalOwner
  | SetOpinion
  | PlanVisit
  | UnplanVisit
  | SetVisitAuthor
  | CancelVisit
  | RecordVisitReport
  | SetDistances
  | AddProposalComment
  | DisableProposal
  | EnableProposal
  | NotifyClient;
