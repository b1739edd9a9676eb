import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { DraftField } from './DraftField';
import { useDraft } from './DraftContext';
import { valueOf } from '../draft';

/** A client-written text (read-only) beside the staff-written one (spec §2 Info tab). */
export function NotesPair({
  title,
  clientField,
  staffField,
}: {
  title: string;
  clientField: string;
  staffField: string;
}) {
  const { draft } = useDraft();
  const clientText = valueOf(draft.state, clientField);
  return (
    <Box as="section" borderWidth="1px" borderRadius="l3" p="4" bg="bg" aria-label={title}>
      <Text fontWeight="semibold" mb="2">
        {title}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Box>
          <Text fontSize="sm" fontWeight="medium" mb="1.5">
            Texte du client
          </Text>
          <Box
            bg="bg.muted"
            borderRadius="l2"
            p="3"
            minH="20"
            whiteSpace="pre-wrap"
            fontSize="sm"
            color={clientText ? undefined : 'fg.muted'}
            data-testid={`client-${clientField}`}
          >
            {typeof clientText === 'string' && clientText ? clientText : 'Pas de description'}
          </Box>
        </Box>
        <DraftField name={staffField} label="Notes de l’équipe" kind="textarea" />
      </SimpleGrid>
    </Box>
  );
}
