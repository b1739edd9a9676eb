import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { DASHBOARD_MESSAGES } from '@reloc/domain';
import { DateField } from '../../../shared/ui/DateField';
import { useShellStore } from '../../shell/store';

export type DashboardFilterValues = { as: string; startDate: string; endDate: string };

/** Admins only: the staff member viewed ('Toute l’équipe' by default) and the date range. */
export function DashboardFilters({
  value,
  onChange,
}: {
  value: DashboardFilterValues;
  onChange: (value: DashboardFilterValues) => void;
}) {
  const staff = useShellStore((state) => state.staff).filter((member) => member.trigram);
  const reversed = Boolean(value.startDate && value.endDate && value.startDate > value.endDate);
  return (
    <HStack gap="4" wrap="wrap" align="start" mb="4" role="group" aria-label="Filtres">
      <Field.Root maxW="72">
        <Field.Label>Collaborateur</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="as"
            value={value.as}
            onChange={(event) => onChange({ ...value, as: event.currentTarget.value })}
          >
            <option value="">Toute l’équipe</option>
            {staff.map((member) => (
              <option key={member._id} value={member.trigram ?? ''}>
                {member.trigram} - {member.firstName} {member.lastName}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <DateField
        label="Du"
        name="startDate"
        value={value.startDate}
        invalid={reversed}
        describedBy={reversed ? 'dashboard-range-error' : undefined}
        onChange={(startDate) => onChange({ ...value, startDate })}
      >
        {reversed ? (
          <Field.ErrorText id="dashboard-range-error">
            {DASHBOARD_MESSAGES.startAfterEnd}
          </Field.ErrorText>
        ) : null}
      </DateField>
      <DateField
        label="Au"
        name="endDate"
        value={value.endDate}
        invalid={reversed}
        onChange={(endDate) => onChange({ ...value, endDate })}
      />
    </HStack>
  );
}
