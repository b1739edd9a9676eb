import { Alert, Box, Image, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatDate as formatIsoDate } from '@reloc/domain';
import { Link as RouterLink } from 'react-router-dom';
import type { HostDto } from '../types';

export const photoUrl = (photoId: string) => `/v1/cache/image/${encodeURIComponent(photoId)}.png`;

export const roomsText = (rooms: number | null | undefined) =>
  typeof rooms === 'number' && rooms > 0 ? String(rooms) : '—';

export const priceText = (price: number | null | undefined) =>
  typeof price === 'number' ? `${price.toLocaleString('fr-FR')} €` : '—';

export const surfaceText = (surface: number | null | undefined) =>
  typeof surface === 'number' ? `${surface} m²` : '—';

/** The property as the expanded row shows it: photos, facts, description, contact, warnings. */
export function HostSummary({ host }: { host: HostDto }) {
  const facts: [string, string][] = [
    ['Prix', priceText(host.price)],
    ['Surface', surfaceText(host.carrez)],
    ['Pièces', roomsText(host.numberOfRoom)],
    ['Disponible le', formatIsoDate(host.dateAvailable) || 'Non défini'],
    [
      'Contact',
      [host.contactName, host.contactPhoneNumber, host.contactEmail].filter(Boolean).join(' · ') ||
        'Non défini',
    ],
  ];
  return (
    <Stack gap="3">
      {host.warnings.map((warning) => (
        <Alert.Root key={warning} status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title>{warning}</Alert.Title>
        </Alert.Root>
      ))}
      {host.photoUrlEstate.length ? (
        <Box display="flex" gap="2" overflowX="auto">
          {host.photoUrlEstate.map((photo, index) => (
            <Image
              key={photo}
              src={photoUrl(photo)}
              alt={`Photo ${index + 1} du bien`}
              h="24"
              borderRadius="l2"
              loading="lazy"
            />
          ))}
        </Box>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gapX="6" gapY="1">
        {facts.map(([label, value]) => (
          <Text key={label}>
            <Text as="span" color="fg.muted">
              {label} :
            </Text>{' '}
            {value}
          </Text>
        ))}
      </SimpleGrid>
      <Text whiteSpace="pre-wrap">{host.description || 'Pas de description'}</Text>
      <Stack direction="row" gap="4">
        <Link asChild color="brand.fg">
          <RouterLink to={`/host/${host._id}`}>Fiche du bien</RouterLink>
        </Link>
        {host.externalId ? (
          <Link href={host.externalId} target="_blank" rel="noreferrer" color="brand.fg">
            Annonce
          </Link>
        ) : null}
      </Stack>
    </Stack>
  );
}
