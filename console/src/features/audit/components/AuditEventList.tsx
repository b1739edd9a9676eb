import { Badge, Box, Stack, Text } from '@chakra-ui/react';
import { display, onePerField, type ValueNames } from '../display';
import { actorLabel, formatDateTime } from '../format';
import type { AuditEntry } from '../types';

/** The events of the stream, oldest first; those after the instant shown are dimmed. */
export function AuditEventList({
  events,
  shownRevision,
  aggregate = 'project',
  names,
}: {
  events: AuditEntry[];
  shownRevision: number;
  aggregate?: string;
  names?: ValueNames;
}) {
  return (
    <Box as="ol" listStyleType="none" m="0" p="0" aria-label="Événements">
      {events.map((event) => {
        const future = event.revision > shownRevision;
        const current = event.revision === shownRevision;
        return (
          <Box
            as="li"
            key={event.id}
            aria-current={current ? 'step' : undefined}
            borderLeftWidth="3px"
            borderLeftColor={current ? 'brand.solid' : 'border'}
            pl="3"
            py="2"
            opacity={future ? 0.55 : 1}
          >
            <Stack gap="1">
              <Text fontSize="sm">
                <Text as="span" fontWeight="semibold">
                  {event.label}
                </Text>{' '}
                <Text as="span" color="fg.muted">
                  · {formatDateTime(event.createdAt)} · {actorLabel(event.actor)}
                </Text>
                {future ? (
                  <Badge ms="2" size="sm" variant="subtle">
                    après l’instant affiché
                  </Badge>
                ) : null}
              </Text>
              {event.changes.length ? (
                <Box as="ul" m="0" ps="4" fontSize="sm">
                  {onePerField(event.changes, (change) => change.after).map((change) => (
                    <li key={change.field}>
                      {change.label} :{' '}
                      <del>{display(change.field, change.before, aggregate, names)}</del>
                      {' → '}
                      <ins>{display(change.field, change.after, aggregate, names)}</ins>
                    </li>
                  ))}
                </Box>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  Aucun champ modifié
                </Text>
              )}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}
