import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Grid,
  Heading,
  HStack,
  Link,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { type Announcement, type AnnouncementStatus, conversionRefusal } from '@reloc/domain';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/client';
import { formatDate } from '../../../shared/format/date';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { TextField } from '../../../shared/ui/TextField';
import { notify, notifyError } from '../../../shared/ui/toaster';
import { useLoadById } from '../../../shared/sync/useLoadById';
import { useShellStore } from '../../shell/store';
import { convertAnnouncement, fetchAnnouncement, putAnnouncement } from '../api';
import { CommentsPane } from '../components/CommentsPane';
import { StatusIcon } from '../components/StatusIcon';
import { StatusSelect } from '../components/StatusSelect';
import type { AnnouncementForm } from '../form';
import { statusLabel } from '../form';
import { type AnnouncementSync, useAnnouncementSync } from '../hooks/useAnnouncementSync';

/** /announcement/:id: loads the announcement; an unknown id shows 'Aucun résultat'. */
export function AnnouncementPage() {
  const { id = '' } = useParams();
  const loaded = useLoadById(id, fetchAnnouncement);

  if (loaded === null) return <LoadingState label="Chargement de l’annonce…" />;
  if ('doc' in loaded) return <AnnouncementView key={loaded.doc._id} initial={loaded.doc} />;
  return (
    <EmptyState
      title={'missing' in loaded ? 'Aucun résultat' : 'Une erreur a eu lieu'}
      description={
        'missing' in loaded ? "Cette annonce n'existe pas." : 'L’annonce n’a pas pu être chargée.'
      }
    >
      <Button asChild variant="outline">
        <RouterLink to="/announcements">Retour aux annonces</RouterLink>
      </Button>
    </EmptyState>
  );
}

const SAVE_TEXT: Record<AnnouncementSync['status'], string> = {
  saved: 'Enregistré',
  pending: 'Modifications en attente…',
  saving: 'Enregistrement…',
  invalid: 'Champs obligatoires manquants',
  error: 'Une erreur a eu lieu',
};

function AnnouncementView({ initial }: { initial: Announcement }) {
  const sync = useAnnouncementSync(initial);
  const { announcement, setAnnouncement } = sync;
  const [commentsVersion, setCommentsVersion] = useState(0);
  const [busy, setBusy] = useState(false);

  const changeStatus = async (status: AnnouncementStatus, reason?: string) => {
    setBusy(true);
    try {
      const answer = await putAnnouncement(announcement._id, {
        currentProgress: status,
        ...(reason ? { stopReason: reason } : {}),
      });
      setAnnouncement(answer);
      if (status === 'stopped') setCommentsVersion((v) => v + 1);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const convert = async () => {
    setBusy(true);
    try {
      await sync.flush(); // a contact just typed goes into the client file
      const { projectId } = await convertAnnouncement(announcement._id);
      setAnnouncement({ ...announcement, projectId, currentProgress: 'ok' });
      notify('Projet créé', { type: 'success' });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 400 && error.errors
          ? Object.values(error.errors)[0]
          : null;
      if (message) notify(message, { type: 'error' });
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }}>
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Box>
          <HStack gap="2">
            <StatusIcon done={Boolean(announcement.projectId)} />
            <Heading as="h1" size="xl">
              {announcement.title || 'Annonce'}
            </Heading>
            <Badge>{statusLabel(announcement.currentProgress)}</Badge>
          </HStack>
          <HStack gap="3" wrap="wrap" color="fg.muted" fontSize="sm">
            <Text>n° {announcement._id}</Text>
            <Text>Enregistrée le {formatDate(announcement.createdAt)}</Text>
            {announcement.url ? (
              <Link
                href={announcement.url}
                target="_blank"
                rel="noopener noreferrer"
                color="brand.fg"
              >
                Voir l’annonce
              </Link>
            ) : null}
            <Text aria-live="polite" data-testid="save-status">
              {SAVE_TEXT[sync.status]}
            </Text>
          </HStack>
        </Box>
        <HStack gap="3" align="end" wrap="wrap">
          <StatusSelect
            value={announcement.currentProgress}
            projectId={announcement.projectId}
            disabled={busy}
            onChange={(status, reason) => void changeStatus(status, reason)}
          />
          {announcement.projectId ? (
            <Button asChild>
              <RouterLink to={`/project/${announcement.projectId}`}>Voir le projet</RouterLink>
            </Button>
          ) : conversionRefusal(announcement) ? (
            <Text color="fg.muted" fontSize="sm" data-testid="conversion-refusal">
              {conversionRefusal(announcement)}
            </Text>
          ) : (
            <Button loading={busy} onClick={() => void convert()}>
              Convertir en projet
            </Button>
          )}
        </HStack>
      </HStack>
      {announcement.currentProgress === 'stopped' && announcement.stopReason ? (
        <Text color="fg.muted">Abandonné car « {announcement.stopReason} »</Text>
      ) : null}
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(18rem, 1fr)' }}
        gap="4"
        alignItems="start"
      >
        <Stack gap="4">
          <InfoCard sync={sync} />
          <ContactCard sync={sync} />
        </Stack>
        <Card.Root>
          <Card.Body>
            <CommentsPane targetId={announcement._id} version={commentsVersion} />
          </Card.Body>
        </Card.Root>
      </Grid>
    </Stack>
  );
}

function Input({
  sync,
  name,
  label,
  type,
  required,
}: {
  sync: AnnouncementSync;
  name: keyof AnnouncementForm;
  label: string;
  type?: string;
  required?: boolean;
}) {
  return (
    <TextField
      label={label}
      type={type ?? 'text'}
      required={required}
      value={sync.form[name]}
      error={sync.errors[name]}
      onChange={(event) => sync.setField(name, event.currentTarget.value)}
    />
  );
}

function InfoCard({ sync }: { sync: AnnouncementSync }) {
  return (
    <Card.Root as="section" aria-label="Informations">
      <Card.Header>
        <Heading size="md">Informations</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Input sync={sync} name="title" label="Titre" required />
          <Input sync={sync} name="url" label="Lien de l’annonce" type="url" required />
          <Input sync={sync} name="address" label="Adresse" required />
          <Field.Root>
            <Field.Label>Description</Field.Label>
            <Textarea
              rows={5}
              value={sync.form.description}
              onChange={(event) => sync.setField('description', event.currentTarget.value)}
            />
          </Field.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ContactCard({ sync }: { sync: AnnouncementSync }) {
  const staff = useShellStore((state) => state.staff);
  const sales = staff.filter((member) => member.trigram);
  const current = sync.form.saleTrigram;
  return (
    <Card.Root as="section" aria-label="Contact">
      <Card.Header>
        <Heading size="md">Contact</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Input sync={sync} name="contactName" label="Nom du contact" />
          <Input sync={sync} name="contactPhoneNumber" label="Téléphone du contact" type="tel" />
          <Input sync={sync} name="contactEmail" label="E-mail du contact" type="email" />
          <Field.Root invalid={Boolean(sync.errors.saleTrigram)}>
            <Field.Label>Commercial</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={current}
                onChange={(event) => sync.setField('saleTrigram', event.currentTarget.value)}
              >
                <option value="">Non défini</option>
                {current && !sales.some((member) => member.trigram === current) ? (
                  <option value={current}>{current}</option>
                ) : null}
                {sales.map((member) => (
                  <option key={member._id} value={member.trigram ?? ''}>
                    {member.trigram} - {member.firstName} {member.lastName}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{sync.errors.saleTrigram}</Field.ErrorText>
          </Field.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
