import { Box, Button, Field, HStack, Input, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { formatDate as formatIsoDate, parseDateInput, type Place } from '@reloc/domain';
import { useState } from 'react';
import { AddressInput } from '../../../../shared/geo/AddressInput';
import { valueOf } from '../draft';
import { useDraft } from './DraftContext';

export type FieldKind =
  'text' | 'number' | 'date' | 'textarea' | 'select' | 'email' | 'tel' | 'address';
export type Option = string | { value: string; label: string };

export type FieldSpec = {
  name: string;
  label: string;
  kind?: FieldKind;
  options?: Option[];
  /** A select whose values are numbers (zone). */
  numeric?: boolean;
  /** An address: the field holding its chosen place (e.g. addressWorkObject). */
  placeField?: string;
};

const optionOf = (option: Option) =>
  typeof option === 'string' ? { value: option, label: option } : option;

function toInput(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function fromInput(raw: string, kind: FieldKind, numeric = false): unknown {
  if (kind === 'number' || numeric) return raw === '' ? null : Number(raw);
  return raw;
}

type InputProps = { name: string; readOnly: boolean; 'data-field': string };

/**
 * A date typed as DD/MM/YYYY (or YYYY-MM-DD), stored as 'YYYY-MM-DD'; anything else is ignored
 * and the stored date shows again when the field is left (spec §5 "Inputs").
 */
function DateInput({
  stored,
  onChange,
  ...props
}: InputProps & { stored: unknown; onChange: (value: string | null) => void }) {
  const shown = formatIsoDate(typeof stored === 'string' ? stored : null);
  const [text, setText] = useState<string | null>(null);
  return (
    <Input
      {...props}
      inputMode="numeric"
      placeholder="JJ/MM/AAAA"
      value={text ?? shown}
      onChange={(event) => {
        const raw = event.currentTarget.value;
        setText(raw);
        if (raw.trim() === '') onChange(null);
        else {
          const parsed = parseDateInput(raw);
          if (parsed) onChange(parsed);
        }
      }}
      onBlur={() => setText(null)}
    />
  );
}

export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'Non défini';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Someone else changed this field: their value beside the user's text, and the choice. */
function ConflictChoice({ field, theirs }: { field: string; theirs: unknown }) {
  const { draft } = useDraft();
  return (
    <Box
      role="alert"
      data-testid={`conflict-${field}`}
      mt="1"
      p="2"
      borderRadius="l2"
      bg="accent.subtle"
      borderWidth="1px"
      borderColor="accent.emphasized"
    >
      <Text fontSize="sm">
        Modifié par une autre personne : <strong>{displayValue(theirs)}</strong>
      </Text>
      <HStack mt="2" gap="2" wrap="wrap">
        <Button size="xs" onClick={() => draft.keepMine(field)}>
          Garder ma version
        </Button>
        <Button size="xs" variant="outline" onClick={() => draft.takeTheirs(field)}>
          Prendre la leur
        </Button>
      </HStack>
    </Box>
  );
}

/** A project field bound to the page draft (read-only outside edit mode). */
export function DraftField(spec: FieldSpec) {
  const { name, label, kind = 'text', options = [], numeric, placeField } = spec;
  const { draft, editable } = useDraft();
  const stored = valueOf(draft.state, name);
  const value = toInput(stored);
  const conflict = name in draft.state.conflicts;
  const onChange = (raw: string) => draft.setField(name, fromInput(raw, kind, numeric));
  const common = { name, readOnly: !editable, 'data-field': name };

  if (kind === 'address' && placeField) {
    const place = valueOf(draft.state, placeField);
    return (
      <Box>
        <AddressInput
          label={label}
          text={value}
          place={place && typeof place === 'object' ? (place as Place) : null}
          readOnly={!editable}
          onChange={(text, chosen) => {
            draft.setField(name, text);
            draft.setField(placeField, chosen);
          }}
        />
        {conflict ? <ConflictChoice field={name} theirs={draft.state.conflicts[name]} /> : null}
      </Box>
    );
  }

  let control;
  if (kind === 'date') {
    control = <DateInput {...common} stored={stored} onChange={(v) => draft.setField(name, v)} />;
  } else if (kind === 'textarea') {
    control = (
      <Textarea
        {...common}
        minH="20"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  } else if (kind === 'select') {
    control = (
      <NativeSelect.Root disabled={!editable}>
        <NativeSelect.Field
          name={name}
          data-field={name}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        >
          <option value="">Non défini</option>
          {options.map(optionOf).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  } else {
    control = (
      <Input
        {...common}
        type={kind}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }

  return (
    <Field.Root invalid={conflict} disabled={kind === 'select' && !editable}>
      <Field.Label>{label}</Field.Label>
      {control}
      {conflict ? <ConflictChoice field={name} theirs={draft.state.conflicts[name]} /> : null}
    </Field.Root>
  );
}

/** A titled block of fields in a responsive grid. */
export function FieldGroup({ title, fields }: { title: string; fields: FieldSpec[] }) {
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="l3" p="4" bg="bg">
      <Text as="legend" fontWeight="semibold" px="1">
        {title}
      </Text>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="3">
        {fields.map((field) => (
          <Box key={field.name} gridColumn={field.kind === 'textarea' ? '1 / -1' : undefined}>
            <DraftField {...field} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
