import { Button, Field, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import {
  FOLDER_STATUS_LABELS,
  folderStatusChoices,
  opinionOf,
  PROPOSAL_OWNER_CHOICES,
  PROPOSAL_OWNER_LABELS,
  PROPOSAL_OWNERS,
  PROPOSAL_STATUS_LABELS,
  PROPOSAL_STATUSES,
  type FolderStatusChoice,
  type ProposalOwner,
  type ProposalStatus,
} from '@reloc/domain';
import { folderChange, opinionChange, ownerChange, statusChange } from '../changes';
import { useProposalsStore } from '../store';
import type { ProposalRow } from '../types';

function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg
      width="1.1em"
      height="1.1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
      style={down ? { transform: 'rotate(180deg)' } : undefined}
    >
      <path d="M7 10v12" />
      <path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
    </svg>
  );
}

/** The opinion toggles: the latest of liked / disliked is the pressed one. */
export function OpinionToggles({ row, compact = false }: { row: ProposalRow; compact?: boolean }) {
  const apply = useProposalsStore((state) => state.apply);
  const opinion = opinionOf(row);
  const toggle = (pressed: 'liked' | 'disliked', label: string, palette: string) => {
    const on = opinion === pressed;
    return (
      <Button
        size="xs"
        variant={on ? 'solid' : 'outline'}
        colorPalette={on ? palette : 'gray'}
        aria-pressed={on}
        aria-label={compact ? label : undefined}
        title={compact ? label : undefined}
        onClick={() => void apply(row.idSell, opinionChange(row, pressed))}
      >
        <ThumbIcon down={pressed === 'disliked'} />
        {compact ? null : label}
      </Button>
    );
  };
  return (
    <HStack gap="1" role="group" aria-label="Avis du client">
      {toggle('liked', 'J’aime', 'green')}
      {toggle('disliked', 'Je n’aime pas', 'red')}
    </HStack>
  );
}

/** The proposal status select: a denied_* status disables the proposal, any other enables it. */
export function StatusSelect({ row }: { row: ProposalRow }) {
  const apply = useProposalsStore((state) => state.apply);
  return (
    <NativeSelect.Root size="xs" minW="36">
      <NativeSelect.Field
        aria-label="Statut de la proposition"
        value={row.status}
        onChange={(event) =>
          void apply(row.idSell, statusChange(event.currentTarget.value as ProposalStatus))
        }
      >
        {PROPOSAL_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PROPOSAL_STATUS_LABELS[status]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The folder status select; the rejected_* variants are hidden once rejected. */
export function FolderSelect({ row }: { row: ProposalRow }) {
  const apply = useProposalsStore((state) => state.apply);
  return (
    <NativeSelect.Root size="xs" minW="28">
      <NativeSelect.Field
        aria-label="Statut du dossier"
        value={row.folderStatus}
        onChange={(event) =>
          void apply(row.idSell, folderChange(event.currentTarget.value as FolderStatusChoice))
        }
      >
        {folderStatusChoices(row).map((choice) => (
          <option key={choice} value={choice}>
            {FOLDER_STATUS_LABELS[choice]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Who brought the property; 'Soumis par le client' is shown but cannot be picked by staff. */
export function OwnerSelect({ row }: { row: ProposalRow }) {
  const apply = useProposalsStore((state) => state.apply);
  return (
    <NativeSelect.Root size="xs" minW="36">
      <NativeSelect.Field
        aria-label="Proposé par"
        value={row.owner ?? ''}
        onChange={(event) =>
          void apply(
            row.idSell,
            ownerChange((event.currentTarget.value || null) as ProposalOwner | null),
          )
        }
      >
        <option value="">Non défini</option>
        {PROPOSAL_OWNERS.map((owner) => (
          <option key={owner} value={owner} disabled={!PROPOSAL_OWNER_CHOICES.includes(owner)}>
            {PROPOSAL_OWNER_LABELS[owner]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Status, folder status, owner and opinion, labelled, as the expanded row shows them. */
export function ProposalControls({ row }: { row: ProposalRow }) {
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'end' }}>
      <Field.Root w="auto">
        <Field.Label>Statut</Field.Label>
        <StatusSelect row={row} />
      </Field.Root>
      <Field.Root w="auto">
        <Field.Label>Dossier</Field.Label>
        <FolderSelect row={row} />
      </Field.Root>
      <Field.Root w="auto">
        <Field.Label>Proposé par</Field.Label>
        <OwnerSelect row={row} />
      </Field.Root>
      <OpinionToggles row={row} />
    </Stack>
  );
}
