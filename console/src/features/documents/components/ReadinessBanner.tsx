import { Alert, Button, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { selectReadinessStatus, useDocumentsStore } from '../store';

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/**
 * The documents' readiness (spec §4, §8): loading, ok, or the missing documents that make the
 * submission impossible, with the optional override ('Soumettre quand même') and its undo.
 */
export function ReadinessBanner() {
  const status = useDocumentsStore(selectReadinessStatus);
  const readiness = useDocumentsStore((state) => state.readiness);
  const setOverride = useDocumentsStore((state) => state.setOverride);
  const [saving, setSaving] = useState(false);

  const override = async (value: boolean) => {
    setSaving(true);
    await setOverride(value);
    setSaving(false);
  };

  if (status === 'loading' || !readiness)
    return (
      <Alert.Root
        status="info"
        data-testid="documents-readiness"
        data-status="loading"
        role="status"
        aria-live="polite"
      >
        <Spinner size="sm" aria-hidden />
        <Alert.Title>Vérification des documents…</Alert.Title>
      </Alert.Root>
    );

  if (status === 'ok')
    return (
      <Alert.Root status="success" data-testid="documents-readiness" data-status="ok" role="status">
        <Alert.Indicator />
        <Alert.Title>Tous les documents obligatoires sont présents.</Alert.Title>
      </Alert.Root>
    );

  const overridden = status === 'incomplete-submission';
  return (
    <Alert.Root
      status={overridden ? 'info' : 'warning'}
      data-testid="documents-readiness"
      data-status={status}
      role="status"
      alignItems="start"
    >
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>
          {overridden
            ? 'Des documents manquent, mais la soumission est autorisée.'
            : 'Des documents manquent : la soumission est impossible.'}
        </Alert.Title>
        <Alert.Description>
          <List.Root ps="4" aria-label="Documents manquants">
            {readiness.missing.map((missing) => (
              <List.Item key={missing.documentId}>
                <Text as="span" fontWeight="medium">
                  {missing.folder}
                </Text>{' '}
                — {missing.label} ({plural(missing.missingFiles, 'fichier')} manquant
                {missing.missingFiles > 1 ? 's' : ''})
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
        <Button
          size="sm"
          variant="outline"
          w="fit-content"
          loading={saving}
          onClick={() => void override(!overridden)}
        >
          {overridden ? 'Annuler la dérogation' : 'Soumettre quand même'}
        </Button>
      </Stack>
    </Alert.Root>
  );
}
