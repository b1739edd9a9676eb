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
});
