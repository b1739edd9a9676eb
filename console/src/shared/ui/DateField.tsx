import { Field, HStack, Input } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { CalendarPopover } from './CalendarPopover';
import { DATE_FORMAT_HINT, INVALID_DATE, maskDate, readDate, showDate } from './frenchDates';

/**
 * A day typed as DD/MM/YYYY whatever the browser's language (a native date input follows the
 * browser's locale): the slashes come as one types; a complete, real date is sent as
 * 'YYYY-MM-DD'; anything else says what is expected. Beside it, 'Choisir une date' opens a
 * French month grid (CalendarPopover) for those who would rather pick than type.
 */
export function DateField({
  label,
  name,
  value,
  onChange,
  invalid = false,
  describedBy,
  maxW = '56',
  children,
}: {
  label: string;
  name?: string;
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  maxW?: string;
  children?: React.ReactNode;
}) {
  const [text, setText] = useState(() => showDate(value));
  const [wrong, setWrong] = useState(false);
  const hintId = useId();

  // A value set from outside (another filter, a reset) shows as typed text.
  useEffect(() => {
    // Only when the value changes: the text being typed is left alone otherwise.
    if (readDate(text) !== value) {
      setText(showDate(value));
      setWrong(false);
    }
  }, [value]);

  return (
    <Field.Root maxW={maxW} invalid={invalid || wrong}>
      <Field.Label>{label}</Field.Label>
      <HStack gap="1" w="full" align="start">
        <Input
          name={name}
          inputMode="numeric"
          autoComplete="off"
          placeholder={DATE_FORMAT_HINT}
          maxLength={10}
          value={text}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          onChange={(event) => {
            const masked = maskDate(event.currentTarget.value);
            setText(masked);
            const iso = readDate(masked);
            if (iso) {
              setWrong(false);
              onChange(iso);
            } else if (masked === '') {
              setWrong(false);
              onChange('');
            }
          }}
          onBlur={() => setWrong(text !== '' && readDate(text) === null)}
        />
        <CalendarPopover
          value={value}
          fieldLabel={label}
          onSelect={(iso) => {
            setText(showDate(iso));
            setWrong(false);
            onChange(iso);
          }}
        />
      </HStack>
      {wrong ? (
        <Field.ErrorText id={hintId}>{INVALID_DATE}</Field.ErrorText>
      ) : (
        <Field.HelperText id={hintId}>{DATE_FORMAT_HINT}</Field.HelperText>
      )}
      {children}
    </Field.Root>
  );
}
