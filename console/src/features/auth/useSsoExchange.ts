import { useEffect, useState } from 'react';
import { callbackSso } from './api';
import { ssoErrorMessage } from './loginErrors';

export type SsoExchange =
  { state: 'pending' } | { state: 'done'; token: string } | { state: 'failed'; message: string };

// A code is single-use: a second effect run (StrictMode, remount) must reuse the first request.
const exchanges = new Map<string, Promise<{ token: string }>>();

/** POST /callback-sso with the code of the return URL. */
export function useSsoExchange(code: string | null, state?: string): SsoExchange {
  const [result, setResult] = useState<SsoExchange>(() =>
    code ? { state: 'pending' } : { state: 'failed', message: ssoErrorMessage(null) },
  );

  useEffect(() => {
    if (!code) return;
    let active = true;
    let exchange = exchanges.get(code);
    if (!exchange) {
      exchange = callbackSso(code, state);
      exchanges.set(code, exchange);
    }
    exchange
      .then(({ token }) => active && setResult({ state: 'done', token }))
      .catch(
        (error: unknown) =>
          active && setResult({ state: 'failed', message: ssoErrorMessage(error) }),
      );
    return () => {
      active = false;
    };
  }, [code, state]);

  return result;
}
