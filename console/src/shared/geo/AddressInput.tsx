import { Box, chakra, Field, Input, Stack, Text } from '@chakra-ui/react';
import type { Place } from '@reloc/domain';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
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
  const [active, setActive] = useState(-1);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchAddresses(query, controller.signal).then(
        (found) => {
          setSuggestions(found);
          setActive(-1);
        },
        () => setSuggestions([]),
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const choose = (chosen: Place) => {
    setQuery(null);
    setSuggestions([]);
    setActive(-1);
    onChange(chosen.label, chosen);
  };

  const open = suggestions.length > 0 && query !== null;
  // The keyboard of a combobox (WAI-ARIA): arrows move through the suggestions, Enter takes
  // the highlighted one, Escape closes the list.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setQuery(null);
      setActive(-1);
    }
  };
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
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          onKeyDown={onKeyDown}
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
            {suggestions.map((suggestion, index) => (
              <chakra.button
                type="button"
                role="option"
                id={optionId(index)}
                tabIndex={-1}
                aria-selected={index === active}
                key={`${suggestion.label}-${suggestion.lat}-${suggestion.lng}`}
                textAlign="left"
                px="3"
                py="2"
                bg={index === active ? 'bg.muted' : undefined}
                _hover={{ bg: 'bg.muted' }}
                onMouseDown={(event) => event.preventDefault()}
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
