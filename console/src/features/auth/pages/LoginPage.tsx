import { Box, Button, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { GoogleIcon } from '../../../shared/ui/icons';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { SSO_LOGIN_URL } from '../api';
import { LoginForm } from '../components/LoginForm';
import { DEFAULT_ROUTE, rememberSsoRedirect, safeRedirect, startSession } from '../session';
import { useAlreadyLoggedRedirect } from '../useAlreadyLoggedRedirect';

/** Home: the login form and Google sign-in; afterwards the requested route, else /sales. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const target = redirect ?? DEFAULT_ROUTE;
  const checking = useAlreadyLoggedRedirect(target);

  const handleLoggedIn = (token: string) => {
    startSession(token);
    navigate(target, { replace: true });
  };

  const handleSso = () => {
    rememberSsoRedirect(redirect);
    window.location.assign(SSO_LOGIN_URL);
  };

  if (checking) return <LoadingState label="Vérification de la session…" />;

  return (
    <Stack gap="6">
      <Box textAlign="center">
        <Text fontSize="3xl" fontWeight="bold" color="brand.fg" aria-hidden>
          Reloc
        </Text>
        <Heading as="h1" size="lg" mt="1">
          Connexion
        </Heading>
        <Text color="fg.muted" mt="1">
          Espace réservé aux partenaires
        </Text>
      </Box>
      <LoginForm onLoggedIn={handleLoggedIn} />
      <HStack>
        <Separator flex="1" />
        <Text flexShrink="0" color="fg.muted" fontSize="sm">
          ou
        </Text>
        <Separator flex="1" />
      </HStack>
      <Button variant="outline" size="lg" onClick={handleSso}>
        <GoogleIcon />
        Se connecter avec Google
      </Button>
    </Stack>
  );
}
