import { Proposal, emptyProposal } from './proposal';
import { ProposalEvent } from './proposal.events';

const noVisit = { dateVisite: null, author: null, authorOther: null, report: null };

/** Folds one event; every event raises `revision` by one, as the stream's revision does. */
export function evolveProposal(state: Proposal, event: ProposalEvent): Proposal {
  const next = { ...state, revision: state.revision + 1 };
  switch (event.type) {
    case 'ProposalCreated': {
      const { proposalId, idBuy, idSell, proposedDate } = event.data;
      return { ...emptyProposal(proposalId), idBuy, idSell, proposedDate, revision: next.revision };
    }
    case 'ProposalStatusChanged':
      return { ...next, status: event.data.status, disabled: event.data.disabled };
    case 'ProposalFolderStatusChanged':
      return { ...next, folderStatus: event.data.folderStatus };
    case 'ProposalOwnerSet':
      return { ...next, owner: event.data.owner };
    case 'ProposalOpinionSet': {
      const { opinion, at } = event.data;
      return {
        ...next,
        liked: opinion === 'liked' ? at : null,
        disliked: opinion === 'disliked' ? at : null,
      };
    }
    case 'VisitPlanned': {
      const { dateVisite, author, authorOther } = event.data;
      return {
        ...next,
        visited: { ...noVisit, ...state.visited, dateVisite, author, authorOther },
        visitCancelled: false,
        visitCancelReason: null,
        cancel: false,
        cancelClient: false,
      };
    }
    case 'VisitUnplanned':
      return { ...next, visited: null };
    case 'VisitAuthorSet': {
      const { author, authorOther } = event.data;
      return { ...next, visited: { ...noVisit, ...state.visited, author, authorOther } };
    }
    case 'VisitCancelled':
      return {
        ...next,
        visitCancelled: true,
        visitCancelReason: event.data.reason,
        cancel: event.data.reason === 'agency',
        cancelClient: event.data.reason === 'client',
      };
    case 'VisitReportRecorded':
      return { ...next, visited: { ...noVisit, ...state.visited, report: event.data.report } };
    case 'ProposalDistancesSet': {
      const { distanceCar, distanceTransport, distanceWalk, lastGeocodingAddress } = event.data;
      const distanceEstimate = event.data.distanceEstimate ?? false;
      return {
        ...next,
        distanceCar,
        distanceTransport,
        distanceWalk,
        lastGeocodingAddress,
        distanceEstimate,
      };
    }
    case 'ProposalCommentAdded':
      return { ...next, comments: [...state.comments, event.data.comment] };
    case 'ProposalDisabledSet':
      return { ...next, disabled: event.data.disabled };
    case 'ProposalClientNotified':
      // A record of what the client was sent; the proposal itself does not change.
      return next;
  }
}
