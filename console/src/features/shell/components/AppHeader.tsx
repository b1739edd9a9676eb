import { Box, Flex, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import type { LoggedStatus } from '../../auth/api';
import { Toolbar } from './Toolbar';
import { TopTabs } from './TopTabs';

/** The bar at the top of the default layout: the product name, the tabs, the toolbar. */
export function AppHeader({ me }: { me: LoggedStatus }) {
  return (
    <Box
      as="header"
      bg="bg"
      borderBottomWidth="1px"
      borderColor="border"
      borderTopWidth="4px"
      borderTopColor="brand.solid"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <Flex align="center" gap={{ base: '2', md: '4' }} px={{ base: '2', md: '4' }}>
        <Box
          asChild
          fontWeight="bold"
          fontSize="xl"
          color="brand.fg"
          textDecoration="none"
          flexShrink={0}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
        >
          <Link to="/sales" aria-label="Reloc, accueil">
            Reloc
          </Link>
        </Box>
        <TopTabs role={me.role} />
        <Text
          display={{ base: 'none', lg: 'block' }}
          color="fg.muted"
          fontSize="sm"
          flexShrink={0}
          title={me.email}
        >
          {me.trigram ?? `${me.firstName} ${me.lastName}`}
        </Text>
        <Toolbar />
      </Flex>
    </Box>
  );
}
