import { Box, Button } from '@chakra-ui/react';
import { EmptyState } from '../../shared/ui/EmptyState';

/** A render error anywhere under the router. */
export function RouteErrorPage() {
  return (
    <Box as="main" py="16">
      <EmptyState title="Une erreur a eu lieu" description="La page n’a pas pu être affichée.">
        <Button onClick={() => window.location.assign('/sales')}>Revenir à l’accueil</Button>
      </EmptyState>
    </Box>
  );
}
