import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { API_MESSAGES } from './login';

/** How a session was opened: the login form (and the mobile wrapper), Google, 'Incarner'. */
export type SessionVia = 'password' | 'sso' | 'impersonation';

/**
 * Why a session ended: the person logged out, a spent refresh token came back (stolen or
 * replayed: the whole family goes), the account was deactivated or its password changed.
 */
export type SessionRevokeReason = 'logout' | 'refreshReused' | 'deactivated' | 'passwordChanged';

export type SessionCommand =
  | {
      type: 'OpenSession';
      sessionId: string;
      userId: string;
      email: string;
      via: SessionVia;
      /** SHA-256 of the first refresh token; the token itself is never stored. */
      refreshHash: string;
      at: string;
      expiresAt: string;
    }
  | { type: 'RotateRefresh'; presentedHash: string; newHash: string; at: string }
  | { type: 'RevokeSession'; reason: Exclude<SessionRevokeReason, 'refreshReused'>; at: string };

export type SessionEvent =
  | {
      type: 'SessionOpened';
      data: {
        sessionId: string;
        userId: string;
        email: string;
        via: SessionVia;
        refreshHash: string;
        openedAt: string;
        expiresAt: string;
      };
    }
  | {
      type: 'SessionRefreshed';
      data: { sessionId: string; generation: number; refreshHash: string; at: string };
    }
  | {
      type: 'SessionRevoked';
      data: {
        sessionId: string;
        userId: string;
        email: string;
        reason: SessionRevokeReason;
        at: string;
        /** For a reuse: the generation of the spent token that came back. */
        reusedGeneration?: number;
      };
    };

export type Session = {
  sessionId: string;
  userId: string;
  email: string;
  via: SessionVia;
  expiresAt: string;
  /** 0 at login, +1 at each refresh; access tokens carry the generation they were made at. */
  generation: number;
  refreshHash: string;
  /** Hashes of the refresh tokens already used, with their generation. */
  spent: Record<string, number>;
  /** When the current refresh token replaced the previous one (null before any refresh). */
  refreshedAt: string | null;
  revoked: SessionRevokeReason | null;
};

/**
 * How long the refresh token just replaced still opens the session: a refresh whose answer was
 * lost (network cut, tab closed mid-request) comes back with it, and gets the same successor.
 */
export const REFRESH_RETRY_GRACE_MS = 30_000;

/**
 * What a presented refresh token is to the session at `at`: the current one; the one it
 * just replaced, within REFRESH_RETRY_GRACE_MS of that refresh ('retry'); an older or late
 * spent one ('reused': two holders); or nothing of this session.
 */
export function refreshTokenStanding(
  session: Session,
  presentedHash: string,
  at: string,
): 'current' | 'retry' | 'reused' | 'unknown' {
  if (presentedHash === session.refreshHash) return 'current';
  const spentAt = session.spent[presentedHash];
  if (spentAt === undefined) return 'unknown';
  const since = session.refreshedAt ? Date.parse(at) - Date.parse(session.refreshedAt) : NaN;
  return spentAt === session.generation - 1 && since >= 0 && since < REFRESH_RETRY_GRACE_MS
    ? 'retry'
    : 'reused';
}

export type SessionState = Session | null;

/** Every refusal reads the same to the caller: no hint of which check failed. */
const refused = () => new DomainError(API_MESSAGES.invalidCredentials, 'unauthorized');

function decide(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'OpenSession': {
      if (state) throw new DomainError('Session déjà ouverte', 'conflict');
      return [
        {
          type: 'SessionOpened',
          data: {
            sessionId: command.sessionId,
            userId: command.userId,
            email: command.email,
            via: command.via,
            refreshHash: command.refreshHash,
            openedAt: command.at,
            expiresAt: command.expiresAt,
          },
        },
      ];
    }
    case 'RotateRefresh': {
      if (!state || state.revoked) throw refused();
      const standing = refreshTokenStanding(state, command.presentedHash, command.at);
      if (standing === 'retry') {
        // The answer of the last refresh was lost: the same successor again, nothing new.
        if (command.newHash !== state.refreshHash) throw refused();
        if (command.at >= state.expiresAt) throw refused();
        return [];
      }
      if (standing === 'reused') {
        // A refresh token is single use: seeing one again means two holders. End the family.
        return [
          {
            type: 'SessionRevoked',
            data: {
              sessionId: state.sessionId,
              userId: state.userId,
              email: state.email,
              reason: 'refreshReused',
              at: command.at,
              reusedGeneration: state.spent[command.presentedHash],
            },
          },
        ];
      }
      if (standing !== 'current') throw refused();
      if (command.at >= state.expiresAt) throw refused();
      return [
        {
          type: 'SessionRefreshed',
          data: {
            sessionId: state.sessionId,
            generation: state.generation + 1,
            refreshHash: command.newHash,
            at: command.at,
          },
        },
      ];
    }
    case 'RevokeSession': {
      if (!state || state.revoked) return [];
      return [
        {
          type: 'SessionRevoked',
          data: {
            sessionId: state.sessionId,
            userId: state.userId,
            email: state.email,
            reason: command.reason,
            at: command.at,
          },
        },
      ];
    }
  }
}

function evolve(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionOpened':
      return {
        sessionId: event.data.sessionId,
        userId: event.data.userId,
        email: event.data.email,
        via: event.data.via,
        expiresAt: event.data.expiresAt,
        generation: 0,
        refreshHash: event.data.refreshHash,
        spent: {},
        refreshedAt: null,
        revoked: null,
      };
    case 'SessionRefreshed':
      if (!state) return state;
      return {
        ...state,
        spent: { ...state.spent, [state.refreshHash]: state.generation },
        generation: event.data.generation,
        refreshHash: event.data.refreshHash,
        refreshedAt: event.data.at,
      };
    case 'SessionRevoked':
      return state ? { ...state, revoked: event.data.reason } : state;
  }
}

/** A login session: one family of rotating, single-use refresh tokens (stream `session-<id>`). */
export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: () => null,
  decide,
  evolve,
};

/**
 * Whether an access token made at `generation` still opens the API, given the session's
 * read-model row: a revoked session closes at once ('invalid'); a token older than the last
 * refresh is 'expired' (the console then picks up the newer token, or refreshes once).
 */
export function accessTokenStanding(
  tokenGeneration: number,
  session: { generation: number; revoked: boolean } | null,
): 'ok' | 'expired' | 'invalid' {
  // No row yet: this replica has not projected the login; a refresh goes to the log itself.
  if (!session) return 'expired';
  if (session.revoked) return 'invalid';
  return tokenGeneration < session.generation ? 'expired' : 'ok';
}
