import { forgetEarly } from '../shared/api/early';
import { setToken } from '../shared/api/token';
import { stubFetch } from '../test/http';
import { startEarlyLoads } from './early';

// The screens' chunks are not what this test is about.
jest.mock('./layouts/DefaultLayout', () => ({}));
jest.mock('../features/projects/board/BoardPage', () => ({}));

const tokenOf = (role: string, exp = Math.floor(Date.now() / 1000) + 600) => {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({})}.${part({ sub: 'u1', role, sid: 's1', exp })}.signature`;
};

describe('start-up loads', () => {
  beforeEach(() => {
    window.localStorage.clear();
    forgetEarly();
  });

  it("asks a board's shell calls and each column's first page at once", () => {
    setToken(tokenOf('SUPERADMIN'));
    const calls = stubFetch(() => ({ status: 200, body: {} }));
    startEarlyLoads('/compta');
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(['/v1/status.json', '/v1/partner/staff', '/v1/leases']),
    );
    expect(calls.filter((call) => call.url === '/v1/leases').length).toBeGreaterThan(1);
  });

  it('asks nothing off a board, without a session, for a client or with an expiring token', () => {
    const calls = stubFetch(() => ({ status: 200, body: {} }));
    setToken(tokenOf('SUPERADMIN'));
    startEarlyLoads('/hosts');
    startEarlyLoads('/');
    setToken(tokenOf('USER'));
    startEarlyLoads('/sales');
    setToken(tokenOf('ADMIN', Math.floor(Date.now() / 1000) + 5));
    startEarlyLoads('/sales');
    window.localStorage.clear();
    startEarlyLoads('/sales');
    expect(calls).toEqual([]);
  });
});
