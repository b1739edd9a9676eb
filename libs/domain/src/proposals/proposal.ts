/** §4 "Proposals and visits": the status values; a denied_* status disables the proposal. */
export const PROPOSAL_STATUSES = [
  'en_cours',
  'agence_rappel',
  'agence_repondeur',
  'agence_attente',
  'client_attente',
  'denied_too_much_cases',
  'denied_no_match',
  'denied_no_available',
  'denied_agency',
  'denied_customer',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  en_cours: 'En cours',
  agence_rappel: 'Agence à rappeler',
  agence_repondeur: 'Agence sur répondeur',
  agence_attente: "En attente de l'agence",
  client_attente: 'En attente du client',
  denied_too_much_cases: 'Refusé : trop de dossiers',
  denied_no_match: 'Refusé : ne correspond pas',
  denied_no_available: 'Refusé : plus disponible',
  denied_agency: "Refusé par l'agence",
  denied_customer: 'Refusé par le client',
};

export function isProposalStatus(value: unknown): value is ProposalStatus {
  return (PROPOSAL_STATUSES as readonly unknown[]).includes(value);
}

export function isDeniedStatus(status: ProposalStatus): boolean {
  return status.startsWith('denied_');
}

/** The stored folder statuses. */
export const FOLDER_STATUSES = ['unknown', 'submitted', 'accepted', 'rejected'] as const;
export type FolderStatus = (typeof FOLDER_STATUSES)[number];
/** The choices of the select: the variants store `rejected` plus a denied status. */
export const FOLDER_STATUS_CHOICES = [
  ...FOLDER_STATUSES,
  'rejected_agency',
  'rejected_customer',
] as const;
export type FolderStatusChoice = (typeof FOLDER_STATUS_CHOICES)[number];

export const FOLDER_STATUS_LABELS: Record<FolderStatusChoice, string> = {
  unknown: 'Non défini',
  submitted: 'Soumis',
  accepted: 'Accepté',
  rejected: 'Refusé',
  rejected_agency: "Refusé par l'agence",
  rejected_customer: 'Refusé par le client',
};

/**
 * Who brought the property to the file (§4 "Proposal owner choices"). 'submitted' (the client
 * submitted it) is shown but cannot be picked by staff.
 */
export const PROPOSAL_OWNERS = ['submitted', 'customer', 'operator', 'sale', 'other'] as const;
export type ProposalOwner = (typeof PROPOSAL_OWNERS)[number];
export const PROPOSAL_OWNER_CHOICES: readonly ProposalOwner[] = PROPOSAL_OWNERS.filter(
  (owner) => owner !== 'submitted',
);
export const PROPOSAL_OWNER_LABELS: Record<ProposalOwner, string> = {
  submitted: 'Soumis par le client',
  customer: 'Client',
  operator: 'Consultant·e',
  sale: 'Commercial',
  other: 'Autre',
};

/** What a rejected_* choice stores as status. */
export const FOLDER_REJECTION_STATUS: Record<
  'rejected_agency' | 'rejected_customer',
  ProposalStatus
> = { rejected_agency: 'denied_agency', rejected_customer: 'denied_customer' };

/** The select's choices for a proposal: the rejected_* variants are hidden once rejected. */
export function folderStatusChoices(
  proposal: Pick<Proposal, 'folderStatus'>,
): readonly FolderStatusChoice[] {
  return proposal.folderStatus === 'rejected' ? FOLDER_STATUSES : FOLDER_STATUS_CHOICES;
}

export const VISIT_CANCEL_REASON_VALUES = ['hil', 'agency', 'client', 'error'] as const;
export type VisitCancelReason = (typeof VISIT_CANCEL_REASON_VALUES)[number];
export const VISIT_CANCEL_REASONS: Record<VisitCancelReason, string> = {
  hil: 'Annulée par HIL',
  agency: "Annulée par l'agence",
  client: 'Annulée par le client',
  error: 'Erreur de saisie',
};

export const VISIT_AUTHORS = ['operator', 'sale', 'other'] as const;
export type VisitAuthor = (typeof VISIT_AUTHORS)[number];
export const VISIT_AUTHOR_LABELS: Record<VisitAuthor, string> = {
  operator: 'Opérateur',
  sale: 'Commercial',
  other: 'Autre',
};

export const PROPOSAL_COMMENT_OWNERS = ['hil', 'user'] as const;
export type ProposalCommentOwner = (typeof PROPOSAL_COMMENT_OWNERS)[number];
export type ProposalComment = {
  comment: string;
  name: string | null;
  /** ISO date. */
  date: string;
  owner: ProposalCommentOwner;
};

export type Opinion = 'liked' | 'disliked' | 'neither';

export type Visit = {
  /** ISO date-time; null until a date is typed. */
  dateVisite: string | null;
  author: VisitAuthor | null;
  /** The name when the author is 'other'. */
  authorOther: string | null;
  report: string | null;
};

/** §3 "Proposal": a project-property link (`proposal-<id>` streams), also shown as a visit. */
export type Proposal = {
  _id: string;
  /** The project (lease). */
  idBuy: string;
  /** The host (property). */
  idSell: string;
  status: ProposalStatus;
  disabled: boolean;
  /** ISO date of the proposal. */
  proposedDate: string | null;
  /** ISO date of the latest like / dislike, or null; the most recent of the two decides. */
  liked: string | null;
  disliked: string | null;
  /** An explicit order; null gives the default of `proposalPosition`. */
  position: number | null;
  visited: Visit | null;
  /** The visit was cancelled by the agency. */
  cancel: boolean;
  /** The visit was cancelled by the client. */
  cancelClient: boolean;
  visitCancelled: boolean;
  visitCancelReason: VisitCancelReason | null;
  folderStatus: FolderStatus;
  /** Travel times in seconds; null when unknown or when that mode failed. */
  distanceCar: number | null;
  distanceTransport: number | null;
  distanceWalk: number | null;
  lastGeocodingAddress: string | null;
  /** The travel times are the offline estimate, shown as such. */
  distanceEstimate: boolean;
  comments: ProposalComment[];
  /** Who brought the property; null until someone says. */
  owner: ProposalOwner | null;
  /** Stream revision: -1 until created. */
  revision: number;
};

export function emptyProposal(id = ''): Proposal {
  return {
    _id: id,
    idBuy: '',
    idSell: '',
    status: 'en_cours',
    disabled: false,
    proposedDate: null,
    liked: null,
    disliked: null,
    position: null,
    visited: null,
    cancel: false,
    cancelClient: false,
    visitCancelled: false,
    visitCancelReason: null,
    folderStatus: 'unknown',
    distanceCar: null,
    distanceTransport: null,
    distanceWalk: null,
    lastGeocodingAddress: null,
    distanceEstimate: false,
    comments: [],
    owner: null,
    revision: -1,
  };
}

export function proposalExists(proposal: Proposal): boolean {
  return proposal.revision >= 0;
}
