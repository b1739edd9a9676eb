import { HStack } from '@chakra-ui/react';
import { MonthField } from '../../../shared/ui/MonthField';

/** Two months (YYYY-MM), from and to, with French month names; 'to' never before 'from'. */
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
    <HStack gap="3" align="end" wrap="wrap">
      <MonthField
        label="Du mois"
        value={from}
        onChange={(value) => onChange({ from: value, to: value > to ? value : to })}
      />
      <MonthField
        label="Au mois"
        value={to}
        onChange={(value) => onChange({ from: value < from ? value : from, to: value })}
      />
    </HStack>
  );
}
