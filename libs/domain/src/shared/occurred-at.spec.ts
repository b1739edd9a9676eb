import { occurredAt } from './occurred-at';

/** Issue 15 point 26: an event is dated by when it happened, not when the seed stored it. */
describe('occurredAt', () => {
  const recorded = '2026-11-25T08:00:00.000Z';

  it('given a backdated metadata time, then that time', () => {
    expect(occurredAt({ metadata: { at: '2026-03-02T10:15:00.000Z' }, createdAt: recorded })).toBe(
      '2026-03-02T10:15:00.000Z',
    );
  });

  it('given no time or a malformed one, then the recording time', () => {
    expect(occurredAt({ metadata: {}, createdAt: recorded })).toBe(recorded);
    expect(occurredAt({ metadata: { at: 'hier' }, createdAt: recorded })).toBe(recorded);
    expect(occurredAt({ metadata: { at: 12 }, createdAt: recorded })).toBe(recorded);
    expect(occurredAt({ createdAt: recorded })).toBe(recorded);
  });
});
