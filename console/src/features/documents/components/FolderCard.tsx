import { ReadOnlyGuard, useFileReadOnly } from '../../../shared/ui/ReadOnly';
import {
  Box,
  Button,
  Card,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  DOCUMENT_PACK_NAMES,
  DOCUMENT_TYPE_LABELS,
  type DocumentPack,
  type DocumentType,
} from '@reloc/domain';
import { type FormEvent, useId, useState } from 'react';
import { notifyError } from '../../../shared/ui/toaster';
import { downloadDocument } from '../api';
import { MANUAL_DOCUMENT_TYPES } from '../files';
import { useDocumentsStore } from '../store';
import type { FolderView } from '../types';
import { ConfirmDialog } from './LazyConfirmDialog';
import { DocumentSlot } from './DocumentSlot';

/** 'Ajouter un document': a name and a type (not the generated ones), in this folder. */
function AddDocumentForm({ folderId, folderTitle }: { folderId: string; folderTitle: string }) {
  const addFile = useDocumentsStore((state) => state.addFile);
  const [name, setName] = useState('');
  const [type, setType] = useState<DocumentType | ''>('');
  const [saving, setSaving] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const documentType = type || null;
    const title = name.trim() || (documentType ? DOCUMENT_TYPE_LABELS[documentType] : '');
    if (!title) return;
    setSaving(true);
    if (await addFile(folderId, title, documentType)) {
      setName('');
      setType('');
    }
    setSaving(false);
  };

  return (
    <form onSubmit={submit} aria-label={`Ajouter un document à « ${folderTitle} »`}>
      <HStack align="end" gap="2" flexWrap="wrap">
        <Field.Root w="auto" minW="48">
          <Field.Label htmlFor={`${id}-type`} fontSize="sm">
            Type du document
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              id={`${id}-type`}
              value={type}
              onChange={(event) => setType(event.currentTarget.value as DocumentType | '')}
            >
              <option value="">Choisir un type…</option>
              {MANUAL_DOCUMENT_TYPES.map((value) => (
                <option key={value} value={value}>
                  {DOCUMENT_TYPE_LABELS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w="auto" minW="48">
          <Field.Label htmlFor={`${id}-name`} fontSize="sm">
            Nom du document
          </Field.Label>
          <Input
            id={`${id}-name`}
            size="sm"
            value={name}
            placeholder={type ? DOCUMENT_TYPE_LABELS[type] : 'Facultatif avec un type'}
            maxLength={200}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        </Field.Root>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          loading={saving}
          disabled={!type && !name.trim()}
        >
          Ajouter le document
        </Button>
      </HStack>
    </form>
  );
}

/** A folder ('Dossier Locatif', 'Dossier Garant'…): its pack, its documents, its actions. */
export function FolderCard({ projectId, view }: { projectId: string; view: FolderView }) {
  const { folder, documents } = view;
  const setPack = useDocumentsStore((state) => state.setPack);
  const removeDocument = useDocumentsStore((state) => state.removeDocument);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const packId = useId();
  const readOnly = useFileReadOnly();
  const hasFiles = documents.some((d) => d.driveId.length > 0);

  return (
    <Card.Root
      as="section"
      aria-labelledby={headingId}
      data-testid="doc-folder"
      data-folder={folder.title}
      size="sm"
    >
      <Card.Header>
        <HStack justify="space-between" align="end" flexWrap="wrap" gap="3">
          <Card.Title id={headingId} as="h3">
            {folder.title}
          </Card.Title>
          <HStack gap="2" align="end" flexWrap="wrap">
            <ReadOnlyGuard note={false}>
              <Field.Root w="auto">
                <Field.Label htmlFor={packId} fontSize="sm">
                  Pack
                </Field.Label>
                <NativeSelect.Root size="sm" minW="44">
                  <NativeSelect.Field
                    id={packId}
                    value={folder.pack ?? ''}
                    onChange={(event) => {
                      const pack = event.currentTarget.value as DocumentPack | '';
                      if (pack) void setPack(folder._id, pack);
                    }}
                  >
                    {folder.pack ? null : <option value="">Aucun pack</option>}
                    {DOCUMENT_PACK_NAMES.map((pack) => (
                      <option key={pack} value={pack}>
                        {pack}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </ReadOnlyGuard>
            {hasFiles ? (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Télécharger « ${folder.title} » (zip)`}
                onClick={() =>
                  void downloadDocument(projectId, folder, { format: 'zip' }).catch(notifyError)
                }
              >
                Télécharger
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              disabled={readOnly}
              aria-label={`Supprimer la section « ${folder.title} »`}
              onClick={() => setConfirming(true)}
            >
              Supprimer la section
            </Button>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {documents.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              Aucun document dans cette section.
            </Text>
          ) : (
            <Stack as="ul" gap="2" aria-label={`Documents de « ${folder.title} »`}>
              {documents.map((document) => (
                <DocumentSlot
                  key={document._id}
                  projectId={projectId}
                  folderTitle={folder.title}
                  document={document}
                />
              ))}
            </Stack>
          )}
          <Box borderTopWidth="1px" pt="3">
            <ReadOnlyGuard note={false}>
              <AddDocumentForm folderId={folder._id} folderTitle={folder.title} />
            </ReadOnlyGuard>
          </Box>
        </Stack>
      </Card.Body>
      {confirming ? (
        <ConfirmDialog
          open
          title="Supprimer la section"
          description={`Supprimer « ${folder.title} » avec tous ses documents et fichiers ?`}
          onClose={() => setConfirming(false)}
          onConfirm={() => removeDocument(folder._id)}
        />
      ) : null}
    </Card.Root>
  );
}
