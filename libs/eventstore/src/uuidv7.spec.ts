import { uuidv7 } from './uuidv7';

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID', () => {
    expect(uuidv7()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('sorts by time and differs within a millisecond', () => {
    const earlier = uuidv7(1_700_000_000_000);
    const later = uuidv7(1_700_000_000_001);
    expect(earlier < later).toBe(true);
    expect(uuidv7(5)).not.toBe(uuidv7(5));
  });

  it('carries the time in its first 48 bits, up to the year 10889', () => {
    expect(uuidv7(0x0123456789ab).slice(0, 13)).toBe('01234567-89ab');
    expect(uuidv7(5).slice(0, 13)).toBe('00000000-0005');
    const max = 2 ** 48 - 1;
    expect(uuidv7(max)).toMatch(/^ffffffff-ffff-7/);
  });

  it('spreads its random bits (no two of 10,000 alike)', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => uuidv7(1_700_000_000_000)));
    expect(ids.size).toBe(10_000);
  });
});
