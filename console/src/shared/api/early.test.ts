import { stubFetch } from '../../test/http';
import { api, setSessionEndedHandler } from './client';
import { EARLY_MAX_AGE_MS, earlyOr, forgetEarly, startEarly } from './early';
import { getToken, setToken, tokenClaims } from './token';

/** A token as the API issues them (the console reads its claims, never checks them). */
const tokenOf = (claims: { sub: string; role: string; sid: string; exp?: number }) => {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = claims.exp ?? Math.floor(Date.now() / 1000) + 600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, exp })}.signature`;
};

describe('early calls', () => {
  let sessionEnded: jest.Mock;

  beforeEach(() => {
    window.localStorage.clear();
    forgetEarly();
    sessionEnded = jest.fn();
    setSessionEndedHandler(sessionEnded);
  });

  it('reads the claims of the stored token', () => {
    setToken(tokenOf({ sub: 'u1', role: 'ADMIN', sid: 's1', exp: 42 }));
    expect(tokenClaims()).toEqual({ sub: 'u1', role: 'ADMIN', sid: 's1', exp: 42 });
    setToken('not-a-token');
    expect(tokenClaims()).toBeNull();
  });

  it('gives an early answer once, to the session it was asked for', async () => {
    setToken(tokenOf({ sub: 'u1', role: 'ADMIN', sid: 's1' }));
    const calls = stubFetch(() => ({ status: 200, body: { n: calls.length } }));
    startEarly('k', () => api.get('/thing', { quiet: true }));
    const fetchAgain = () => api.get<{ n: number }>('/thing');

    await expect(earlyOr('k', fetchAgain)).resolves.toEqual({ n: 1 });
    await expect(earlyOr('k', fetchAgain)).resolves.toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('never gives it to another session (a logout and another login in between)', async () => {
    setToken(tokenOf({ sub: 'u1', role: 'ADMIN', sid: 's1' }));
    stubFetch(() => ({ status: 200, body: { who: 'u1' } }));
    startEarly('k', () => api.get('/thing', { quiet: true }));
    setToken(tokenOf({ sub: 'u2', role: 'OPERATOR', sid: 's2' }));

    await expect(earlyOr('k', async () => ({ who: 'asked again' }))).resolves.toEqual({
      who: 'asked again',
    });
  });

  it('asks nothing without a session, and asks again once the answer is old', async () => {
    const calls = stubFetch(() => ({ status: 200, body: {} }));
    startEarly('k', () => api.get('/thing', { quiet: true }));
    expect(calls).toHaveLength(0);

    setToken(tokenOf({ sub: 'u1', role: 'ADMIN', sid: 's1' }));
    const now = jest.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    startEarly('k', () => api.get('/thing', { quiet: true }));
    now.mockReturnValue(1_000_000 + EARLY_MAX_AGE_MS + 1);
    await expect(earlyOr('k', async () => 'fresh')).resolves.toBe('fresh');
    now.mockRestore();
  });

  it('an early session failure neither refreshes nor logs out: the usual call does', async () => {
    const token = tokenOf({ sub: 'u1', role: 'ADMIN', sid: 's1' });
    setToken(token);
    const calls = stubFetch(() => ({ status: 401, body: { message: 'Invalid credentials' } }));
    startEarly('k', () => api.get('/thing', { quiet: true }));
    await Promise.resolve();

    expect(getToken()).toBe(token);
    expect(sessionEnded).not.toHaveBeenCalled();
    await expect(earlyOr('k', () => api.get('/thing'))).rejects.toMatchObject({
      sessionEnded: true,
    });
    expect(calls).toHaveLength(2);
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });
});
