import { fold } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { ProposalCommand } from './proposal.commands';
import { proposalDecider } from './proposal.decider';
import { ProposalEvent } from './proposal.events';

const PROPOSAL_ID = '6740a1b2c3d4e5f601239999';
const PROJECT_ID = '6740a1b2c3d4e5f601234567';
const HOST_ID = '6740a1b2c3d4e5f60123abcd';
const AT = '2026-11-22T10:00:00.000Z';
const LATER = '2026-11-23T09:00:00.000Z';
const spec = deciderSpec(proposalDecider);

const created: ProposalEvent = {
  type: 'ProposalCreated',
  data: { proposalId: PROPOSAL_ID, idBuy: PROJECT_ID, idSell: HOST_ID, proposedDate: AT },
};
const ev = (type: ProposalEvent['type'], data: Record<string, unknown> = {}) =>
  ({ type, data: { proposalId: PROPOSAL_ID, ...data } }) as ProposalEvent;
const cmd = (body: Record<string, unknown>, at = LATER) =>
  ({ proposalId: PROPOSAL_ID, at, ...body }) as ProposalCommand;
const state = (events: ProposalEvent[]) => fold(proposalDecider, events);
function errorsOf(events: ProposalEvent[], command: ProposalCommand): unknown {
  try {
    proposalDecider.decide(command, state(events));
  } catch (error) {
    return (error as { errors?: unknown }).errors;
  }
  return null;
}

const planned = ev('VisitPlanned', {
  dateVisite: '2026-12-01T13:30:00.000Z',
  author: 'operator',
  authorOther: null,
});

describe('Propose', () => {
  const propose = cmd({ type: 'Propose', idBuy: PROJECT_ID, idSell: HOST_ID }, AT);

  it('links a project and a host, en_cours and enabled', () => {
    spec.given([]).when(propose).then([created]);
    expect(state([created])).toMatchObject({
      _id: PROPOSAL_ID,
      idBuy: PROJECT_ID,
      idSell: HOST_ID,
      status: 'en_cours',
      disabled: false,
      proposedDate: AT,
      folderStatus: 'unknown',
      visited: null,
    });
  });

  it('answers "Cette proposition existe déjà" on a second proposal', () => {
    spec.given([created]).when(propose).thenThrows('Cette proposition existe déjà', 'conflict');
  });

  it('refuses ids that are not ObjectIds', () => {
    spec
      .given([])
      .when({ ...propose, idSell: '42' } as ProposalCommand)
      .thenThrows('Requête invalide', 'invalid');
  });

  it('answers not found for a command on a missing proposal', () => {
    spec
      .given([])
      .when(cmd({ type: 'SetStatus', status: 'en_cours' }))
      .thenThrows('Introuvable', 'notFound');
  });
});

describe('SetStatus', () => {
  it('disables the proposal on a denied_* status', () => {
    spec
      .given([created])
      .when(cmd({ type: 'SetStatus', status: 'denied_no_match' }))
      .then([ev('ProposalStatusChanged', { status: 'denied_no_match', disabled: true })]);
  });

  it('enables it again on any other status', () => {
    const denied = ev('ProposalStatusChanged', { status: 'denied_agency', disabled: true });
    spec
      .given([created, denied])
      .when(cmd({ type: 'SetStatus', status: 'agence_rappel' }))
      .then([ev('ProposalStatusChanged', { status: 'agence_rappel', disabled: false })]);
  });

  it('re-enables a proposal disabled by hand when its status is chosen again', () => {
    spec
      .given([created, ev('ProposalDisabledSet', { disabled: true })])
      .when(cmd({ type: 'SetStatus', status: 'en_cours' }))
      .then([ev('ProposalStatusChanged', { status: 'en_cours', disabled: false })]);
  });

  it('does nothing when unchanged and refuses an unknown status', () => {
    spec
      .given([created])
      .when(cmd({ type: 'SetStatus', status: 'en_cours' }))
      .thenNothing();
    spec
      .given([created])
      .when(cmd({ type: 'SetStatus', status: 'perdu' }))
      .thenThrows('Requête invalide', 'invalid');
  });
});

describe('SetFolderStatus', () => {
  const rejected = ev('ProposalFolderStatusChanged', { folderStatus: 'rejected' });

  it.each(['submitted', 'accepted', 'rejected', 'unknown'])('stores %s', (folderStatus) => {
    const events = folderStatus === 'unknown' ? [created, rejected] : [created];
    spec
      .given(events)
      .when(cmd({ type: 'SetFolderStatus', folderStatus }))
      .then([ev('ProposalFolderStatusChanged', { folderStatus })]);
  });

  it('stores rejected_agency as rejected + denied_agency (disabled)', () => {
    const events = [
      ev('ProposalFolderStatusChanged', { folderStatus: 'rejected' }),
      ev('ProposalStatusChanged', { status: 'denied_agency', disabled: true }),
    ];
    spec
      .given([created])
      .when(cmd({ type: 'SetFolderStatus', folderStatus: 'rejected_agency' }))
      .then(events);
    expect(state([created, ...events])).toMatchObject({
      folderStatus: 'rejected',
      status: 'denied_agency',
      disabled: true,
    });
  });

  it('stores rejected_customer as rejected + denied_customer', () => {
    spec
      .given([created, ev('ProposalFolderStatusChanged', { folderStatus: 'submitted' })])
      .when(cmd({ type: 'SetFolderStatus', folderStatus: 'rejected_customer' }))
      .then([
        ev('ProposalFolderStatusChanged', { folderStatus: 'rejected' }),
        ev('ProposalStatusChanged', { status: 'denied_customer', disabled: true }),
      ]);
  });

  it('refuses the rejected_* variants once already rejected', () => {
    spec
      .given([created, rejected])
      .when(cmd({ type: 'SetFolderStatus', folderStatus: 'rejected_agency' }))
      .thenThrows('Le dossier est déjà refusé', 'invalid');
    spec
      .given([created, rejected])
      .when(cmd({ type: 'SetFolderStatus', folderStatus: 'rejected_customer' }))
      .thenThrows('Le dossier est déjà refusé', 'invalid');
  });

  it('does nothing when unchanged and refuses an unknown value', () => {
    spec
      .given([created, rejected])
      .when(cmd({ type: 'SetFolderStatus', folderStatus: 'rejected' }))
      .thenNothing();
    spec
      .given([created])
      .when(cmd({ type: 'SetFolderStatus', folderStatus: 'denied' }))
      .thenThrows('Requête invalide', 'invalid');
  });
});

describe('SetOpinion', () => {
  const liked = ev('ProposalOpinionSet', { opinion: 'liked', at: AT });

  it('likes, then dislikes: the most recent decides', () => {
    spec
      .given([created])
      .when(cmd({ type: 'SetOpinion', opinion: 'liked' }, AT))
      .then([liked]);
    const disliked = ev('ProposalOpinionSet', { opinion: 'disliked', at: LATER });
    spec
      .given([created, liked])
      .when(cmd({ type: 'SetOpinion', opinion: 'disliked' }))
      .then([disliked]);
    expect(state([created, liked, disliked])).toMatchObject({ liked: null, disliked: LATER });
  });

  it('goes back to neither', () => {
    const neither = ev('ProposalOpinionSet', { opinion: 'neither', at: LATER });
    spec
      .given([created, liked])
      .when(cmd({ type: 'SetOpinion', opinion: 'neither' }))
      .then([neither]);
    expect(state([created, liked, neither])).toMatchObject({ liked: null, disliked: null });
  });

  it('does nothing on the same opinion and refuses an unknown one', () => {
    spec
      .given([created, liked])
      .when(cmd({ type: 'SetOpinion', opinion: 'liked' }))
      .thenNothing();
    spec
      .given([created])
      .when(cmd({ type: 'SetOpinion', opinion: 'love' }))
      .thenThrows('Requête invalide', 'invalid');
  });
});

describe('PlanVisit', () => {
  it('the switch creates a visit at the current date', () => {
    spec
      .given([created])
      .when(cmd({ type: 'PlanVisit' }))
      .then([ev('VisitPlanned', { dateVisite: LATER, author: null, authorOther: null })]);
  });

  it('the switch rounds the current time down to the 5-minute step, so it can be saved as typed', () => {
    spec
      .given([created])
      .when(cmd({ type: 'PlanVisit' }, '2026-11-23T08:23:41.512Z'))
      .then([
        ev('VisitPlanned', {
          dateVisite: '2026-11-23T08:20:00.000Z',
          author: null,
          authorOther: null,
        }),
      ]);
  });

  it('turns a typed Paris date and time into an ISO instant', () => {
    spec
      .given([created])
      .when(cmd({ type: 'PlanVisit', date: '01/12/2026', time: '14:30', author: 'sale' }))
      .then([
        ev('VisitPlanned', {
          dateVisite: '2026-12-01T13:30:00.000Z',
          author: 'sale',
          authorOther: null,
        }),
      ]);
  });

  it('keeps the name only for the author other', () => {
    spec
      .given([created])
      .when(
        cmd({
          type: 'PlanVisit',
          date: '01/07/2027',
          time: '09:05',
          author: 'other',
          authorOther: ' Léa ',
        }),
      )
      .then([
        ev('VisitPlanned', {
          dateVisite: '2027-07-01T07:05:00.000Z',
          author: 'other',
          authorOther: 'Léa',
        }),
      ]);
  });

  it('moves a planned visit and keeps its author and report', () => {
    const report = ev('VisitReportRecorded', { report: 'Bien lumineux' });
    const moved = ev('VisitPlanned', {
      dateVisite: '2026-12-02T08:00:00.000Z',
      author: 'operator',
      authorOther: null,
    });
    spec
      .given([created, planned, report])
      .when(cmd({ type: 'PlanVisit', date: '02/12/2026', time: '09:00' }))
      .then([moved]);
    expect(state([created, planned, report, moved]).visited).toEqual({
      dateVisite: '2026-12-02T08:00:00.000Z',
      author: 'operator',
      authorOther: null,
      report: 'Bien lumineux',
    });
  });

  it('does nothing when the visit is already planned as asked', () => {
    spec
      .given([created, planned])
      .when(cmd({ type: 'PlanVisit' }))
      .thenNothing();
    spec
      .given([created, planned])
      .when(cmd({ type: 'PlanVisit', date: '01/12/2026', time: '14:30' }))
      .thenNothing();
  });

  it('plans again after a cancellation, lifting it', () => {
    const cancelled = ev('VisitCancelled', { reason: 'agency' });
    const again = ev('VisitPlanned', { dateVisite: LATER, author: 'operator', authorOther: null });
    spec
      .given([created, planned, cancelled])
      .when(cmd({ type: 'PlanVisit' }))
      .then([again]);
    expect(state([created, planned, cancelled, again])).toMatchObject({
      visitCancelled: false,
      visitCancelReason: null,
      cancel: false,
    });
  });

  it.each([
    [{ date: '1/12/2026', time: '14:30' }, { date: 'Invalide' }],
    [{ date: '01/12/1999', time: '14:30' }, { date: 'Invalide' }],
    [{ date: '31/02/2026', time: '14:30' }, { date: 'Invalide' }],
    [{ date: '2026-12-01', time: '14:30' }, { date: 'Invalide' }],
    [{ date: '01/12/2026', time: '14:32' }, { time: 'Invalide' }],
    [{ date: '01/12/2026', time: '24:00' }, { time: 'Invalide' }],
    [{ date: '01/12/2026' }, { time: 'Obligatoire' }],
    [{ time: '14:30' }, { date: 'Obligatoire' }],
    [{ author: 'client' }, { author: 'Invalide' }],
    [{ author: 'other' }, { authorOther: 'Obligatoire' }],
    [{ author: 'other', authorOther: '  ' }, { authorOther: 'Obligatoire' }],
  ])('refuses %j', (body, errors) => {
    spec
      .given([created])
      .when(cmd({ type: 'PlanVisit', ...body }))
      .thenThrows('Requête invalide', 'invalid');
    expect(errorsOf([created], cmd({ type: 'PlanVisit', ...body }))).toEqual(errors);
  });
});

describe('UnplanVisit', () => {
  it('removes the visit when the switch is turned off', () => {
    spec
      .given([created, planned])
      .when(cmd({ type: 'UnplanVisit' }))
      .then([ev('VisitUnplanned')]);
    expect(state([created, planned, ev('VisitUnplanned')]).visited).toBeNull();
    spec
      .given([created])
      .when(cmd({ type: 'UnplanVisit' }))
      .thenNothing();
  });
});

describe('SetProposalOwner (§4 "Proposal owner choices")', () => {
  it('records who brought the property, clears it, and ignores a repeat', () => {
    spec
      .given([created])
      .when(cmd({ type: 'SetProposalOwner', owner: 'customer' }))
      .then([ev('ProposalOwnerSet', { owner: 'customer' })]);
    spec
      .given([created, ev('ProposalOwnerSet', { owner: 'sale' })])
      .when(cmd({ type: 'SetProposalOwner', owner: null }))
      .then([ev('ProposalOwnerSet', { owner: null })]);
    spec
      .given([created, ev('ProposalOwnerSet', { owner: 'sale' })])
      .when(cmd({ type: 'SetProposalOwner', owner: 'sale' }))
      .then([]);
    expect(state([created, ev('ProposalOwnerSet', { owner: 'other' })]).owner).toBe('other');
  });

  it("refuses 'submitted' (the client's own submission) and unknown values", () => {
    for (const owner of ['submitted', 'boss'])
      expect(errorsOf([created], cmd({ type: 'SetProposalOwner', owner }))).toEqual({
        owner: 'Invalide',
      });
  });
});

describe('SetVisitAuthor', () => {
  it('sets the author of a planned visit', () => {
    spec
      .given([created, planned])
      .when(cmd({ type: 'SetVisitAuthor', author: 'other', authorOther: 'Marc' }))
      .then([ev('VisitAuthorSet', { author: 'other', authorOther: 'Marc' })]);
    spec
      .given([created, planned])
      .when(cmd({ type: 'SetVisitAuthor', author: null }))
      .then([ev('VisitAuthorSet', { author: null, authorOther: null })]);
  });

  it('refuses without a visit, an unknown author or other without a name', () => {
    spec
      .given([created])
      .when(cmd({ type: 'SetVisitAuthor', author: 'sale' }))
      .thenThrows("Aucune visite n'est planifiée", 'invalid');
    spec
      .given([created, planned])
      .when(cmd({ type: 'SetVisitAuthor', author: 'other' }))
      .thenThrows('Requête invalide', 'invalid');
    spec
      .given([created, planned])
      .when(cmd({ type: 'SetVisitAuthor', author: 'boss' }))
      .thenThrows('Requête invalide', 'invalid');
  });

  it('does nothing when unchanged', () => {
    spec
      .given([created, planned])
      .when(cmd({ type: 'SetVisitAuthor', author: 'operator' }))
      .thenNothing();
  });
});

describe('CancelVisit', () => {
  it.each([
    ['hil', false, false],
    ['agency', true, false],
    ['client', false, true],
    ['error', false, false],
  ])('cancels with reason %s', (reason, cancel, cancelClient) => {
    const cancelled = ev('VisitCancelled', { reason });
    spec
      .given([created, planned])
      .when(cmd({ type: 'CancelVisit', reason }))
      .then([cancelled]);
    expect(state([created, planned, cancelled])).toMatchObject({
      visitCancelled: true,
      visitCancelReason: reason,
      cancel,
      cancelClient,
    });
  });

  it('does nothing when already cancelled for that reason; another reason replaces it', () => {
    const cancelled = ev('VisitCancelled', { reason: 'client' });
    spec
      .given([created, planned, cancelled])
      .when(cmd({ type: 'CancelVisit', reason: 'client' }))
      .thenNothing();
    spec
      .given([created, planned, cancelled])
      .when(cmd({ type: 'CancelVisit', reason: 'error' }))
      .then([ev('VisitCancelled', { reason: 'error' })]);
  });

  it('refuses an unknown reason', () => {
    expect(errorsOf([created, planned], cmd({ type: 'CancelVisit', reason: 'météo' }))).toEqual({
      visitCancelReason: 'Invalide',
    });
  });
});

describe('RecordVisitReport', () => {
  it('records the report of a visit, trimmed', () => {
    spec
      .given([created, planned])
      .when(cmd({ type: 'RecordVisitReport', report: ' Très bien ' }))
      .then([ev('VisitReportRecorded', { report: 'Très bien' })]);
  });

  it('refuses without a visit and does nothing when unchanged', () => {
    spec
      .given([created])
      .when(cmd({ type: 'RecordVisitReport', report: 'x' }))
      .thenThrows("Aucune visite n'est planifiée", 'invalid');
    spec
      .given([created, planned])
      .when(cmd({ type: 'RecordVisitReport', report: '' }))
      .thenNothing();
  });
});

describe('SetDistances', () => {
  const distances = {
    distanceCar: 1500,
    distanceTransport: 2400,
    distanceWalk: null,
    lastGeocodingAddress: '3 Rue A, Paris',
  };

  it('stores seconds per mode, a failed mode staying empty', () => {
    const set = ev('ProposalDistancesSet', distances);
    spec
      .given([created])
      .when(cmd({ type: 'SetDistances', ...distances }))
      .then([set]);
    expect(state([created, set])).toMatchObject(distances);
    spec
      .given([created, set])
      .when(cmd({ type: 'SetDistances', ...distances }))
      .thenNothing();
  });

  it('refuses negative or non-numeric times', () => {
    expect(
      errorsOf(
        [created],
        cmd({ type: 'SetDistances', ...distances, distanceCar: -1, distanceWalk: 'x' }),
      ),
    ).toEqual({
      distanceCar: 'Doit être supérieur ou égal à 0',
      distanceWalk: 'Doit être un nombre',
    });
  });
});

describe('AddProposalComment', () => {
  it('adds a comment with its owner, name and date', () => {
    const added = ev('ProposalCommentAdded', {
      comment: { comment: 'Appeler lundi', name: 'OPE', date: LATER, owner: 'hil' },
    });
    spec
      .given([created])
      .when(
        cmd({ type: 'AddProposalComment', comment: ' Appeler lundi ', name: 'OPE', owner: 'hil' }),
      )
      .then([added]);
    expect(state([created, added, added]).comments).toHaveLength(2);
  });

  it('refuses an empty comment or an unknown owner', () => {
    expect(
      errorsOf([created], cmd({ type: 'AddProposalComment', comment: ' ', owner: 'agency' })),
    ).toEqual({ comment: 'Obligatoire', owner: 'Invalide' });
  });
});

describe('DisableProposal and EnableProposal', () => {
  const disabled = ev('ProposalDisabledSet', { disabled: true });

  it('disables and enables without touching the status', () => {
    spec
      .given([created])
      .when(cmd({ type: 'DisableProposal' }))
      .then([disabled]);
    spec
      .given([created, disabled])
      .when(cmd({ type: 'EnableProposal' }))
      .then([ev('ProposalDisabledSet', { disabled: false })]);
    expect(state([created, disabled])).toMatchObject({ disabled: true, status: 'en_cours' });
  });

  it('does nothing when already so', () => {
    spec
      .given([created, disabled])
      .when(cmd({ type: 'DisableProposal' }))
      .thenNothing();
    spec
      .given([created])
      .when(cmd({ type: 'EnableProposal' }))
      .thenNothing();
  });
});

describe('SetDistances from the travel-time job', () => {
  const estimated = {
    distanceCar: 1500,
    distanceTransport: 2400,
    distanceWalk: 9000,
    lastGeocodingAddress: '1 rue X@48.85,2.35 -> Lyon@45.76,4.83',
  };

  it('records the offline estimate as such, and the key it was computed for', () => {
    const set = ev('ProposalDistancesSet', { ...estimated, distanceEstimate: true });
    spec
      .given([created])
      .when(cmd({ type: 'SetDistances', ...estimated, estimate: true }))
      .then([set]);
    expect(state([created, set])).toMatchObject({ ...estimated, distanceEstimate: true });
    // The same result for the same key again (a job delivered twice) changes nothing.
    spec
      .given([created, set])
      .when(cmd({ type: 'SetDistances', ...estimated, estimate: true }))
      .thenNothing();
    // Measured times replacing the estimate clear the flag.
    spec
      .given([created, set])
      .when(cmd({ type: 'SetDistances', ...estimated }))
      .then([ev('ProposalDistancesSet', estimated)]);
    expect(state([created, set, ev('ProposalDistancesSet', estimated)]).distanceEstimate).toBe(
      false,
    );
  });
});
