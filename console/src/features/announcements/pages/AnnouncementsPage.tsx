import { Box, Heading, HStack, Input, Link, Table, Text } from '@chakra-ui/react';
import type { Announcement } from '@reloc/domain';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../shared/format/date';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notifyError } from '../../../shared/ui/toaster';
import { fetchAllAnnouncements } from '../api';
import { NewLeadButton } from '../components/LeadDialog';
import { StatusIcon } from '../components/StatusIcon';
import { byCreationDesc, matchesSearch, statusLabel } from '../form';

/**
 * /announcements (§2 "Announcements"): every announcement (pages of 200 until an empty one),
 * newest first, searched in the browser on title, address and trigram; no paging.
 */
export function AnnouncementsPage() {
  const [all, setAll] = useState<Announcement[] | null>(null);
  const [search, setSearch] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    fetchAllAnnouncements(controller.signal).then(
      (list) => setAll([...list].sort(byCreationDesc)),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notifyError(error);
        setAll([]);
      },
    );
    return () => controller.abort();
  }, []);

  const shown = useMemo(
    () => (all ?? []).filter((announcement) => matchesSearch(announcement, search)),
    [all, search],
  );

  return (
    <Box as="section" aria-labelledby="page-title" p={{ base: '3', md: '6' }}>
      <HStack justify="space-between" wrap="wrap" gap="3" mb="4">
        <Heading as="h1" id="page-title" size="xl">
          Annonces (B2C)
        </Heading>
        <HStack gap="3">
          <Input
            type="search"
            aria-label="Rechercher une annonce"
            placeholder="Titre, adresse ou trigramme"
            maxW="80"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <NewLeadButton />
        </HStack>
      </HStack>
      {all === null ? (
        <LoadingState label="Chargement des annonces…" />
      ) : shown.length === 0 ? (
        <EmptyState title="Aucun résultat" />
      ) : (
        <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" interactive>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="8">
                  <Text srOnly>État</Text>
                </Table.ColumnHeader>
                <Table.ColumnHeader>Titre</Table.ColumnHeader>
                <Table.ColumnHeader>Adresse</Table.ColumnHeader>
                <Table.ColumnHeader>Enregistrée le</Table.ColumnHeader>
                <Table.ColumnHeader>Commercial</Table.ColumnHeader>
                <Table.ColumnHeader>Statut</Table.ColumnHeader>
                <Table.ColumnHeader w="8">
                  <Text srOnly>Ouvrir</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((announcement) => (
                <Table.Row key={announcement._id} data-testid="announcement-row">
                  <Table.Cell>
                    <StatusIcon done={Boolean(announcement.projectId)} />
                  </Table.Cell>
                  <Table.Cell>{announcement.title}</Table.Cell>
                  <Table.Cell>{announcement.address}</Table.Cell>
                  <Table.Cell>{formatDate(announcement.createdAt)}</Table.Cell>
                  <Table.Cell>{announcement.saleTrigram ?? '???'}</Table.Cell>
                  <Table.Cell>{statusLabel(announcement.currentProgress)}</Table.Cell>
                  <Table.Cell>
                    <Link asChild color="brand.fg" fontSize="lg">
                      <RouterLink
                        to={`/announcement/${announcement._id}`}
                        aria-label={`Ouvrir l’annonce ${announcement.title ?? ''}`.trim()}
                      >
                        →
                      </RouterLink>
                    </Link>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}
