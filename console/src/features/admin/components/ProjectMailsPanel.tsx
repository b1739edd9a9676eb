import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { MAIL_TYPE_LABELS, MAIL_TYPES, type MailType } from '@reloc/domain';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../shared/format/date';
import { notify, notifyError } from '../../../shared/ui/toaster';
import { fetchProjectMails, sendProjectMail } from '../api';
import type { SentMail } from '../types';

/** The client mails of a project's Admin tab (§3 "Mail types"), each recorded on the file. */
export function ProjectMailsPanel({ projectId }: { projectId: string }) {
  const [mails, setMails] = useState<SentMail[]>([]);
  const [sending, setSending] = useState<MailType | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchProjectMails(projectId, controller.signal).then(
      (answer) => setMails(answer.mails),
      (error: unknown) => !controller.signal.aborted && notifyError(error),
    );
    return () => controller.abort();
  }, [projectId]);

  const send = async (type: MailType) => {
    setSending(type);
    try {
      const sent = await sendProjectMail(projectId, type);
      setMails((current) => [sent, ...current]);
      notify(`Courriel « ${MAIL_TYPE_LABELS[type]} » envoyé à ${sent.to}`, { type: 'success' });
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(null);
    }
  };

  return (
    <Stack as="section" aria-labelledby="project-mails-title" gap="3" data-testid="project-mails">
      <Heading as="h2" id="project-mails-title" size="sm">
        Courriels au client
      </Heading>
      <HStack gap="2" flexWrap="wrap">
        {MAIL_TYPES.map((type) => (
          <Button
            key={type}
            size="sm"
            variant="outline"
            loading={sending === type}
            disabled={sending !== null}
            onClick={() => void send(type)}
          >
            Envoyer « {MAIL_TYPE_LABELS[type]} »
          </Button>
        ))}
      </HStack>
      {mails.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Aucun courriel envoyé pour ce projet.
        </Text>
      ) : (
        <Stack as="ul" gap="1" fontSize="sm" listStyleType="none">
          {mails.map((mail) => (
            <li key={mail._id}>
              {formatDate(mail.sentAt)} — {MAIL_TYPE_LABELS[mail.type] ?? mail.type} à {mail.to}
              {mail.by ? ` (${mail.by})` : ''}
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
