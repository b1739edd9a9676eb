import { Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { EmptyState, LoadFailedState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { ReadOnlyGuard } from '../../../shared/ui/ReadOnly';
import { SignatureSteps } from '../../signatures/components/SignatureSteps';
import { SignedDocuments } from '../../signatures/components/SignedDocuments';
import { foldersOf } from '../files';
import { useDocumentsStore } from '../store';
import { FolderCard } from './FolderCard';
import { ReadinessBanner } from './ReadinessBanner';

const NEW_SECTION = 'Nouvelle section';

/** 'Nouvelle section': a folder with the name typed (server suffixes duplicates). */
function NewSectionForm() {
  const addFolder = useDocumentsStore((state) => state.addFolder);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    if (await addFolder(name.trim() || NEW_SECTION)) setName('');
    setSaving(false);
  };
  return (
    <form onSubmit={submit} aria-label="Nouvelle section">
      <HStack gap="2">
        <Input
          aria-label="Nom de la nouvelle section"
          size="sm"
          maxW="60"
          value={name}
          placeholder={NEW_SECTION}
          maxLength={200}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button type="submit" size="sm" variant="outline" loading={saving}>
          Nouvelle section
        </Button>
      </HStack>
    </form>
  );
}

/** 'Sélectionner' toggles the checkboxes; 'Fusionner' (2+) merges and opens the result. */
function SelectToolbar() {
  const selecting = useDocumentsStore((state) => state.selecting);
  const count = useDocumentsStore((state) => state.selected.length);
  const merging = useDocumentsStore((state) => state.merging);
  const toggleSelecting = useDocumentsStore((state) => state.toggleSelecting);
  const merge = useDocumentsStore((state) => state.merge);
  return (
    <HStack gap="2" role="group" aria-label="Fusion de documents">
      <Button
        size="sm"
        variant={selecting ? 'solid' : 'outline'}
        aria-pressed={selecting}
        onClick={toggleSelecting}
      >
        {selecting ? 'Annuler la sélection' : 'Sélectionner'}
      </Button>
      {selecting ? (
        <>
          <Button
            size="sm"
            disabled={count < 2}
            loading={merging}
            loadingText="Fusion…"
            onClick={() => void merge()}
          >
            Fusionner
          </Button>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {count} sélectionné{count > 1 ? 's' : ''}
          </Text>
        </>
      ) : null}
    </HStack>
  );
}

/** Tab 4 'Documents' (spec §2): readiness, folders and their slots, merge, signature steps. */
export function DocumentsTab({ projectId }: { projectId: string }) {
  const documents = useDocumentsStore((state) => state.documents);
  const status = useDocumentsStore((state) => state.status);
  const load = useDocumentsStore((state) => state.load);
  const reset = useDocumentsStore((state) => state.reset);
  const folders = useMemo(() => foldersOf(documents), [documents]);

  useEffect(() => {
    void load(projectId);
    return () => reset();
  }, [projectId, load, reset]);

  return (
    <Stack gap="4" py="2" data-testid="documents-tab">
      <ReadOnlyGuard>
        <Stack gap="4">
          <ReadinessBanner />
          <HStack justify="space-between" flexWrap="wrap" gap="3">
            <SelectToolbar />
            <NewSectionForm />
          </HStack>
        </Stack>
      </ReadOnlyGuard>
      {status === 'loading' && documents.length === 0 ? (
        <LoadingState label="Chargement des documents…" />
      ) : status === 'error' && documents.length === 0 ? (
        <LoadFailedState
          description="Les documents n’ont pas pu être chargés."
          onRetry={() => void load(projectId)}
        />
      ) : folders.length === 0 ? (
        <EmptyState
          title="Aucun document"
          description="Ajoutez une section avec « Nouvelle section »."
        />
      ) : (
        <Stack gap="4">
          {folders.map((view) => (
            <FolderCard key={view.folder._id} projectId={projectId} view={view} />
          ))}
        </Stack>
      )}
      <SignedDocuments projectId={projectId} />
      <Stack as="section" aria-labelledby="signature-steps-title" gap="3" pt="2">
        <Heading as="h3" size="md" id="signature-steps-title">
          Signatures électroniques
        </Heading>
        <SignatureSteps projectId={projectId} />
      </Stack>
    </Stack>
  );
}
