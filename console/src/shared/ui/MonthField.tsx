import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { useId } from 'react';
import { FRENCH_MONTHS, joinMonth, splitMonth } from './frenchDates';

/** The years offered: five back, two ahead of this year, and the value's own. */
function yearsAround(value: number | null): number[] {
  const now = new Date().getFullYear();
  const years = new Set<number>();
  for (let year = now - 5; year <= now + 2; year += 1) years.add(year);
  if (value) years.add(value);
  return [...years].sort((a, b) => a - b);
}

/**
 * A month ('YYYY-MM') as two selects, French month names and the year, whatever the
 * browser's language (a native month input shows 'November 2026' in an English browser).
 */
export function MonthField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const parts = splitMonth(value);
  const month = parts?.month ?? new Date().getMonth() + 1;
  const year = parts?.year ?? new Date().getFullYear();
  return (
    <Field.Root w="auto" as="fieldset" aria-labelledby={`${id}-legend`}>
      <Field.Label as="legend" id={`${id}-legend`}>
        {label}
      </Field.Label>
      <HStack gap="1">
        <NativeSelect.Root size="sm" w="32">
          <NativeSelect.Field
            aria-label={`${label} : mois`}
            value={String(month)}
            onChange={(event) => onChange(joinMonth(year, Number(event.currentTarget.value)))}
          >
            {FRENCH_MONTHS.map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm" w="24">
          <NativeSelect.Field
            aria-label={`${label} : année`}
            value={String(year)}
            onChange={(event) => onChange(joinMonth(Number(event.currentTarget.value), month))}
          >
            {yearsAround(parts?.year ?? null).map((option) => (
              <option key={option} value={String(option)}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
    </Field.Root>
  );
}
