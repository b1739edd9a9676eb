import { addressRoute, Host, hostHasExactAddress } from '../hosts/host';
import type { Proposal } from '../proposals/proposal';

/** §9: minimum 3 properties with an exact address to propose for signature. */
export const MIN_SIGNATURE_EXACT_ADDRESSES = 3;
/** §9: up to 2 eligible properties when a final one is chosen, otherwise 3. */
export const VISIT_PICK_WITH_FINAL = 2;
export const VISIT_PICK_WITHOUT_FINAL = 3;

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

type PickHost = Pick<
  Host,
  '_id' | 'carrez' | 'price' | 'address' | 'addressObject' | 'contactName' | 'contactPhoneNumber'
>;

/** §5 "Visit signing pick": surface > 0, price > 0, an address with a route, contact name and phone. */
export function isVisitSignatureEligible(host: PickHost): boolean {
  return (
    (host.carrez ?? 0) > 0 &&
    (host.price ?? 0) > 0 &&
    filled(host.address) &&
    addressRoute(host.addressObject) !== null &&
    filled(host.contactName) &&
    filled(host.contactPhoneNumber)
  );
}

type PickProposal = Pick<
  Proposal,
  'idSell' | 'disabled' | 'visited' | 'cancel' | 'cancelClient' | 'visitCancelled'
>;

/** A visit that took place (a date, not cancelled). */
export function isDoneVisit(proposal: PickProposal): boolean {
  return (
    !!proposal.visited?.dateVisite &&
    !proposal.cancel &&
    !proposal.cancelClient &&
    !proposal.visitCancelled
  );
}

/**
 * The proposals the pick and the minimum look at (§5 "awaitingSignature": visited, or else
 * any): the active visited ones, oldest visit first, or every active one when none was visited.
 */
export function visitSignaturePool<P extends PickProposal>(proposals: readonly P[]): P[] {
  const active = proposals.filter((p) => !p.disabled);
  const visited = active
    .filter(isDoneVisit)
    .sort((a, b) => (a.visited?.dateVisite ?? '').localeCompare(b.visited?.dateVisite ?? ''));
  return visited.length ? visited : active;
}

export type VisitPick =
  { ok: true; properties: string[] } | { ok: false; reason: 'exactAddresses' };

/**
 * The properties of the `visits` signature: the final one (when chosen) plus up to 2 eligible
 * others, otherwise up to 3 eligible ones; refused when fewer than 3 of the pool have an exact
 * address.
 */
export function pickVisitProperties(
  proposals: readonly PickProposal[],
  hosts: ReadonlyMap<string, PickHost>,
  chosenEstate: string | null,
): VisitPick {
  const pool = visitSignaturePool(proposals);
  const exact = pool.filter((p) => {
    const host = hosts.get(p.idSell);
    return !!host && hostHasExactAddress(host);
  });
  if (exact.length < MIN_SIGNATURE_EXACT_ADDRESSES) return { ok: false, reason: 'exactAddresses' };
  const final = chosenEstate && hosts.has(chosenEstate) ? chosenEstate : null;
  const limit = final ? VISIT_PICK_WITH_FINAL : VISIT_PICK_WITHOUT_FINAL;
  const picked: string[] = [];
  for (const proposal of pool) {
    if (picked.length >= limit) break;
    const host = hosts.get(proposal.idSell);
    if (!host || proposal.idSell === final || picked.includes(proposal.idSell)) continue;
    if (isVisitSignatureEligible(host)) picked.push(proposal.idSell);
  }
  return { ok: true, properties: final ? [final, ...picked] : picked };
}
