import { Badge, Box, Heading, HStack, Link, Table, Text } from '@chakra-ui/react';
import {
  DEFAULT_NOTIFICATION_PAGE_SIZE,
  describeNotification,
  NOTIFICATION_PAGE_SIZES,
} from '@reloc/domain';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../shared/format/date';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { TablePager } from '../../../shared/ui/TablePager';
import { notifyError } from '../../../shared/ui/toaster';
import { fetchNotificationPage, type NotificationPage } from '../api';
import { useNotificationsStore } from '../store';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });

/**
 * /notifications (§2 "Notifications page"): the feed, newest first, in pages of 100 or 200
 * rows; unread rows stand out; each links to its file, whose opening marks them read.
 */
export function NotificationsPage() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_NOTIFICATION_PAGE_SIZE);
  const [data, setData] = useState<NotificationPage | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setData(null);
    setFailed(false);
    fetchNotificationPage(page, pageSize, controller.signal).then(
      (result) => {
        setData(result);
        useNotificationsStore.getState().setUnseen(result.unseen);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notifyError(error);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [page, pageSize]);

  const total = data?.total ?? 0;

  return (
    <Box as="section" aria-labelledby="page-title" p={{ base: '3', md: '6' }}>
      <HStack justify="space-between" wrap="wrap" gap="3" mb="4">
        <Heading as="h1" id="page-title" size="xl">
          Notifications
        </Heading>
        {data && data.unseen > 0 ? (
          <Text color="fg.muted">
            {data.unseen} non lue{data.unseen > 1 ? 's' : ''}
          </Text>
        ) : null}
      </HStack>
      {failed ? (
        <EmptyState
          title="Une erreur a eu lieu"
          description="Les notifications n’ont pas pu être chargées."
        />
      ) : data === null ? (
        <LoadingState label="Chargement des notifications…" />
      ) : total === 0 ? (
        <EmptyState
          title="Aucune notification"
          description="Les commentaires, documents et avis sur vos dossiers apparaîtront ici."
        />
      ) : (
        <>
          <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="l2">
            <Table.Root size="sm" aria-label="Notifications">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader w="40">Date</Table.ColumnHeader>
                  <Table.ColumnHeader>Description</Table.ColumnHeader>
                  <Table.ColumnHeader>Projet</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.notifications.map((n) => {
                  const name = `${n.project.firstName} ${n.project.lastName}`.trim() || 'Dossier';
                  return (
                    <Table.Row
                      key={n._id}
                      data-testid="notification-row"
                      data-seen={n.seen}
                      fontWeight={n.seen ? 'normal' : 'semibold'}
                      bg={n.seen ? undefined : 'brand.subtle'}
                    >
                      <Table.Cell whiteSpace="nowrap">
                        {formatDate(n.ts)} {time(n.ts)}
                      </Table.Cell>
                      <Table.Cell>
                        {n.seen ? null : (
                          <Badge size="sm" colorPalette="accent" variant="solid" me="2">
                            Nouveau
                          </Badge>
                        )}
                        {describeNotification(n)}
                      </Table.Cell>
                      <Table.Cell>
                        <Link asChild color="brand.fg">
                          <RouterLink to={`/project/${n.projectId}`}>{name}</RouterLink>
                        </Link>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <TablePager
            id="notifications"
            page={page}
            pageSize={pageSize}
            sizes={NOTIFICATION_PAGE_SIZES}
            total={total}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(0);
            }}
          />
        </>
      )}
    </Box>
  );
}
