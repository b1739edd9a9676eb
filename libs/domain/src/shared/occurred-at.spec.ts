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

  it('given an instant already in canonical form or not, then what a Date makes of it', () => {
    const viaDate = (at: string) =>
      Number.isNaN(Date.parse(at)) ? recorded : new Date(at).toISOString();
    for (const at of [
      '2024-02-29T23:59:59.999Z',
      '2023-02-29T00:00:00.000Z', // no such day: the next one
      '2100-02-29T00:00:00.000Z',
      '2000-02-29T00:00:00.000Z',
      '2024-04-31T00:00:00.000Z',
      '2024-01-01T24:00:00.000Z',
      '2024-01-01T23:60:00.000Z',
      '2024-01-01T23:59:60.000Z',
      '2024-13-01T00:00:00.000Z',
      '2024-00-10T00:00:00.000Z',
      '2024-01-00T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '2024-01-01T10:00:00.5Z',
      '2024-01-01T10:00:00.000+02:00',
      '2024-01-01T10:00Z',
      '2024-01-01T1a:00:00.000Z',
    ])
      expect([at, occurredAt({ metadata: { at }, createdAt: recorded })]).toEqual([
        at,
        viaDate(at),
      ]);
  });
});
