import { Button, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { MAIL_TYPE_LABELS } from '@reloc/domain';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../shared/format/date';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notifyError } from '../../../shared/ui/toaster';
import { downloadMail, fetchSentMails } from '../api';
import type { SentMail } from '../types';

/** 'Courriels envoyés': the client mails, by SMTP or kept in the outbox folder. */
export function SentMailsPanel() {
  const [mails, setMails] = useState<SentMail[] | null>(null);
  const [transport, setTransport] = useState<'smtp' | 'outbox'>('outbox');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchSentMails(controller.signal).then(
      (answer) => {
        setMails(answer.mails);
        setTransport(answer.transport);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notifyError(error);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <Stack as="section" aria-labelledby="mails-title" gap="3" data-testid="sent-mails">
      <Heading as="h2" id="mails-title" size="md">
        Courriels envoyés
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {transport === 'smtp'
          ? 'Les courriels partent par le serveur SMTP configuré.'
          : 'Aucun serveur SMTP n’est configuré : les courriels sont déposés dans la boîte d’envoi du serveur.'}
      </Text>
      {failed ? (
        <EmptyState
          title="Une erreur a eu lieu"
          description="Les courriels n’ont pas pu être chargés."
        />
      ) : !mails ? (
        <LoadingState label="Chargement des courriels…" />
      ) : mails.length === 0 ? (
        <EmptyState
          title="Aucun courriel"
          description="Les courriels s’envoient depuis l’onglet Admin d’un projet."
        />
      ) : (
        <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="l2" maxH="40vh">
          <Table.Root size="sm" aria-label="Courriels envoyés">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>Courriel</Table.ColumnHeader>
                <Table.ColumnHeader>Destinataire</Table.ColumnHeader>
                <Table.ColumnHeader>Projet</Table.ColumnHeader>
                <Table.ColumnHeader>Par</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>Fichier</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {mails.map((mail) => (
                <Table.Row key={mail._id}>
                  <Table.Cell>{formatDate(mail.sentAt)}</Table.Cell>
                  <Table.Cell>{MAIL_TYPE_LABELS[mail.type] ?? mail.type}</Table.Cell>
                  <Table.Cell>{mail.to}</Table.Cell>
                  <Table.Cell>
                    <Link asChild color="brand.fg" textDecoration="underline">
                      <RouterLink to={`/project/${mail.projectId}`}>Ouvrir</RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{mail.by ?? '—'}</Table.Cell>
                  <Table.Cell>
                    {mail.href ? (
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => void downloadMail(mail).catch(notifyError)}
                      >
                        .eml
                      </Button>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
