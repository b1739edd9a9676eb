import { Badge, Box, Button, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import type { ProspectStage } from '@reloc/domain';
import { useCallback } from 'react';
import { useDraft } from '../../projects/page/components/DraftContext';
import { TagsEditor } from '../../projects/page/components/TagsEditor';
import type { SaveStatus } from '../../projects/page/hooks/useProjectDraft';
import type { ProjectDoc } from '../../projects/types';
import { fetchProspectTags, putProspect } from '../api';
import { nextStageState } from '../nextStage';
import { useProspect, useProspectAction } from './useProspectAction';

const STATUS_LABELS: Record<SaveStatus, string> = {
  saved: 'Enregistré',
  pending: 'Modifications en attente',
  saving: 'Enregistrement…',
  error: 'Une erreur a eu lieu',
};

/**
 * 'Passer en <stage suivant>', enabled once the next stage's rules hold and it is not ahead of
 * the theoretical status (spec §4, §5); 'À compléter' says what blocks it.
 */
function NextStageButton() {
  const { editable } = useDraft();
  const prospect = useProspect();
  const act = useProspectAction();
  const next = prospect.nextStage;
  if (!next?.stage) return null;
  const theory = prospect.theoreticalStatus as ProspectStage | undefined;
  const { enabled, missing } = nextStageState(next, theory);
  return (
    <Stack gap="1" align="end">
      <Button
        size="sm"
        disabled={!editable || !enabled}
        aria-describedby={missing.length ? 'next-stage-missing' : undefined}
        onClick={() => void act({ currentProgress: next.stage })}
      >
        Passer en {next.label}
      </Button>
      {missing.length ? (
        // Folded by default: the list can be long and would push the page down.
        <Box
          as="details"
          id="next-stage-missing"
          fontSize="xs"
          color="fg.muted"
          textAlign="right"
          maxW="xs"
        >
          <Box as="summary" cursor="pointer">
            À compléter ({missing.length})
          </Box>
          <List.Root listStyleType="none">
            {missing.map((line) => (
              <List.Item key={line.key}>
                {line.label} : {line.message}
              </List.Item>
            ))}
          </List.Root>
        </Box>
      ) : null}
    </Stack>
  );
}

/** Name, stage, contact, tags and the next-stage button (spec §2 "Prospect page"). */
export function ProspectHeader({ status }: { status: SaveStatus }) {
  const { draft } = useDraft();
  const prospect = useProspect();
  const revision = draft.state.base._revision;
  const saveTags = useCallback(
    (id: string, tags: string[]) => putProspect(id, revision, { tags }) as Promise<ProjectDoc>,
    [revision],
  );
  const mail = prospect.companyContactMail as string | null | undefined;
  const phone = prospect.companyContactPhone as string | null | undefined;
  const companyLink = prospect.companyLink
    ? new URL(prospect.companyLink, window.location.origin).href
    : null;
  return (
    <Stack gap="3" mb="4">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" id="page-title" size="xl">
            {prospect.name || 'Prospect'}
          </Heading>
          <HStack gap="2" wrap="wrap">
            <Badge>{prospect.stageLabel}</Badge>
            {prospect.progress?.stopped ? <Badge colorPalette="red">Abandonné</Badge> : null}
            <Text fontSize="xs" color={status === 'error' ? 'red.fg' : 'fg.muted'} role="status">
              {STATUS_LABELS[status]}
            </Text>
          </HStack>
          <HStack gap="3" fontSize="sm" wrap="wrap">
            {mail ? <Link href={`mailto:${mail}`}>{mail}</Link> : null}
            {phone ? <Link href={`tel:${phone}`}>{phone}</Link> : null}
            {companyLink ? (
              <Link href={companyLink} target="_blank" rel="noopener noreferrer">
                Lien entreprise
              </Link>
            ) : null}
          </HStack>
          {prospect.tooltip ? (
            <Text fontSize="sm" color="orange.fg" role="note">
              {prospect.tooltip}
            </Text>
          ) : null}
        </Stack>
        <NextStageButton />
      </HStack>
      <TagsEditor loadTags={fetchProspectTags} saveTags={saveTags} />
    </Stack>
  );
}
