import { Box, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { display, onePerField, type ValueNames } from '../display';
import type { AuditStateGroup } from '../types';

const Label = chakra('label');

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && !value.length) ||
  (typeof value === 'object' && !Array.isArray(value) && !Object.keys(value as object).length);

/** The whole file at the instant chosen, read-only: labelled fields by group. */
export function AuditStateView({
  groups,
  aggregate = 'project',
  names,
}: {
  groups: AuditStateGroup[];
  aggregate?: string;
  names?: ValueNames;
}) {
  const [showEmpty, setShowEmpty] = useState(false);
  if (!groups.length)
    return <Text color="fg.muted">Le dossier n’existait pas encore à cet instant.</Text>;
  const shown = groups
    .map((group) => ({
      ...group,
      fields: onePerField(
        showEmpty
          ? group.fields
          : group.fields.filter(
              (field) =>
                !isEmpty(field.value) &&
                display(field.field, field.value, aggregate, names) !== '—',
            ),
        (field) => field.value,
      ),
    }))
    .filter((group) => group.fields.length);
  return (
    <Stack gap="4">
      <HStack gap="2" fontSize="sm">
        <input
          id="audit-show-empty"
          type="checkbox"
          checked={showEmpty}
          onChange={(event) => setShowEmpty(event.currentTarget.checked)}
        />
        <Label htmlFor="audit-show-empty">Afficher les champs vides</Label>
      </HStack>
      {shown.map((group) => (
        <Box as="section" key={group.title} aria-label={group.title}>
          <Heading as="h4" size="sm" mb="2">
            {group.title}
          </Heading>
          <Box
            as="dl"
            display="grid"
            gridTemplateColumns={{ base: '1fr', md: 'minmax(10rem, 1fr) 2fr' }}
            columnGap="4"
            rowGap="1"
            fontSize="sm"
          >
            {group.fields.map((field) => (
              <Box key={field.field} display="contents">
                <Box as="dt" color="fg.muted">
                  {field.label}
                </Box>
                <Box as="dd" m="0" data-field={field.field} wordBreak="break-word">
                  {display(field.field, field.value, aggregate, names)}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
