import { useEffect, useState } from 'react';
import { callbackSso } from './api';
import { ssoErrorMessage } from './loginErrors';

export type SsoExchange =
  { state: 'pending' } | { state: 'done'; token: string } | { state: 'failed'; message: string };

// A code is single-use: a second effect run (StrictMode, remount) must reuse the first request.
const exchanges = new Map<string, Promise<{ token: string }>>();

/** Texts for a return without a code: the provider's `error`, or ours when SSO is off. */
const RETURN_ERRORS: Record<string, string> = {
  sso_unavailable: 'La connexion avec Google n’est pas disponible sur cette plateforme.',
  access_denied: 'La connexion avec Google a été annulée.',
};

/** POST /callback-sso with the code of the return URL. */
export function useSsoExchange(
  code: string | null,
  state?: string,
  returnError?: string | null,
): SsoExchange {
  const [result, setResult] = useState<SsoExchange>(() =>
    code
      ? { state: 'pending' }
      : {
          state: 'failed',
          message: (returnError && RETURN_ERRORS[returnError]) || ssoErrorMessage(null),
        },
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
