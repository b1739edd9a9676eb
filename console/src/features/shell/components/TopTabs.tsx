import { Box, Flex } from '@chakra-ui/react';
import { isCurrentTab, type Role, visibleTopTabs } from '@reloc/domain';
import { Link, useLocation } from 'react-router-dom';
import { prefetchRoute } from '../../../app/router';

/** The top tabs of the role (spec §2); the active one carries aria-current="page". */
export function TopTabs({ role }: { role: Role }) {
  const tabs = visibleTopTabs(role);
  const { pathname } = useLocation();
  return (
    <Box as="nav" aria-label="Navigation principale" overflowX="auto" flex="1" minW="0">
      <Flex as="ul" listStyleType="none" gap="1" m="0" p="0">
        {tabs.map((tab) => (
          <Box as="li" key={tab.key} flexShrink={0}>
            <Box
              asChild
              display="block"
              px="3"
              py="3"
              fontWeight="medium"
              color="fg.muted"
              borderBottomWidth="3px"
              borderColor="transparent"
              textDecoration="none"
              whiteSpace="nowrap"
              _hover={{ color: 'brand.fg', bg: 'brand.subtle' }}
              _currentPage={{
                color: 'brand.fg',
                borderColor: 'brand.solid',
                fontWeight: 'semibold',
              }}
              _focusVisible={{
                outline: '2px solid',
                outlineColor: 'brand.focusRing',
                outlineOffset: '-2px',
              }}
            >
              <Link
                to={tab.path}
                data-tab={tab.key}
                onPointerEnter={() => prefetchRoute(tab.path)}
                onFocus={() => prefetchRoute(tab.path)}
                aria-current={isCurrentTab(tab, pathname) ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            </Box>
          </Box>
        ))}
      </Flex>
    </Box>
  );
}
