import { Field, NativeSelect } from '@chakra-ui/react';
import {
  allowedAnnouncementStatuses,
  ANNOUNCEMENT_STATUS_LABELS,
  type AnnouncementStatus,
} from '@reloc/domain';
import { useState } from 'react';
import { StopAnnouncementDialog } from './StopAnnouncementDialog';

type Props = {
  value: AnnouncementStatus;
  /** The linked client file, if any: it decides which statuses are offered. */
  projectId?: string | null;
  disabled?: boolean;
  onChange: (status: AnnouncementStatus, reason?: string) => void;
};

/**
 * The status select (§4 "Announcement statuses"): only the statuses the rules allow from the
 * current one and its link (`allowedAnnouncementStatuses`); 'Abandonné' asks for the reason first.
 */
export function StatusSelect({ value, projectId, disabled, onChange }: Props) {
  const [stopping, setStopping] = useState(false);
  const offered = allowedAnnouncementStatuses({
    currentProgress: value,
    projectId: projectId ?? null,
  });
  return (
    <>
      <Field.Root maxW="60">
        <Field.Label>Statut</Field.Label>
        <NativeSelect.Root disabled={disabled}>
          <NativeSelect.Field
            value={value}
            onChange={(event) => {
              const next = event.currentTarget.value as AnnouncementStatus;
              if (next === value) return;
              if (next === 'stopped') setStopping(true);
              else onChange(next);
            }}
          >
            {offered.map((status) => (
              <option key={status} value={status}>
                {ANNOUNCEMENT_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <StopAnnouncementDialog
        open={stopping}
        onCancel={() => setStopping(false)}
        onConfirm={(reason) => {
          setStopping(false);
          onChange('stopped', reason);
        }}
      />
    </>
  );
}
