import { stubFetch } from '../../test/http';
import { ApiError, api, setSessionEndedHandler } from './client';
import { getToken, setToken } from './token';

const bearer = (token: string) => `Bearer ${token}`;

describe('api client', () => {
  let sessionEnded: jest.Mock;

  beforeEach(() => {
    window.localStorage.clear();
    sessionEnded = jest.fn();
    setSessionEndedHandler(sessionEnded);
  });

  it('calls /v1 with the stored token and a JSON body, and parses the JSON answer', async () => {
    setToken('t1');
    const calls = stubFetch(() => ({ status: 200, body: { id: 'p1' } }));

    await expect(api.post('/projects', { name: 'A' })).resolves.toEqual({ id: 'p1' });

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/v1/projects', method: 'POST', body: '{"name":"A"}' });
    expect(calls[0].headers).toMatchObject({
      Authorization: bearer('t1'),
      'Content-Type': 'application/json',
    });
  });

  it('sends FormData as is and adds query parameters', async () => {
    setToken('t1');
    const calls = stubFetch(() => ({ status: 200, body: [] }));
    const form = new FormData();
    form.append('file', 'x');

    await api.post('/files', form);
    await api.get('/notifications', { query: { page: 0, pageSize: 100, skip: undefined } });

    expect(calls[0].body).toBe(form);
    expect(calls[0].headers['Content-Type']).toBeUndefined();
    expect(calls[1].url).toBe('/v1/notifications?page=0&pageSize=100');
  });

  it('answers undefined for a 204', async () => {
    setToken('t1');
    stubFetch(() => ({ status: 204 }));
    await expect(api.delete('/projects/p1')).resolves.toBeUndefined();
  });

  it("refreshes once on 'Expired token', stores the new token and retries the call once", async () => {
    setToken('old');
    const calls = stubFetch((call) => {
      if (call.url === '/v1/refresh') return { status: 200, body: { token: 'new' } };
      if (call.headers.Authorization === bearer('old')) {
        return { status: 401, body: { message: 'Expired token' } };
      }
      return { status: 200, body: { ok: true } };
    });

    await expect(api.get('/partner/staff')).resolves.toEqual({ ok: true });

    expect(calls.map((c) => `${c.method} ${c.url} ${c.headers.Authorization}`)).toEqual([
      'GET /v1/partner/staff Bearer old',
      'POST /v1/refresh Bearer old',
      'GET /v1/partner/staff Bearer new',
    ]);
    expect(getToken()).toBe('new');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent expired calls', async () => {
    setToken('old');
    let release!: () => void;
    const refreshed = new Promise<void>((resolve) => (release = resolve));
    const calls = stubFetch(async (call) => {
      if (call.url === '/v1/refresh') {
        await refreshed;
        return { status: 200, body: { token: 'new' } };
      }
      if (call.headers.Authorization === bearer('old')) {
        return { status: 401, body: { message: 'Expired token' } };
      }
      return { status: 200, body: call.url };
    });

    const pending = Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();

    await expect(pending).resolves.toEqual(['/v1/a', '/v1/b', '/v1/c']);
    expect(calls.filter((c) => c.url === '/v1/refresh')).toHaveLength(1);
  });

  it('refreshes under a lock shared by the tabs, and takes the token another tab got meanwhile', async () => {
    setToken('old');
    const requested: string[] = [];
    // Another tab held the lock and refreshed: when this tab gets it, the stored token is new.
    const locks = {
      request: jest.fn(async (name: string, run: () => Promise<unknown>) => {
        requested.push(name);
        setToken('from-other-tab');
        return run();
      }),
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const calls = stubFetch((call) =>
        call.headers.Authorization === bearer('old')
          ? { status: 401, body: { message: 'Expired token' } }
          : { status: 200, body: { ok: true } },
      );

      await expect(api.get('/a')).resolves.toEqual({ ok: true });

      expect(requested).toEqual(['reloc-refresh']);
      expect(calls.map((c) => `${c.method} ${c.url} ${c.headers.Authorization}`)).toEqual([
        'GET /v1/a Bearer old',
        'GET /v1/a Bearer from-other-tab',
      ]);
      expect(sessionEnded).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('does not refresh again when the retried call expires too: it ends the session', async () => {
    setToken('old');
    const calls = stubFetch((call) =>
      call.url === '/v1/refresh'
        ? { status: 200, body: { token: 'new' } }
        : { status: 401, body: { message: 'Expired token' } },
    );

    await expect(api.get('/a')).rejects.toMatchObject({ status: 401, sessionEnded: true });
    expect(calls.filter((c) => c.url === '/v1/refresh')).toHaveLength(1);
    expect(calls).toHaveLength(3);
    expect(getToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('tries the refresh once more when its answer is lost (the server takes the cookie again)', async () => {
    setToken('old');
    let refreshes = 0;
    const calls = stubFetch((call) => {
      if (call.url === '/v1/refresh') {
        refreshes += 1;
        if (refreshes === 1) throw new TypeError('Failed to fetch');
        return { status: 200, body: { token: 'new' } };
      }
      if (call.headers.Authorization === bearer('old')) {
        return { status: 401, body: { message: 'Expired token' } };
      }
      return { status: 200, body: { ok: true } };
    });

    await expect(api.get('/partner/staff')).resolves.toEqual({ ok: true });

    expect(calls.map((c) => `${c.method} ${c.url} ${c.headers.Authorization}`)).toEqual([
      'GET /v1/partner/staff Bearer old',
      'POST /v1/refresh Bearer old',
      'POST /v1/refresh Bearer old',
      'GET /v1/partner/staff Bearer new',
    ]);
    expect(getToken()).toBe('new');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('removes the token and goes home when the refresh fails', async () => {
    setToken('old');
    stubFetch((call) =>
      call.url === '/v1/refresh'
        ? { status: 401, body: { message: 'Invalid credentials' } }
        : { status: 401, body: { message: 'Expired token' } },
    );

    const error = await api.get('/a').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Expired token', sessionEnded: true });
    expect(getToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it("removes the token and goes home on 'Invalid credentials', without a refresh", async () => {
    setToken('t1');
    const calls = stubFetch(() => ({ status: 401, body: { message: 'Invalid credentials' } }));

    await expect(api.get('/status.json')).rejects.toMatchObject({ sessionEnded: true });

    expect(calls).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('throws an ApiError with status, message and field errors on other failures', async () => {
    setToken('t1');
    stubFetch(() => ({
      status: 400,
      body: { message: 'Requête invalide', errors: { email: 'Obligatoire' } },
    }));

    const error = await api.post('/users', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Requête invalide',
      errors: { email: 'Obligatoire' },
      sessionEnded: false,
    });
    expect(getToken()).toBe('t1');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('outside a session: no Authorization header, and a 401 goes to the caller', async () => {
    setToken('t1');
    const calls = stubFetch(() => ({ status: 401, body: { message: 'Invalid credentials' } }));

    await expect(
      api.post('/login-partner', { email: 'a@b.fr', password: 'x' }, { session: false }),
    ).rejects.toMatchObject({ status: 401, sessionEnded: false });

    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(getToken()).toBe('t1');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('turns a network failure into an ApiError of status 0', async () => {
    Object.defineProperty(window, 'fetch', {
      value: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')),
      configurable: true,
      writable: true,
    });
    await expect(api.get('/a')).rejects.toMatchObject({ status: 0 });
  });
});
