import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A screen that a later version builds: its name and an honest sentence, no fake data. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box as="section" aria-labelledby="page-title" data-testid="placeholder">
      <Heading as="h1" id="page-title" size="xl" mb="3">
        {title}
      </Heading>
      <Box bg="bg" borderWidth="1px" borderRadius="l2" p="6" maxW="2xl">
        <Text>Cet écran arrive dans une prochaine version de la console.</Text>
        {children}
      </Box>
    </Box>
  );
}
