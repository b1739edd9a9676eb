import { chakra, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime, fromFrenchDateTime } from '../format';
import type { AuditEntry } from '../types';

const Label = chakra('label');
const Range = chakra('input');

/** The distinct instants of the events, in order (a batch of events shares one). */
export function instantsOf(
  events: AuditEntry[],
): { at: string; last: AuditEntry; count: number }[] {
  const instants: { at: string; last: AuditEntry; count: number }[] = [];
  for (const event of events) {
    const previous = instants[instants.length - 1];
    if (previous && previous.at === event.createdAt) {
      previous.last = event;
      previous.count += 1;
    } else instants.push({ at: event.createdAt, last: event, count: 1 });
  }
  return instants;
}

/** The last instant at or before `at`; -1 before the first. */
export function indexAt(instants: { at: string }[], at: string): number {
  const ms = Date.parse(at);
  let index = -1;
  instants.forEach((instant, i) => {
    if (Date.parse(instant.at) <= ms) index = i;
  });
  return index;
}

/** A slider over the instants of the events and a date-time picker: both choose the instant. */
export function AuditTimeControls({
  events,
  at,
  onChange,
}: {
  events: AuditEntry[];
  at: string;
  onChange: (at: string) => void;
}) {
  const instants = instantsOf(events);
  const index = Math.max(0, indexAt(instants, at));
  const instant = instants[index];
  const batch = instant.count > 1 ? ` et ${instant.count - 1} autre(s)` : '';
  const valueText = `${formatDateTime(instant.at)} – ${instant.last.label}${batch} (${index + 1} sur ${instants.length})`;
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="l3" p="3" bg="bg.subtle">
      <Stack gap="1">
        <Label htmlFor="audit-slider" fontWeight="semibold" fontSize="sm">
          Remonter le temps
        </Label>
        <HStack gap="3">
          <Range
            id="audit-slider"
            type="range"
            min={0}
            max={instants.length - 1}
            step={1}
            value={index}
            aria-valuetext={valueText}
            onChange={(e) => onChange(instants[Number(e.currentTarget.value)].at)}
            flex="1"
            accentColor="var(--chakra-colors-brand-solid)"
            disabled={instants.length < 2}
          />
        </HStack>
        <Text fontSize="xs" color="fg.muted" aria-hidden="true">
          {valueText}
        </Text>
      </Stack>
      <InstantField at={at} onChange={onChange} />
    </Stack>
  );
}

/** 'JJ/MM/AAAA HH:MM:SS' (seconds optional) typed in French whatever the browser's language. */
function InstantField({ at, onChange }: { at: string; onChange: (at: string) => void }) {
  const [text, setText] = useState<string | null>(null);
  const typed = text === null ? null : fromFrenchDateTime(text);
  return (
    <Field.Root maxW="20rem" invalid={text !== null && typed === null}>
      <Field.Label>Date et heure affichées</Field.Label>
      <Input
        inputMode="numeric"
        placeholder="JJ/MM/AAAA HH:MM:SS"
        value={text ?? formatDateTime(at)}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          setText(raw);
          const next = fromFrenchDateTime(raw);
          if (next) onChange(next);
        }}
        onBlur={() => {
          if (typed !== null || text === null) setText(null);
        }}
      />
      <Field.HelperText>JJ/MM/AAAA HH:MM:SS</Field.HelperText>
    </Field.Root>
  );
}
