import { Box, Center } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';

/** The empty layout of / and /callback-sso: one centred card, no shell. */
export function EmptyLayout() {
  return (
    <Center
      as="main"
      minH="100dvh"
      px="4"
      py="10"
      bgGradient="to-br"
      gradientFrom="brand.50"
      gradientTo="accent.50"
    >
      <Box
        bg="bg"
        w="full"
        maxW="md"
        p={{ base: '6', md: '8' }}
        borderRadius="l3"
        boxShadow="lg"
        borderTopWidth="4px"
        borderTopColor="brand.solid"
      >
        <Outlet />
      </Box>
    </Center>
  );
}
