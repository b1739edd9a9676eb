import {
  FOLDER_STATUS_CHOICES,
  PROPOSAL_COMMENT_OWNERS,
  PROPOSAL_OWNERS,
  PROPOSAL_STATUSES,
  VISIT_AUTHORS,
  VISIT_CANCEL_REASON_VALUES,
} from '@reloc/domain';

/**
 * Schemas of the proposal calls (spec §7 "Proposals and hosts"). They check shapes and types
 * only: the §4 "Proposals and visits" rules (visit date and time, author 'other' with a name…)
 * are the decider's, which answers them with French field errors.
 */
const text = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const seconds = { type: ['number', 'null'], minimum: 0 } as const;
const nullableEnum = (values: readonly string[]) =>
  ({ type: ['string', 'null'], enum: [...values, null] }) as const;
const opinion = {
  anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 40 }, { type: 'null' }],
};

/** POST /proposals/lease/{projectId}/host/{hostId}: the pair is in the path; the body is empty. */
export const createProposalSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
export type CreateProposalBody = Record<string, never>;

/** The visit block of a PUT: the typed date 'DD/MM/20YY' (or null: the switch) and 'HH:MM'. */
export const proposalVisitSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    dateVisite: text(40),
    time: text(5),
    author: nullableEnum(VISIT_AUTHORS),
    authorOther: text(200),
    report: text(10000),
  },
} as const;
export type ProposalVisitBody = {
  dateVisite?: string | null;
  time?: string | null;
  author?: (typeof VISIT_AUTHORS)[number] | null;
  authorOther?: string | null;
  report?: string | null;
};

/**
 * PUT /proposals/lease/{projectId}/host/{hostId}: each §7 body (distances; visit, folder status
 * and cancellation; a comment; disabled and status; an opinion), alone or together. Any other key
 * is 'Champ inconnu'.
 */
export const updateProposalSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    distanceWalk: seconds,
    distanceTransport: seconds,
    distanceCar: seconds,
    lastGeocodingAddress: text(500),
    visited: proposalVisitSchema,
    visitCancelled: { type: 'boolean' },
    visitCancelReason: nullableEnum(VISIT_CANCEL_REASON_VALUES),
    folderStatus: { type: 'string', enum: [...FOLDER_STATUS_CHOICES] },
    comments: {
      type: 'object',
      additionalProperties: false,
      required: ['comment', 'owner'],
      properties: {
        comment: { type: 'string', maxLength: 10000 },
        owner: { type: 'string', enum: [...PROPOSAL_COMMENT_OWNERS] },
        name: text(200),
      },
    },
    disabled: { type: 'boolean' },
    owner: nullableEnum(PROPOSAL_OWNERS),
    status: { type: 'string', enum: [...PROPOSAL_STATUSES] },
    // true (or a date): liked / disliked now; false or null: that opinion withdrawn.
    liked: opinion,
    disliked: opinion,
  },
} as const;
export type UpdateProposalBody = {
  distanceWalk?: number | null;
  distanceTransport?: number | null;
  distanceCar?: number | null;
  lastGeocodingAddress?: string | null;
  visited?: ProposalVisitBody | null;
  visitCancelled?: boolean;
  visitCancelReason?: (typeof VISIT_CANCEL_REASON_VALUES)[number] | null;
  folderStatus?: (typeof FOLDER_STATUS_CHOICES)[number];
  comments?: {
    comment: string;
    owner: (typeof PROPOSAL_COMMENT_OWNERS)[number];
    name?: string | null;
  };
  disabled?: boolean;
  owner?: (typeof PROPOSAL_OWNERS)[number] | null;
  status?: (typeof PROPOSAL_STATUSES)[number];
  liked?: boolean | string | null;
  disliked?: boolean | string | null;
};

/**
 * POST /proposals/lease/{projectId}/host/{hostId}/notify: the visit the client is told of. The
 * date 'DD/MM/20YY' and time 'HH:MM' (5-minute steps) are checked by the decider, which answers
 * French field errors.
 */
export const notifyProposalSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'time', 'address'],
  properties: {
    date: { type: 'string', maxLength: 10 },
    time: { type: 'string', maxLength: 5 },
    address: { type: 'string', minLength: 1, maxLength: 500 },
  },
} as const;
export type NotifyProposalBody = { date: string; time: string; address: string };
