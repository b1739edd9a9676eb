import { fold } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { ProposalCommand } from './proposal.commands';
import { proposalDecider } from './proposal.decider';
import { ProposalEvent } from './proposal.events';

const PROPOSAL_ID = '6740a1b2c3d4e5f601239999';
const AT = '2026-11-22T10:00:00.000Z';
const LATER = '2026-11-23T09:00:00.000Z';
const spec = deciderSpec(proposalDecider);

const ev = (type: ProposalEvent['type'], data: Record<string, unknown> = {}) =>
  ({ type, data: { proposalId: PROPOSAL_ID, ...data } }) as ProposalEvent;
const created = ev('ProposalCreated', {
  idBuy: '6740a1b2c3d4e5f601234567',
  idSell: '6740a1b2c3d4e5f60123abcd',
  proposedDate: AT,
});
const planned = ev('VisitPlanned', {
  dateVisite: '2026-12-01T13:30:00.000Z',
  author: 'operator',
  authorOther: null,
});
const notify = (body: Record<string, unknown> = {}) =>
  ({
    type: 'NotifyClient',
    proposalId: PROPOSAL_ID,
    at: LATER,
    date: '01/12/2026',
    time: '14:30',
    address: '10 rue de la Gare 69001 Lyon',
    ...body,
  }) as ProposalCommand;

function errorsOf(events: ProposalEvent[], command: ProposalCommand): unknown {
  try {
    proposalDecider.decide(command, fold(proposalDecider, events));
  } catch (error) {
    return (error as { errors?: unknown }).errors;
  }
  return null;
}

describe('NotifyClient (§7 POST .../notify: date, time, address)', () => {
  it('records what the client was told, and when', () => {
    spec
      .given([created, planned])
      .when(notify({ address: '  10 rue de la Gare 69001 Lyon ' }))
      .then([
        ev('ProposalClientNotified', {
          date: '01/12/2026',
          time: '14:30',
          address: '10 rue de la Gare 69001 Lyon',
          at: LATER,
        }),
      ]);
  });

  it('is recorded again on each call (the client may be told twice)', () => {
    const told = ev('ProposalClientNotified', {
      date: '01/12/2026',
      time: '14:30',
      address: 'x',
      at: AT,
    });
    expect(
      proposalDecider.decide(notify(), fold(proposalDecider, [created, planned, told])),
    ).toHaveLength(1);
  });

  it('refuses a date not typed DD/MM/20YY, a time off the 5-minute steps and no address', () => {
    expect(
      errorsOf([created, planned], notify({ date: '2026-12-01', time: '14:32', address: ' ' })),
    ).toEqual({ date: 'Invalide', time: 'Invalide', address: 'Obligatoire' });
    expect(errorsOf([created, planned], notify({ date: '31/02/2026' }))).toEqual({
      date: 'Invalide',
    });
    expect(errorsOf([created, planned], notify({ date: '01/12/1999' }))).toEqual({
      date: 'Invalide',
    });
    expect(errorsOf([created, planned], notify({ time: '24:00' }))).toEqual({ time: 'Invalide' });
  });

  it('needs a live visit', () => {
    spec.given([created]).when(notify()).thenThrows("Aucune visite n'est planifiée", 'invalid');
    spec
      .given([created, planned, ev('VisitCancelled', { reason: 'client' })])
      .when(notify())
      .thenThrows("Aucune visite n'est planifiée", 'invalid');
  });

  it('needs the proposal', () => {
    spec.given([]).when(notify()).thenThrows('Introuvable', 'notFound');
  });

  it('leaves the proposal as it was, one revision on', () => {
    const before = fold(proposalDecider, [created, planned]);
    const after = proposalDecider.evolve(
      before,
      ev('ProposalClientNotified', { date: '01/12/2026', time: '14:30', address: 'x', at: LATER }),
    );
    expect(after).toEqual({ ...before, revision: before.revision + 1 });
  });
});
