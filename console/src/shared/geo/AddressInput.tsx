import { Box, chakra, Field, Input, Stack, Text } from '@chakra-ui/react';
import type { Place } from '@reloc/domain';
import { useEffect, useId, useState } from 'react';
import { searchAddresses } from './addressSearch';

type AddressInputProps = {
  label: string;
  text: string;
  place: Place | null;
  onChange: (text: string, place: Place | null) => void;
  required?: boolean;
  readOnly?: boolean;
  error?: string;
};

/**
 * An address valid only once a suggested place is chosen (spec §5 "Inputs"): typing clears the
 * place, clearing the text gives an empty value.
 */
export function AddressInput({
  label,
  text,
  place,
  onChange,
  required,
  readOnly,
  error,
}: AddressInputProps) {
  const [suggestions, setSuggestions] = useState<Place[]>([]);
  const [query, setQuery] = useState<string | null>(null);
  const listId = useId();

  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchAddresses(query, controller.signal).then(setSuggestions, () => setSuggestions([]));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const choose = (chosen: Place) => {
    setQuery(null);
    setSuggestions([]);
    onChange(chosen.label, chosen);
  };

  const open = suggestions.length > 0 && query !== null;
  const unconfirmed = Boolean(text) && !place && !readOnly;
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Box position="relative" w="full">
        <Input
          value={text}
          readOnly={readOnly}
          autoComplete="off"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          onChange={(event) => {
            const value = event.currentTarget.value;
            setQuery(value);
            onChange(value, null);
          }}
        />
        {open ? (
          <Stack
            id={listId}
            role="listbox"
            aria-label={`Adresses proposées pour ${label}`}
            position="absolute"
            zIndex="dropdown"
            top="100%"
            left="0"
            right="0"
            bg="bg"
            borderWidth="1px"
            borderRadius="l2"
            boxShadow="md"
            gap="0"
            maxH="60"
            overflowY="auto"
          >
            {suggestions.map((suggestion) => (
              <chakra.button
                type="button"
                role="option"
                aria-selected={false}
                key={`${suggestion.label}-${suggestion.lat}-${suggestion.lng}`}
                textAlign="left"
                px="3"
                py="2"
                _hover={{ bg: 'bg.muted' }}
                onClick={() => choose(suggestion)}
              >
                {suggestion.label}
              </chakra.button>
            ))}
          </Stack>
        ) : null}
      </Box>
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : unconfirmed ? (
        <Text fontSize="xs" color="fg.muted">
          Choisissez une adresse proposée
        </Text>
      ) : null}
    </Field.Root>
  );
}
