import { Badge, Box, Flex, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '@reloc/domain';
import { Link as RouterLink } from 'react-router-dom';
import { photoUrl } from '../api';
import type { HostDto, HostsView } from '../types';
import { HomeIcon, WarningIcon } from './icons';

export const priceText = (price: number | null | undefined) =>
  typeof price === 'number' ? `${price.toLocaleString('fr-FR')} €` : '— €';

export const surfaceText = (surface: number | null | undefined) =>
  typeof surface === 'number' ? `${surface.toLocaleString('fr-FR')} m²` : '— m²';

/** -1 is 'unknown' (§3). */
export const roomsText = (rooms: number | null | undefined) =>
  typeof rooms === 'number' && rooms > 0 ? `${rooms} pièce${rooms > 1 ? 's' : ''}` : '? pièces';

/** The first photo, or a neutral tile; decorative (the address names the property). */
export function HostThumbnail({ host, w, h }: { host: HostDto; w: string; h: string }) {
  const photo = host.photoUrlEstate?.[0];
  return (
    <Box
      flexShrink={0}
      w={w}
      h={h}
      borderRadius="l2"
      overflow="hidden"
      bg="bg.muted"
      color="fg.subtle"
      display="flex"
      alignItems="center"
      justifyContent="center"
      fontSize="2xl"
    >
      {photo ? (
        <Image src={photoUrl(photo)} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
      ) : (
        <HomeIcon />
      )}
    </Box>
  );
}

/** The warnings as one icon, named for screen readers and shown on hover. */
export function WarningsMarker({ warnings }: { warnings: string[] }) {
  if (!warnings?.length) return null;
  const text = warnings.join(' ; ');
  return (
    <Box
      as="span"
      color="orange.fg"
      role="img"
      aria-label={text}
      title={text}
      data-testid="host-warnings"
    >
      <WarningIcon />
    </Box>
  );
}

/** One property of the list: a link to /host/{id}. */
export function HostCard({ host, view }: { host: HostDto; view: HostsView }) {
  const grid = view === 'grid';
  return (
    <RouterLink to={`/host/${host._id}`} data-testid="host-item" style={{ display: 'block' }}>
      <Flex
        direction={grid ? 'column' : 'row'}
        gap="3"
        p="3"
        h="full"
        borderWidth="1px"
        borderRadius="l3"
        bg="bg"
        _hover={{ borderColor: 'brand.solid', boxShadow: 'sm' }}
        align={grid ? 'stretch' : 'center'}
      >
        <HostThumbnail host={host} w={grid ? 'full' : '16'} h={grid ? '40' : '16'} />
        <Stack gap="1" flex="1" minW="0">
          <HStack gap="2" align="start">
            <Text fontWeight="semibold" lineClamp={2} flex="1">
              {host.address || 'Adresse non renseignée'}
            </Text>
            <WarningsMarker warnings={host.warnings} />
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            {[priceText(host.price), surfaceText(host.carrez), roomsText(host.numberOfRoom)].join(
              ' · ',
            )}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={host.isActive ? 'green' : 'gray'}>
              {host.isActive ? 'Disponible' : 'Non disponible'}
            </Badge>
            <Badge colorPalette={host.publish ? 'blue' : 'gray'} variant="outline">
              {host.publish ? 'Publié' : 'Non publié'}
            </Badge>
            {host.dateAvailable ? (
              <Text fontSize="xs" color="fg.muted">
                Libre le {formatDate(host.dateAvailable)}
              </Text>
            ) : null}
          </HStack>
        </Stack>
      </Flex>
    </RouterLink>
  );
}
