import { Alert, Badge, Box, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { hasReached, stageLabel } from '@reloc/domain';
import { Link as RouterLink } from 'react-router-dom';
import { PUBLIC_SITE_URL } from '../../../../app/config';
import { tileName } from '../../shared/tileName';
import type { SaveStatus } from '../hooks/useProjectDraft';
import { AdvanceButton } from './AdvanceButton';
import { StageSelect } from './StageSelect';
import { useDraft } from './DraftContext';
import { TagsEditor } from './TagsEditor';

const SAVE_LABELS: Record<SaveStatus, string> = {
  saved: 'Enregistré',
  pending: 'Modifications en attente…',
  saving: 'Enregistrement…',
  error: 'Non enregistré',
};

/** The client's lease page on the public site (spec §2 "Project page"). */
export const leasePageUrl = (id: string) =>
  `${PUBLIC_SITE_URL}/leases/project/${encodeURIComponent(id)}`;

/**
 * Name, id, e-mail, phone, stage, tags, the company and lease-page links and the advance button.
 */
export function ProjectHeader({ status }: { status: SaveStatus }) {
  const { draft, editable } = useDraft();
  const project = draft.state.base;
  const name = tileName({
    firstName: project.firstName as string | undefined,
    lastName: project.lastName as string | undefined,
    userId: project.userId as string | undefined,
  });
  const conflicts = Object.keys(draft.state.conflicts).length;

  return (
    <Stack gap="3" mb="4">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Box>
          <Heading as="h1" id="page-title" size="xl">
            {name}
          </Heading>
          <HStack gap="3" wrap="wrap" color="fg.muted" fontSize="sm">
            <Text>n° {project._id}</Text>
            {project.userId ? <Text>{String(project.userId)}</Text> : null}
            {project.phoneNumber ? <Text>{String(project.phoneNumber)}</Text> : null}
            {project.companyId ? (
              <Link asChild color="brand.fg">
                <RouterLink to={`/prospect/${String(project.companyId)}`}>
                  {String(project.company ?? 'Entreprise')}
                </RouterLink>
              </Link>
            ) : project.company ? (
              <Text>{String(project.company)}</Text>
            ) : null}
            <Link
              href={leasePageUrl(project._id)}
              target="_blank"
              rel="noopener noreferrer"
              color="brand.fg"
            >
              Page du bail
            </Link>
          </HStack>
        </Box>
        <HStack gap="2" wrap="wrap">
          <Badge size="lg" colorPalette={project.stopped ? 'gray' : 'brand'}>
            {project.stopped ? 'Abandonné' : stageLabel(project.currentProgress)}
          </Badge>
          <Text fontSize="sm" color={status === 'error' ? 'red.fg' : 'fg.muted'} aria-live="polite">
            {SAVE_LABELS[status]}
          </Text>
          <StageSelect />
          <AdvanceButton />
        </HStack>
      </HStack>
      <TagsEditor />
      {!editable ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            Ce projet a été envoyé à AL : seuls les administrateurs peuvent le modifier.
          </Alert.Title>
        </Alert.Root>
      ) : hasReached(project.progress ?? {}, 'submittedToHil') ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>Le dossier a été soumis.</Alert.Title>
        </Alert.Root>
      ) : null}
      {conflicts > 0 ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>
            {conflicts === 1
              ? 'Un champ a été modifié par une autre personne : choisissez la version à garder.'
              : `${conflicts} champs ont été modifiés par une autre personne : choisissez les versions à garder.`}
          </Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
