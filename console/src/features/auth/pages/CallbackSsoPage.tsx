import { Alert, Button, Heading, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { DEFAULT_ROUTE, startSession, takeSsoRedirect } from '../session';
import { useSsoExchange } from '../useSsoExchange';

/** Return of Google sign-in: trades `code` for a token, like a login. */
export function CallbackSsoPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const exchange = useSsoExchange(
    params.get('code'),
    params.get('state') ?? undefined,
    params.get('error'),
  );

  useEffect(() => {
    if (exchange.state !== 'done') return;
    startSession(exchange.token);
    navigate(takeSsoRedirect() ?? DEFAULT_ROUTE, { replace: true });
  }, [exchange, navigate]);

  if (exchange.state !== 'failed') return <LoadingState label="Connexion en cours…" />;

  return (
    <Stack gap="6">
      <Heading as="h1" size="lg" textAlign="center">
        Connexion avec Google
      </Heading>
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{exchange.message}</Alert.Title>
      </Alert.Root>
      <Button asChild variant="outline">
        <Link to="/">Retour à la connexion</Link>
      </Button>
    </Stack>
  );
}
