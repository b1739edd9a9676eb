import { Field, NativeSelect } from '@chakra-ui/react';
import {
  ANNOUNCEMENT_STATUS_LABELS,
  ANNOUNCEMENT_STATUSES,
  type AnnouncementStatus,
} from '@reloc/domain';
import { useState } from 'react';
import { StopAnnouncementDialog } from './StopAnnouncementDialog';

type Props = {
  value: AnnouncementStatus;
  disabled?: boolean;
  onChange: (status: AnnouncementStatus, reason?: string) => void;
};

/** The status select (§4 "Announcement statuses"); 'Abandonné' asks for the reason first. */
export function StatusSelect({ value, disabled, onChange }: Props) {
  const [stopping, setStopping] = useState(false);
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
            {ANNOUNCEMENT_STATUSES.map((status) => (
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
