// A test double of the HTTP boundary: a scripted `fetch` that records the calls it gets.
export type RecordedCall = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
};

type Reply = { status: number; body?: unknown };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

export function fakeResponse({ status, body }: Reply): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    text: async () => text,
    json: async () => JSON.parse(text),
  } as Response;
}

/** Installs `handler` as window.fetch; answers the list of calls made. */
export function stubFetch(handler: Handler): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
    };
    calls.push(call);
    return fakeResponse(await handler(call));
  });
  Object.defineProperty(window, 'fetch', { value: fetchStub, configurable: true, writable: true });
  return calls;
}
