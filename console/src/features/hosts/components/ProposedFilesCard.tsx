import {
  Badge,
  Box,
  Button,
  Heading,
  Link,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { PROPOSAL_STATUS_LABELS, type ProposalStatus } from '@reloc/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { fileName } from '../files';
import type { HostProposal } from '../types';

/** Limited lists show 5 items, then an ellipsis (spec §9). */
export const LIMITED_LIST_SIZE = 5;

const statusLabel = (status: string) => PROPOSAL_STATUS_LABELS[status as ProposalStatus] ?? status;

/** 'Dossiers proposés': each file this host was proposed to; a tap opens /project/{lease id}. */
export function ProposedFilesCard({ proposals }: { proposals: HostProposal[] | null }) {
  const [all, setAll] = useState(false);
  const rows = (proposals ?? []).filter((proposal) => proposal._lease);
  const shown = all ? rows : rows.slice(0, LIMITED_LIST_SIZE);
  return (
    <Box
      as="section"
      aria-labelledby="proposed-files-title"
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg"
    >
      <Heading as="h2" size="md" id="proposed-files-title" mb="3">
        Dossiers proposés
      </Heading>
      {proposals === null ? (
        <Box role="status" aria-live="polite">
          <Spinner size="sm" aria-hidden />
          <VisuallyHidden>Chargement des dossiers</VisuallyHidden>
        </Box>
      ) : rows.length === 0 ? (
        <Text color="fg.muted">Aucun dossier</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2" data-testid="proposed-files">
          {shown.map((proposal) => {
            const lease = proposal._lease!;
            return (
              <li key={proposal._id}>
                <Link
                  asChild
                  display="block"
                  _hover={{ textDecoration: 'none', bg: 'bg.muted' }}
                  p="2"
                  borderRadius="l2"
                >
                  <RouterLink to={`/project/${lease._id}`} data-testid="proposed-file">
                    <Stack gap="0">
                      <Text fontWeight="medium">
                        {fileName({
                          firstName: lease.firstName ?? '',
                          lastName: lease.lastName ?? '',
                        }) || 'Sans nom'}
                      </Text>
                      {lease.userId ? (
                        <Text fontSize="sm" color="fg.muted">
                          {lease.userId}
                        </Text>
                      ) : null}
                      <Badge w="fit-content" size="sm" mt="1">
                        {statusLabel(proposal.status)}
                      </Badge>
                    </Stack>
                  </RouterLink>
                </Link>
              </li>
            );
          })}
          {rows.length > LIMITED_LIST_SIZE ? (
            <li>
              <Button variant="plain" size="sm" onClick={() => setAll((v) => !v)}>
                {all ? 'Voir moins' : `… voir tout (${rows.length})`}
              </Button>
            </li>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}
