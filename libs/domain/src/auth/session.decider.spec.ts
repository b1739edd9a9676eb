import { deciderSpec } from '../testing/decider-spec';
import {
  accessTokenStanding,
  REFRESH_RETRY_GRACE_MS,
  refreshTokenStanding,
  SessionEvent,
  sessionDecider,
} from './session.decider';

const AT = '2026-11-25T10:00:00.000Z';
const LATER = '2026-11-25T10:20:00.000Z';
const EXPIRES = '2026-12-25T10:00:00.000Z';

const opened: SessionEvent = {
  type: 'SessionOpened',
  data: {
    sessionId: 's1',
    userId: 'u1',
    email: 'j@reloc.fr',
    via: 'password',
    refreshHash: 'h0',
    openedAt: AT,
    expiresAt: EXPIRES,
  },
};
const refreshed = (generation: number, refreshHash: string): SessionEvent => ({
  type: 'SessionRefreshed',
  data: { sessionId: 's1', generation, refreshHash, at: LATER },
});

describe('sessions: rotating, single-use refresh tokens', () => {
  const spec = deciderSpec(sessionDecider);

  it('opens a session with the hash of its first refresh token', () => {
    spec
      .given([])
      .when({
        type: 'OpenSession',
        sessionId: 's1',
        userId: 'u1',
        email: 'j@reloc.fr',
        via: 'password',
        refreshHash: 'h0',
        at: AT,
        expiresAt: EXPIRES,
      })
      .then([opened]);
  });

  it('trades the current refresh token for a new one, one generation up', () => {
    spec
      .given([opened])
      .when({ type: 'RotateRefresh', presentedHash: 'h0', newHash: 'h1', at: LATER })
      .then([refreshed(1, 'h1')]);
    spec
      .given([opened, refreshed(1, 'h1')])
      .when({ type: 'RotateRefresh', presentedHash: 'h1', newHash: 'h2', at: LATER })
      .then([refreshed(2, 'h2')]);
  });

  it('revokes the whole family when a spent refresh token comes back', () => {
    spec
      .given([opened, refreshed(1, 'h1'), refreshed(2, 'h2')])
      .when({ type: 'RotateRefresh', presentedHash: 'h0', newHash: 'h3', at: LATER })
      .then([
        {
          type: 'SessionRevoked',
          data: {
            sessionId: 's1',
            userId: 'u1',
            email: 'j@reloc.fr',
            reason: 'refreshReused',
            at: LATER,
            reusedGeneration: 0,
          },
        },
      ]);
  });

  it('gives the same successor again to the token just replaced, within the grace only', () => {
    const justAfter = '2026-11-25T10:20:29.999Z'; // LATER + 29.999 s
    const afterGrace = '2026-11-25T10:20:30.000Z'; // LATER + REFRESH_RETRY_GRACE_MS
    expect(Date.parse(afterGrace) - Date.parse(LATER)).toBe(REFRESH_RETRY_GRACE_MS);
    // The answer to h0 -> h1 was lost: h0 again, with the same successor, changes nothing.
    spec
      .given([opened, refreshed(1, 'h1')])
      .when({ type: 'RotateRefresh', presentedHash: 'h0', newHash: 'h1', at: justAfter })
      .thenNothing();
    // Not another successor than the one given.
    spec
      .given([opened, refreshed(1, 'h1')])
      .when({ type: 'RotateRefresh', presentedHash: 'h0', newHash: 'hX', at: justAfter })
      .thenThrows('Invalid credentials', 'unauthorized');
    // After the grace, the reuse revokes the family as before.
    spec
      .given([opened, refreshed(1, 'h1')])
      .when({ type: 'RotateRefresh', presentedHash: 'h0', newHash: 'h1', at: afterGrace })
      .then([
        {
          type: 'SessionRevoked',
          data: {
            sessionId: 's1',
            userId: 'u1',
            email: 'j@reloc.fr',
            reason: 'refreshReused',
            at: afterGrace,
            reusedGeneration: 0,
          },
        },
      ]);
  });

  it('tells the standing of a presented token', () => {
    const state = [opened, refreshed(1, 'h1'), refreshed(2, 'h2')].reduce(
      sessionDecider.evolve,
      sessionDecider.initialState(),
    )!;
    expect(refreshTokenStanding(state, 'h2', LATER)).toBe('current');
    expect(refreshTokenStanding(state, 'h1', LATER)).toBe('retry');
    expect(refreshTokenStanding(state, 'h1', '2026-11-25T10:21:00.000Z')).toBe('reused');
    expect(refreshTokenStanding(state, 'h0', LATER)).toBe('reused'); // older than the last one
    expect(refreshTokenStanding(state, 'forged', LATER)).toBe('unknown');
  });

  it('then refuses even the newest refresh token', () => {
    const reused: SessionEvent = {
      type: 'SessionRevoked',
      data: {
        sessionId: 's1',
        userId: 'u1',
        email: 'j@reloc.fr',
        reason: 'refreshReused',
        at: LATER,
        reusedGeneration: 0,
      },
    };
    spec
      .given([opened, refreshed(1, 'h1'), reused])
      .when({ type: 'RotateRefresh', presentedHash: 'h1', newHash: 'h2', at: LATER })
      .thenThrows('Invalid credentials', 'unauthorized');
  });

  it('refuses an unknown token, an unknown session and a session past its end', () => {
    spec
      .given([opened])
      .when({ type: 'RotateRefresh', presentedHash: 'forged', newHash: 'h1', at: LATER })
      .thenThrows('Invalid credentials', 'unauthorized');
    spec
      .given([])
      .when({ type: 'RotateRefresh', presentedHash: 'h0', newHash: 'h1', at: LATER })
      .thenThrows('Invalid credentials', 'unauthorized');
    spec
      .given([opened])
      .when({ type: 'RotateRefresh', presentedHash: 'h0', newHash: 'h1', at: EXPIRES })
      .thenThrows('Invalid credentials', 'unauthorized');
  });

  it('logs out once; a second logout writes nothing; no refresh afterwards', () => {
    const loggedOut: SessionEvent = {
      type: 'SessionRevoked',
      data: { sessionId: 's1', userId: 'u1', email: 'j@reloc.fr', reason: 'logout', at: LATER },
    };
    spec
      .given([opened])
      .when({ type: 'RevokeSession', reason: 'logout', at: LATER })
      .then([loggedOut]);
    spec
      .given([opened, loggedOut])
      .when({ type: 'RevokeSession', reason: 'logout', at: LATER })
      .thenNothing();
    spec
      .given([opened, loggedOut])
      .when({ type: 'RotateRefresh', presentedHash: 'h0', newHash: 'h1', at: LATER })
      .thenThrows('Invalid credentials', 'unauthorized');
  });
});

describe('access token standing', () => {
  it('closes at once on a revoked session', () => {
    expect(accessTokenStanding(3, { generation: 3, revoked: true })).toBe('invalid');
  });
  it('lets the current generation in, and calls an older one expired', () => {
    expect(accessTokenStanding(3, { generation: 3, revoked: false })).toBe('ok');
    expect(accessTokenStanding(2, { generation: 3, revoked: false })).toBe('expired');
  });
  it('calls a token of a session this replica has not seen yet expired, not invalid', () => {
    expect(accessTokenStanding(0, null)).toBe('expired');
  });
});
