import { emptyHost } from '../hosts/host';
import {
  FOLDER_STATUS_LABELS,
  PROPOSAL_STATUSES,
  PROPOSAL_STATUS_LABELS,
  Proposal,
  VISIT_CANCEL_REASONS,
  emptyProposal,
  folderStatusChoices,
} from './proposal';
import {
  byPosition,
  contractualMinimum,
  exportableForPdf,
  formatDistanceKm,
  formatDuration,
  minutesForClient,
  opinionOf,
  proposalContractualTime,
  proposalPosition,
  proposalsForPdf,
  shownPosition,
  sortByVisitDate,
  visitMissingAuthor,
  visitsForPdf,
  visitsMissingAuthor,
} from './proposal.views';

const proposal = (changes: Partial<Proposal> = {}): Proposal => ({
  ...emptyProposal('p'),
  revision: 0,
  ...changes,
});
const visit = (changes: Partial<NonNullable<Proposal['visited']>> = {}) => ({
  dateVisite: '2026-12-01T13:30:00.000Z',
  author: null,
  authorOther: null,
  report: null,
  ...changes,
});
const host = { ...emptyHost('h'), revision: 0 };

describe('opinion and position', () => {
  it('the most recent of liked and disliked decides', () => {
    expect(opinionOf({ liked: null, disliked: null })).toBe('neither');
    expect(opinionOf({ liked: '2026-01-01', disliked: null })).toBe('liked');
    expect(opinionOf({ liked: null, disliked: '2026-01-01' })).toBe('disliked');
    expect(opinionOf({ liked: '2026-01-02', disliked: '2026-01-01' })).toBe('liked');
    expect(opinionOf({ liked: '2026-01-01', disliked: '2026-01-02' })).toBe('disliked');
  });

  it('defaults to 99 if liked, 9999 if disliked, 999 otherwise', () => {
    expect(proposalPosition(proposal({ liked: '2026-01-01' }))).toBe(99);
    expect(proposalPosition(proposal({ disliked: '2026-01-01' }))).toBe(9999);
    expect(proposalPosition(proposal())).toBe(999);
    expect(proposalPosition(proposal({ position: 2, disliked: '2026-01-01' }))).toBe(2);
  });

  it('shows positions below 6 as numbers only', () => {
    expect(shownPosition(1)).toBe(1);
    expect(shownPosition(5)).toBe(5);
    expect(shownPosition(6)).toBeNull();
    expect(shownPosition(proposal({ liked: '2026-01-01' }))).toBeNull();
    expect(shownPosition(proposal({ position: 3 }))).toBe(3);
  });

  it('orders proposals by position', () => {
    const a = proposal({ _id: 'a', disliked: '2026-01-01' });
    const b = proposal({ _id: 'b' });
    const c = proposal({ _id: 'c', liked: '2026-01-01' });
    expect(byPosition([a, b, c]).map((p) => p._id)).toEqual(['c', 'b', 'a']);
  });
});

describe("'La facturation sera inexacte'", () => {
  it('holds for an active visited proposal with no author', () => {
    expect(visitMissingAuthor([proposal({ visited: visit() })])).toBe(true);
  });

  it("holds for the author 'other' without a name", () => {
    expect(visitMissingAuthor([proposal({ visited: visit({ author: 'other' }) })])).toBe(true);
  });

  it('does not hold for a named author, a disabled proposal, a cancelled visit or no visit', () => {
    expect(
      visitMissingAuthor([
        proposal({ visited: visit({ author: 'sale' }) }),
        proposal({ visited: visit({ author: 'other', authorOther: 'Léa' }) }),
        proposal({ visited: visit(), disabled: true }),
        proposal({ visited: visit(), visitCancelled: true, visitCancelReason: 'error' }),
        proposal(),
      ]),
    ).toBe(false);
  });

  it('lists the offending rows', () => {
    const bad = proposal({ _id: 'bad', visited: visit() });
    expect(visitsMissingAuthor([proposal(), bad])).toEqual([bad]);
  });
});

describe('Visits tab', () => {
  it('lists every visit by date, undated last', () => {
    const late = proposal({ _id: 'late', visited: visit({ dateVisite: '2026-12-05T10:00:00Z' }) });
    const early = proposal({
      _id: 'early',
      visited: visit({ dateVisite: '2026-12-01T10:00:00Z' }),
    });
    const undated = proposal({ _id: 'undated', visited: visit({ dateVisite: null }) });
    expect(sortByVisitDate([undated, late, proposal(), early]).map((p) => p._id)).toEqual([
      'early',
      'late',
      'undated',
    ]);
  });
});

describe('PDF exports', () => {
  it('keeps an active proposal of an active, published property', () => {
    expect(exportableForPdf(proposal(), host)).toBe(true);
  });

  it.each([
    ['a disabled proposal', proposal({ disabled: true }), host],
    ['an inactive property', proposal(), { ...host, isActive: false }],
    ['an unpublished property', proposal(), { ...host, publish: false }],
    ['a visit cancelled by the agency', proposal({ cancel: true }), host],
    ['a visit cancelled by the client', proposal({ cancelClient: true }), host],
  ])('leaves out %s', (_, p, h) => {
    expect(exportableForPdf(p, h)).toBe(false);
  });

  it('keeps a visit cancelled for another reason', () => {
    const p = proposal({ visitCancelled: true, visitCancelReason: 'hil' });
    expect(exportableForPdf(p, host)).toBe(true);
  });

  it('the proposals PDF: all or liked only, by position', () => {
    const liked = { proposal: proposal({ _id: 'liked', liked: '2026-01-01' }), host };
    const plain = { proposal: proposal({ _id: 'plain' }), host };
    const hidden = { proposal: proposal({ _id: 'hidden' }), host: { ...host, publish: false } };
    expect(proposalsForPdf([plain, hidden, liked]).map((e) => e.proposal._id)).toEqual([
      'liked',
      'plain',
    ]);
    expect(proposalsForPdf([plain, liked], { likedOnly: true }).map((e) => e.proposal._id)).toEqual(
      ['liked'],
    );
  });

  it('the visits PDF leaves out visits without a date, by date', () => {
    const later = {
      proposal: proposal({ _id: 'later', visited: visit({ dateVisite: '2026-12-09T10:00:00Z' }) }),
      host,
    };
    const sooner = {
      proposal: proposal({ _id: 'sooner', visited: visit({ dateVisite: '2026-12-02T10:00:00Z' }) }),
      host,
    };
    const undated = { proposal: proposal({ visited: visit({ dateVisite: null }) }), host };
    const none = { proposal: proposal(), host };
    const byClient = {
      proposal: proposal({ visited: visit(), cancelClient: true }),
      host,
    };
    expect(
      visitsForPdf([later, undated, none, byClient, sooner]).map((e) => e.proposal._id),
    ).toEqual(['sooner', 'later']);
  });
});

describe('distances', () => {
  it('the contractual value is the minimum across modes that answered', () => {
    expect(contractualMinimum([1800, null, 900, undefined])).toBe(900);
    expect(contractualMinimum({ car: 12000, transport: 9000, walk: null })).toBe(9000);
    expect(contractualMinimum([null, null])).toBeNull();
    expect(
      proposalContractualTime(
        proposal({ distanceCar: 1500, distanceTransport: 1200, distanceWalk: null }),
      ),
    ).toBe(1200);
  });

  it('shows whole km', () => {
    expect(formatDistanceKm(12_400)).toBe('12 km');
    expect(formatDistanceKm(12_600)).toBe('13 km');
    expect(formatDistanceKm(null)).toBe('');
  });

  it('shows hours and minutes', () => {
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3900)).toBe('1 h 05 min');
    expect(formatDuration(2 * 3600 + 30 * 60 + 20)).toBe('2 h 30 min');
    expect(formatDuration(undefined)).toBe('');
    expect(minutesForClient(1530)).toBe(26);
  });
});

describe('labels', () => {
  it('has a French label for every status, folder status and cancel reason', () => {
    for (const status of PROPOSAL_STATUSES) expect(PROPOSAL_STATUS_LABELS[status]).toBeTruthy();
    expect(Object.keys(FOLDER_STATUS_LABELS)).toEqual([
      'unknown',
      'submitted',
      'accepted',
      'rejected',
      'rejected_agency',
      'rejected_customer',
    ]);
    expect(Object.keys(VISIT_CANCEL_REASONS)).toEqual(['hil', 'agency', 'client', 'error']);
    expect(VISIT_CANCEL_REASONS.agency).toBe("Annulée par l'agence");
  });

  it('hides the rejected_* choices once rejected', () => {
    expect(folderStatusChoices({ folderStatus: 'submitted' })).toContain('rejected_agency');
    expect(folderStatusChoices({ folderStatus: 'rejected' })).toEqual([
      'unknown',
      'submitted',
      'accepted',
      'rejected',
    ]);
  });
});
