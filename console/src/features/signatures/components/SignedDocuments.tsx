import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { SIGNATURE_STEP_LABELS, SIGNATURE_STEPS } from '@reloc/domain';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../shared/format/date';
import { notifyError } from '../../../shared/ui/toaster';
import { fetchFinalDocUrl, fetchSignatures } from '../api';
import type { SignatureDto } from '../types';

/** The project's signature requests, in step order (re-read when the project id changes). */
function useProjectSignatures(projectId: string): SignatureDto[] | null {
  const [signatures, setSignatures] = useState<SignatureDto[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchSignatures(projectId, controller.signal).then(
      (list) =>
        setSignatures(
          [...list].sort(
            (a, b) => SIGNATURE_STEPS.indexOf(a.step) - SIGNATURE_STEPS.indexOf(b.step),
          ),
        ),
      () => !controller.signal.aborted && setSignatures([]),
    );
    return () => controller.abort();
  }, [projectId]);
  return signatures;
}

const openSigned = async (projectId: string, signature: SignatureDto) => {
  try {
    const url = await fetchFinalDocUrl(projectId, signature.step, signature.transactionId);
    window.open(url, '_blank', 'noopener');
  } catch (error) {
    notifyError(error);
  }
};

/** The signed PDFs, as a section of the file's documents (Documents tab). */
export function SignedDocuments({ projectId }: { projectId: string }) {
  const signatures = useProjectSignatures(projectId);
  const signed = (signatures ?? []).filter((s) => s.status === 'ARCHIVED');
  if (signed.length === 0) return null;
  return (
    <Card.Root size="sm" data-testid="signed-documents" as="section" aria-labelledby="signed-docs">
      <Card.Header>
        <Heading as="h3" size="md" id="signed-docs">
          Documents signés
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack as="ul" gap="2">
          {signed.map((signature) => (
            <HStack as="li" key={signature._id} justify="space-between" gap="3" flexWrap="wrap">
              <Text>
                {SIGNATURE_STEP_LABELS[signature.step]} (PDF signé
                {signature.signedAt ? ` le ${formatDate(signature.signedAt)}` : ''})
              </Text>
              <Button
                size="xs"
                variant="outline"
                aria-label={`Ouvrir « ${SIGNATURE_STEP_LABELS[signature.step]} » signé`}
                onClick={() => void openSigned(projectId, signature)}
              >
                Ouvrir
              </Button>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The file's signatures, on its record (Projet tab): each requested step and its state. */
export function SignaturesSummary({ projectId }: { projectId: string }) {
  const signatures = useProjectSignatures(projectId);
  return (
    <Box
      as="section"
      aria-label="Signatures"
      data-testid="signatures-summary"
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg"
    >
      <Text fontWeight="semibold" mb="2">
        Signatures
      </Text>
      {signatures === null ? (
        <Text color="fg.muted">Chargement…</Text>
      ) : signatures.length === 0 ? (
        <Text color="fg.muted">Aucune signature demandée</Text>
      ) : (
        <Stack as="ul" gap="1">
          {signatures.map((signature) => (
            <HStack as="li" key={signature._id} gap="2" flexWrap="wrap">
              <Text>{SIGNATURE_STEP_LABELS[signature.step]}</Text>
              <Badge colorPalette={signature.status === 'ARCHIVED' ? 'green' : 'blue'}>
                {signature.status === 'ARCHIVED'
                  ? `Signé${signature.signedAt ? ` le ${formatDate(signature.signedAt)}` : ''}`
                  : 'En cours de signature'}
              </Badge>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
