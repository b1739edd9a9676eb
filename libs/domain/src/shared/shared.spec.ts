import { dateFromObjectId, isObjectId, newObjectId } from './ids';
import { uniqueValueDecider } from './unique-value.decider';
import { deciderSpec } from '../testing/decider-spec';

describe('object ids', () => {
  it('are 24 hex characters carrying their creation second', () => {
    const at = new Date('2026-03-01T08:30:00Z');
    const id = newObjectId(at);
    expect(isObjectId(id)).toBe(true);
    expect(dateFromObjectId(id).toISOString()).toBe('2026-03-01T08:30:00.000Z');
    expect(newObjectId(at)).not.toBe(id);
  });
});

describe('unique value claims', () => {
  const spec = deciderSpec(uniqueValueDecider);
  const claimed = { type: 'UniqueValueClaimed' as const, data: { ownerId: 'a' } };

  it('lets the first owner claim and refuses another', () => {
    spec
      .given([])
      .when({ type: 'Claim', ownerId: 'a', conflictMessage: 'duplicateMail' })
      .then([claimed]);
    spec
      .given([claimed])
      .when({ type: 'Claim', ownerId: 'b', conflictMessage: 'duplicateMail' })
      .thenThrows('duplicateMail');
    spec
      .given([claimed])
      .when({ type: 'Claim', ownerId: 'a', conflictMessage: 'duplicateMail' })
      .thenNothing();
  });

  it('frees the value once released by its owner only', () => {
    spec.given([claimed]).when({ type: 'Release', ownerId: 'b' }).thenNothing();
    const released = { type: 'UniqueValueReleased' as const, data: { ownerId: 'a' } };
    spec.given([claimed]).when({ type: 'Release', ownerId: 'a' }).then([released]);
    spec
      .given([claimed, released])
      .when({ type: 'Claim', ownerId: 'b', conflictMessage: 'x' })
      .then([{ type: 'UniqueValueClaimed', data: { ownerId: 'b' } }]);
  });
});
