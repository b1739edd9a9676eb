// Generates a realistic users log, as the API writes it, one append at a time:
//   - a creation writes the e-mail claim (`unique-email-<email>`), for staff with a trigram the
//     trigram claim (`unique-trigram-<XYZ>`), then `user-<24hex>`: UserCreated + UserPasswordSet;
//   - an edit session appends a run of UserUpdated (names, role, version, rewards: the
//     autosave's changed fields) to one user, with the numeric expected revision;
//   - now and then a password reset (UserPasswordSet).
// Edits go mostly to recently created users, the rest anywhere in the base (random access for
// the projection). Deterministic (seeded), and lazy: appends are yielded one by one and only a
// small state per user is kept (never the events), so memory stays bounded at any size.

import { randomUUID } from 'node:crypto';
import { loadDemoVocabulary } from '../lib/paths.mjs';

// The demo seed's own names (services/api/src/seed/demo-vocabulary.ts, built).
const { FIRST_NAMES, LAST_NAMES } = loadDemoVocabulary();

const STAFF_ROLES = ['OPERATOR', 'SALE', 'VENDOR', 'ADMIN'];
const REWARD_CATEGORIES = [
  'lead',
  'sale',
  'dispatcher',
  'reloc',
  'alsender',
  'allRolesBonus',
  'visits',
];
const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** mulberry32: small, fast, good enough for data generation. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @param {{targetEvents: number, seed?: number, start?: Date}} options
 * @returns {Generator<{streamId: string, events: object[], expectedRevision: 'no_stream' | number}>}
 *   The generator's return value (when done) is the summary {events, appends, users, streams, byType}.
 */
export function* usersLog({ targetEvents, seed = 42, start = new Date('2023-01-02T08:00:00Z') }) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const int = (min, max) => min + Math.floor(rand() * (max - min + 1));

  let clock = start.getTime();
  let counter = 0;
  const machine = Array.from({ length: 10 }, () => Math.floor(rand() * 16).toString(16)).join('');
  const objectId = () =>
    Math.floor(clock / 1000)
      .toString(16)
      .padStart(8, '0') +
    machine +
    (counter = (counter + 1) % 0x1000000).toString(16).padStart(6, '0');
  const bcrypt = () => {
    let s = '$2b$10$';
    for (let i = 0; i < 53; i++) s += BCRYPT_ALPHABET[Math.floor(rand() * 64)];
    return s;
  };

  /** Per user: what the next events need, nothing more. */
  const users = [];
  const admins = [];
  const trigrams = new Set();
  const summary = { events: 0, appends: 0, users: 0, streams: 0, byType: {} };

  const metadata = (actor) => ({
    actor,
    at: new Date(clock).toISOString(),
    correlationId: randomUUID(),
    causationId: null,
    schemaVersion: 1,
  });
  const emit = (streamId, events, expectedRevision) => {
    summary.events += events.length;
    summary.appends++;
    if (expectedRevision === 'no_stream') summary.streams++;
    for (const e of events) summary.byType[e.type] = (summary.byType[e.type] ?? 0) + 1;
    return { streamId, events, expectedRevision };
  };
  const actorOf = (u) => ({ id: u.id, trigram: u.trigram, role: u.role });
  const system = { id: 'system', trigram: null, role: 'SUPERADMIN' };
  const anAdmin = () => (admins.length ? actorOf(pick(admins)) : system);

  function newTrigram() {
    for (let attempt = 0; attempt < 5; attempt++) {
      const t = String.fromCharCode(65 + int(0, 25), 65 + int(0, 25), 65 + int(0, 25));
      if (!trigrams.has(t)) {
        trigrams.add(t);
        return t;
      }
    }
    return null;
  }

  function* createUser() {
    const id = objectId();
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const seq = users.length + 1;
    const email = `${firstName}.${lastName}.${seq}@reloc-bench.fr`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    // The first accounts are the administrators who then act on everybody else.
    const role = users.length < 20 ? 'ADMIN' : rand() < 0.12 ? pick(STAFF_ROLES) : 'USER';
    const trigram = role !== 'USER' ? newTrigram() : null;
    const actor = anAdmin();
    const meta = metadata(actor);

    yield emit(
      `unique-email-${email}`,
      [{ type: 'UniqueValueClaimed', data: { ownerId: id }, metadata: meta }],
      'no_stream',
    );
    if (trigram) {
      yield emit(
        `unique-trigram-${trigram}`,
        [{ type: 'UniqueValueClaimed', data: { ownerId: id }, metadata: meta }],
        'no_stream',
      );
    }
    const createdAt = new Date(clock).toISOString();
    const user = { id, firstName, lastName, role, trigram, version: 1, revision: 1 };
    users.push(user);
    if (role === 'ADMIN') admins.push(user);
    summary.users++;
    yield emit(
      `user-${id}`,
      [
        {
          type: 'UserCreated',
          data: { userId: id, email, firstName, lastName, role, trigram, createdAt },
          metadata: meta,
        },
        { type: 'UserPasswordSet', data: { userId: id, passwordHash: bcrypt() }, metadata: meta },
      ],
      'no_stream',
    );
  }

  function change(user) {
    const r = rand();
    if (r < 0.3) {
      // Autosave while typing a name: the field grows or is corrected.
      const firstName =
        rand() < 0.5 ? pick(FIRST_NAMES) : `${pick(FIRST_NAMES)}-${pick(FIRST_NAMES)}`;
      user.firstName = firstName;
      return { firstName };
    }
    if (r < 0.5) {
      const lastName = rand() < 0.8 ? pick(LAST_NAMES) : `${pick(LAST_NAMES)} ${pick(LAST_NAMES)}`;
      user.lastName = lastName;
      return { lastName };
    }
    if (r < 0.58 && user.role !== 'USER') {
      user.role = pick(STAFF_ROLES);
      return { role: user.role };
    }
    if (r < 0.65) {
      user.version = user.version === 1 ? 2 : 1;
      return { version: user.version };
    }
    // Rewards grid edits (staff mostly, but the field exists on every account).
    const step = rand() < 0.6 ? 'sentToAL' : 'paid';
    if (rand() < 0.15) return { rewards: { custom: int(0, 500) * 10 } };
    return { rewards: { [step]: { [pick(REWARD_CATEGORIES)]: int(0, 40) * 25 } } };
  }

  function* editSession() {
    // Mostly the last 2 000 users (the ones being worked on), sometimes anyone.
    const recent = Math.min(users.length, 2000);
    const user =
      rand() < 0.7
        ? users[users.length - 1 - Math.floor(rand() * recent)]
        : users[Math.floor(rand() * users.length)];
    const actor = anAdmin();
    if (rand() < 0.05) {
      const meta = metadata(actor);
      const expected = user.revision;
      user.revision += 1;
      yield emit(
        `user-${user.id}`,
        [
          {
            type: 'UserPasswordSet',
            data: { userId: user.id, passwordHash: bcrypt() },
            metadata: meta,
          },
        ],
        expected,
      );
      return;
    }
    // One autosave session: 1 to 16 saves, about 6 on average.
    const saves = 1 + Math.min(15, Math.floor(-Math.log(1 - rand()) * 5));
    const events = [];
    for (let i = 0; i < saves; i++) {
      clock += int(2, 40) * 1000;
      events.push({
        type: 'UserUpdated',
        data: { userId: user.id, changes: change(user) },
        metadata: metadata(actor),
      });
    }
    const expected = user.revision;
    user.revision += events.length;
    yield emit(`user-${user.id}`, events, expected);
  }

  while (summary.events < targetEvents) {
    clock += int(5, 600) * 1000;
    if (users.length < 50 || rand() < 0.45) yield* createUser();
    else yield* editSession();
  }
  return summary;
}
