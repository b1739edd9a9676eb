/**
 * 24-hex ObjectIds: 4 bytes of seconds since the epoch, 5 random bytes, 3 counter bytes.
 * The creation date of an entity is read back from its id (hosts rely on it).
 */
let counter = Math.floor(Math.random() * 0xffffff);

function randomHex(bytes: number): string {
  let out = '';
  for (let i = 0; i < bytes; i++) {
    out += Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0');
  }
  return out;
}

const processRandom = randomHex(5);

export function newObjectId(at: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + processRandom + counter.toString(16).padStart(6, '0');
}

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);
}

export function dateFromObjectId(id: string): Date {
  return new Date(parseInt(id.slice(0, 8), 16) * 1000);
}
