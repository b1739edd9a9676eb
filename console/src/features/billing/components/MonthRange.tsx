import { Field, HStack, Input } from '@chakra-ui/react';

/** Two month pickers (YYYY-MM): from and to. */
export function MonthRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  return (
    <HStack gap="3" align="end">
      <Field.Root w="auto">
        <Field.Label>Du mois</Field.Label>
        <Input
          type="month"
          size="sm"
          value={from}
          max={to}
          onChange={(e) => e.target.value && onChange({ from: e.target.value, to })}
        />
      </Field.Root>
      <Field.Root w="auto">
        <Field.Label>Au mois</Field.Label>
        <Input
          type="month"
          size="sm"
          value={to}
          min={from}
          onChange={(e) => e.target.value && onChange({ from, to: e.target.value })}
        />
      </Field.Root>
    </HStack>
  );
}
