import { MESSAGES, PROJECT_MESSAGES, PROPOSAL_MESSAGES } from '../rules/messages';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { isObjectId } from '../shared/ids';
import {
  FOLDER_REJECTION_STATUS,
  FOLDER_STATUS_CHOICES,
  PROPOSAL_COMMENT_OWNERS,
  PROPOSAL_OWNER_CHOICES,
  Proposal,
  ProposalStatus,
  VISIT_AUTHORS,
  VISIT_CANCEL_REASON_VALUES,
  VisitAuthor,
  emptyProposal,
  isDeniedStatus,
  isProposalStatus,
  proposalExists,
} from './proposal';
import { NotifyClient, PlanVisit, ProposalCommand, SetDistances } from './proposal.commands';
import { ProposalEvent } from './proposal.events';
import { evolveProposal } from './proposal.evolve';
import { isVisited, opinionOf } from './proposal.views';
import { isVisitDate, isVisitTime, visitDateTimeToIso, visitInstantOf } from './visit-time';

function invalidIfAny(errors: Record<string, string>): void {
  if (Object.keys(errors).length)
    throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid', errors);
}

function requireProposal(state: Proposal): Proposal {
  if (!proposalExists(state)) throw new DomainError(PROPOSAL_MESSAGES.notFound, 'notFound');
  return state;
}

const includes = (list: readonly string[], value: unknown): boolean =>
  typeof value === 'string' && list.includes(value);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The visit author: one of the list; 'other' needs a name, which only 'other' keeps. */
function checkAuthor(
  author: unknown,
  authorOther: unknown,
): { author: VisitAuthor | null; authorOther: string | null } {
  if (author === null || author === undefined || author === '')
    return { author: null, authorOther: null };
  if (!includes(VISIT_AUTHORS, author)) invalidIfAny({ author: MESSAGES.invalid });
  const name = text(authorOther);
  if (author === 'other' && !name) invalidIfAny({ authorOther: MESSAGES.required });
  return { author: author as VisitAuthor, authorOther: author === 'other' ? name : null };
}

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** The typed date and time → ISO; neither typed → the switch's current date. */
function visitDate(command: PlanVisit): string {
  const dateTyped = hasValue(command.date);
  const timeTyped = hasValue(command.time);
  if (!dateTyped && !timeTyped) return visitInstantOf(command.at);
  invalidIfAny({
    ...(!dateTyped ? { date: MESSAGES.required } : {}),
    ...(dateTyped && !isVisitDate(command.date) ? { date: MESSAGES.invalid } : {}),
    ...(!timeTyped ? { time: MESSAGES.required } : {}),
    ...(timeTyped && !isVisitTime(command.time) ? { time: MESSAGES.invalid } : {}),
  });
  return visitDateTimeToIso(command.date as string, command.time as string) as string;
}

function planVisit(command: PlanVisit, proposal: Proposal): ProposalEvent[] {
  const typed = hasValue(command.date) || hasValue(command.time);
  const visit = proposal.visited;
  const live = visit !== null && !proposal.visitCancelled;
  const dateVisite = typed || !live || !visit.dateVisite ? visitDate(command) : visit.dateVisite;
  const author =
    command.author === undefined
      ? { author: visit?.author ?? null, authorOther: visit?.authorOther ?? null }
      : checkAuthor(command.author, command.authorOther);
  if (
    live &&
    visit.dateVisite === dateVisite &&
    visit.author === author.author &&
    visit.authorOther === author.authorOther
  )
    return [];
  return [{ type: 'VisitPlanned', data: { proposalId: proposal._id, dateVisite, ...author } }];
}

function checkDistances(command: SetDistances): void {
  const errors: Record<string, string> = {};
  for (const mode of ['distanceCar', 'distanceTransport', 'distanceWalk'] as const) {
    const value = command[mode];
    if (value === null || value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) errors[mode] = MESSAGES.number;
    else if (value < 0) errors[mode] = MESSAGES.minValue(0);
  }
  const address = command.lastGeocodingAddress;
  if (address !== null && address !== undefined && typeof address !== 'string')
    errors.lastGeocodingAddress = MESSAGES.invalid;
  invalidIfAny(errors);
}

/** The client is told of a live visit: a valid date, a time in steps of 5 and an address. */
function notifyClient(command: NotifyClient, proposal: Proposal): ProposalEvent[] {
  const address = text(command.address);
  invalidIfAny({
    ...(isVisitDate(command.date) ? {} : { date: MESSAGES.invalid }),
    ...(isVisitTime(command.time) ? {} : { time: MESSAGES.invalid }),
    ...(address ? {} : { address: MESSAGES.required }),
  });
  if (!isVisited(proposal)) throw new DomainError(PROPOSAL_MESSAGES.noVisit, 'invalid');
  const data = {
    proposalId: proposal._id,
    date: command.date.trim(),
    time: command.time.trim(),
    address: address as string,
    at: command.at,
  };
  return [{ type: 'ProposalClientNotified', data }];
}

function statusEvents(proposal: Proposal, status: ProposalStatus): ProposalEvent[] {
  const disabled = isDeniedStatus(status);
  if (proposal.status === status && proposal.disabled === disabled) return [];
  return [{ type: 'ProposalStatusChanged', data: { proposalId: proposal._id, status, disabled } }];
}

export function decideProposal(command: ProposalCommand, state: Proposal): ProposalEvent[] {
  if (command.type === 'Propose') {
    if (proposalExists(state)) throw new DomainError(PROPOSAL_MESSAGES.alreadyExists, 'conflict');
    invalidIfAny({
      ...(isObjectId(command.proposalId) ? {} : { _id: MESSAGES.invalid }),
      ...(isObjectId(command.idBuy) ? {} : { idBuy: MESSAGES.invalid }),
      ...(isObjectId(command.idSell) ? {} : { idSell: MESSAGES.invalid }),
    });
    const { proposalId, idBuy, idSell, at } = command;
    return [{ type: 'ProposalCreated', data: { proposalId, idBuy, idSell, proposedDate: at } }];
  }
  const proposal = requireProposal(state);
  const proposalId = proposal._id;
  switch (command.type) {
    case 'SetStatus':
      if (!isProposalStatus(command.status)) invalidIfAny({ status: MESSAGES.invalid });
      return statusEvents(proposal, command.status);
    case 'SetProposalOwner': {
      const { owner } = command;
      if (owner !== null && !PROPOSAL_OWNER_CHOICES.includes(owner))
        invalidIfAny({ owner: MESSAGES.invalid });
      return owner === proposal.owner
        ? []
        : [{ type: 'ProposalOwnerSet', data: { proposalId, owner } }];
    }
    case 'SetFolderStatus': {
      const choice = command.folderStatus;
      if (!includes(FOLDER_STATUS_CHOICES, choice))
        invalidIfAny({ folderStatus: MESSAGES.invalid });
      if (choice === 'rejected_agency' || choice === 'rejected_customer') {
        if (proposal.folderStatus === 'rejected')
          throw new DomainError(PROPOSAL_MESSAGES.alreadyRejected, 'invalid', {
            folderStatus: PROPOSAL_MESSAGES.alreadyRejected,
          });
        return [
          { type: 'ProposalFolderStatusChanged', data: { proposalId, folderStatus: 'rejected' } },
          ...statusEvents(proposal, FOLDER_REJECTION_STATUS[choice]),
        ];
      }
      if (choice === proposal.folderStatus) return [];
      return [{ type: 'ProposalFolderStatusChanged', data: { proposalId, folderStatus: choice } }];
    }
    case 'SetOpinion':
      if (!includes(['liked', 'disliked', 'neither'], command.opinion))
        invalidIfAny({ opinion: MESSAGES.invalid });
      if (opinionOf(proposal) === command.opinion) return [];
      return [
        {
          type: 'ProposalOpinionSet',
          data: { proposalId, opinion: command.opinion, at: command.at },
        },
      ];
    case 'PlanVisit':
      return planVisit(command, proposal);
    case 'UnplanVisit':
      return proposal.visited ? [{ type: 'VisitUnplanned', data: { proposalId } }] : [];
    case 'SetVisitAuthor': {
      if (!proposal.visited) throw new DomainError(PROPOSAL_MESSAGES.noVisit, 'invalid');
      const author = checkAuthor(command.author, command.authorOther);
      if (
        proposal.visited.author === author.author &&
        proposal.visited.authorOther === author.authorOther
      )
        return [];
      return [{ type: 'VisitAuthorSet', data: { proposalId, ...author } }];
    }
    case 'CancelVisit':
      if (!includes(VISIT_CANCEL_REASON_VALUES, command.reason))
        invalidIfAny({ visitCancelReason: MESSAGES.invalid });
      if (proposal.visitCancelled && proposal.visitCancelReason === command.reason) return [];
      return [{ type: 'VisitCancelled', data: { proposalId, reason: command.reason } }];
    case 'RecordVisitReport': {
      if (!proposal.visited) throw new DomainError(PROPOSAL_MESSAGES.noVisit, 'invalid');
      if (command.report !== null && typeof command.report !== 'string')
        invalidIfAny({ report: MESSAGES.invalid });
      const report = text(command.report);
      if (report === proposal.visited.report) return [];
      return [{ type: 'VisitReportRecorded', data: { proposalId, report } }];
    }
    case 'SetDistances': {
      checkDistances(command);
      const data = {
        distanceCar: command.distanceCar ?? null,
        distanceTransport: command.distanceTransport ?? null,
        distanceWalk: command.distanceWalk ?? null,
        lastGeocodingAddress: command.lastGeocodingAddress ?? null,
      };
      const estimate = command.estimate === true;
      const unchanged =
        proposal.distanceEstimate === estimate &&
        (Object.keys(data) as (keyof typeof data)[]).every((key) => proposal[key] === data[key]);
      // The estimate flag is written only when set, so measured results read as before.
      const flag = estimate ? { distanceEstimate: true } : {};
      return unchanged
        ? []
        : [{ type: 'ProposalDistancesSet', data: { proposalId, ...data, ...flag } }];
    }
    case 'AddProposalComment': {
      const comment = text(command.comment);
      invalidIfAny({
        ...(comment ? {} : { comment: MESSAGES.required }),
        ...(includes(PROPOSAL_COMMENT_OWNERS, command.owner) ? {} : { owner: MESSAGES.invalid }),
      });
      return [
        {
          type: 'ProposalCommentAdded',
          data: {
            proposalId,
            comment: {
              comment: comment as string,
              name: text(command.name),
              date: command.at,
              owner: command.owner,
            },
          },
        },
      ];
    }
    case 'DisableProposal':
      return proposal.disabled
        ? []
        : [{ type: 'ProposalDisabledSet', data: { proposalId, disabled: true } }];
    case 'EnableProposal':
      return proposal.disabled
        ? [{ type: 'ProposalDisabledSet', data: { proposalId, disabled: false } }]
        : [];
    case 'NotifyClient':
      return notifyClient(command, proposal);
  }
}

/** The proposal aggregate (`proposal-<id>` streams). */
export const proposalDecider: Decider<ProposalCommand, ProposalEvent, Proposal> = {
  initialState: () => emptyProposal(),
  decide: decideProposal,
  evolve: evolveProposal,
};
