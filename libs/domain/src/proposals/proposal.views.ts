import { Host } from '../hosts/host';
import { Opinion, Proposal } from './proposal';

/** §3 "Opinion and order": the default positions. */
export const LIKED_POSITION = 99;
export const NEUTRAL_POSITION = 999;
export const DISLIKED_POSITION = 9999;
/** Positions below this are shown as numbers. */
export const SHOWN_POSITION_LIMIT = 6;

const time = (date: string | boolean | null | undefined): number => {
  if (date === true) return 0;
  if (typeof date !== 'string') return Number.NaN;
  const parsed = Date.parse(date);
  return Number.isNaN(parsed) ? 0 : parsed;
};

/** Liked, disliked or neither: when both are set, the most recent of the two decides. */
export function opinionOf(proposal: Pick<Proposal, 'liked' | 'disliked'>): Opinion {
  const liked = proposal.liked ? time(proposal.liked) : Number.NaN;
  const disliked = proposal.disliked ? time(proposal.disliked) : Number.NaN;
  if (Number.isNaN(liked)) return Number.isNaN(disliked) ? 'neither' : 'disliked';
  if (Number.isNaN(disliked)) return 'liked';
  return disliked > liked ? 'disliked' : 'liked';
}

type Positioned = Pick<Proposal, 'liked' | 'disliked'> & { position?: number | null };

/** The explicit position, else 99 if liked, 9999 if disliked, 999 otherwise. */
export function proposalPosition(proposal: Positioned): number {
  if (typeof proposal.position === 'number' && Number.isFinite(proposal.position))
    return proposal.position;
  const opinion = opinionOf(proposal);
  if (opinion === 'liked') return LIKED_POSITION;
  if (opinion === 'disliked') return DISLIKED_POSITION;
  return NEUTRAL_POSITION;
}

/** The number shown for a position (below 6), else null. */
export function shownPosition(proposalOrPosition: Positioned | number): number | null {
  const position =
    typeof proposalOrPosition === 'number'
      ? proposalOrPosition
      : proposalPosition(proposalOrPosition);
  return Number.isInteger(position) && position >= 0 && position < SHOWN_POSITION_LIMIT
    ? position
    : null;
}

export function byPosition<T extends Positioned>(proposals: readonly T[]): T[] {
  return [...proposals].sort((a, b) => proposalPosition(a) - proposalPosition(b));
}

/** A visit took place or is planned, and was not cancelled. */
export function isVisited(proposal: Pick<Proposal, 'visited' | 'visitCancelled'>): boolean {
  return proposal.visited !== null && proposal.visited !== undefined && !proposal.visitCancelled;
}

type VisitRow = Pick<Proposal, 'visited' | 'visitCancelled' | 'disabled'>;

/** The visits the billing cannot count: active, visited, and no author (or 'other' unnamed). */
export function visitsMissingAuthor<T extends VisitRow>(proposals: readonly T[]): T[] {
  return proposals.filter((proposal) => {
    if (proposal.disabled || !isVisited(proposal)) return false;
    const { author, authorOther } = proposal.visited ?? {};
    return !author || (author === 'other' && !(authorOther ?? '').trim());
  });
}

/** 'La facturation sera inexacte' is shown when this holds. */
export function visitMissingAuthor(proposals: readonly VisitRow[]): boolean {
  return visitsMissingAuthor(proposals).length > 0;
}

/** The Visits tab: every row with a visit, by visit date (undated last). */
export function sortByVisitDate<T extends Pick<Proposal, 'visited'>>(proposals: readonly T[]): T[] {
  const at = (p: T) => (p.visited?.dateVisite ? Date.parse(p.visited.dateVisite) : Infinity);
  return proposals.filter((p) => p.visited).sort((a, b) => at(a) - at(b));
}

export type ProposalWithHost = { proposal: Proposal; host: Host };

/** §5 "Exports": an active proposal of an active, published property not cancelled by agency or client. */
export function exportableForPdf(
  proposal: Pick<Proposal, 'disabled' | 'cancel' | 'cancelClient'>,
  host: Pick<Host, 'isActive' | 'publish'>,
): boolean {
  return (
    !proposal.disabled &&
    host.isActive &&
    host.publish &&
    !proposal.cancel &&
    !proposal.cancelClient
  );
}

/** The proposals PDF: all exportable, or the liked ones only, by position. */
export function proposalsForPdf(
  entries: readonly ProposalWithHost[],
  options: { likedOnly?: boolean } = {},
): ProposalWithHost[] {
  const kept = entries.filter(
    ({ proposal, host }) =>
      exportableForPdf(proposal, host) && (!options.likedOnly || opinionOf(proposal) === 'liked'),
  );
  return [...kept].sort((a, b) => proposalPosition(a.proposal) - proposalPosition(b.proposal));
}

/** The visits PDF: exportable proposals with a visit date, by date. */
export function visitsForPdf(entries: readonly ProposalWithHost[]): ProposalWithHost[] {
  const kept = entries.filter(
    ({ proposal, host }) => exportableForPdf(proposal, host) && !!proposal.visited?.dateVisite,
  );
  const at = (entry: ProposalWithHost) => Date.parse(entry.proposal.visited?.dateVisite ?? '');
  return [...kept].sort((a, b) => at(a) - at(b));
}

type Amounts = readonly (number | null | undefined)[] | Record<string, number | null | undefined>;

/** Contractual distance or time: the minimum across modes; null when no mode answered. */
export function contractualMinimum(distances: Amounts): number | null {
  const values = (Array.isArray(distances) ? distances : Object.values(distances)).filter(
    (value): value is number => typeof value === 'number' && Number.isFinite(value),
  );
  return values.length ? Math.min(...values) : null;
}

/** The proposal's contractual time in seconds. */
export function proposalContractualTime(
  proposal: Pick<Proposal, 'distanceCar' | 'distanceTransport' | 'distanceWalk'>,
): number | null {
  return contractualMinimum([
    proposal.distanceCar,
    proposal.distanceTransport,
    proposal.distanceWalk,
  ]);
}

/** Metres → whole km ('12 km'); '' when unknown. */
export function formatDistanceKm(meters: number | null | undefined): string {
  if (typeof meters !== 'number' || !Number.isFinite(meters)) return '';
  return `${Math.round(meters / 1000)} km`;
}

/** Seconds → '45 min', '1 h', '1 h 05 min'; '' when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '';
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${String(rest).padStart(2, '0')} min` : `${hours} h`;
}

/** What the client sees: whole minutes (seconds / 60). */
export function minutesForClient(seconds: number | null | undefined): number | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.round(seconds / 60) : null;
}
