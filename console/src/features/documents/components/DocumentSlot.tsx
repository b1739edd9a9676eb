import { useFileReadOnly } from '../../../shared/ui/ReadOnly';
import { Badge, Box, Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { formatDate } from '../../../shared/format/date';
import { openInViewer } from '../../../shared/pdf-viewer/store';
import { notifyError } from '../../../shared/ui/toaster';
import { documentFile, downloadDocument } from '../api';
import { formatSize, slotLabel, UPLOAD_ACCEPT } from '../files';
import { useDocumentsStore } from '../store';
import type { DocumentDto, DriveFile } from '../types';
import { ConfirmDialog } from './LazyConfirmDialog';

type Removal = { kind: 'file'; file: DriveFile } | { kind: 'document' } | null;

/**
 * One document of a folder (a required slot or a document added by hand): its label, the
 * files expected vs present, its files (open, download, remove), an upload button and a drop
 * zone, and its checkbox in the select mode.
 */
export function DocumentSlot({
  projectId,
  folderTitle,
  document,
}: {
  projectId: string;
  folderTitle: string;
  document: DocumentDto;
}) {
  const upload = useDocumentsStore((state) => state.upload);
  const removeFile = useDocumentsStore((state) => state.removeFile);
  const removeDocument = useDocumentsStore((state) => state.removeDocument);
  const selecting = useDocumentsStore((state) => state.selecting);
  const checked = useDocumentsStore((state) => state.selected.includes(document._id));
  const toggleSelected = useDocumentsStore((state) => state.toggleSelected);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [removal, setRemoval] = useState<Removal>(null);
  const errorId = useId();
  const readOnly = useFileReadOnly();

  const label = slotLabel(document);
  const files = document.driveId;
  const present = files.length;
  const expected = Math.max(document.expectedFiles, 1);
  const complete = present >= expected;
  const single = files.length === 1;

  const send = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    setMessage(null);
    setUploading(true);
    setMessage(await upload(document._id, chosen));
    setUploading(false);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (readOnly) return;
    void send(Array.from(event.dataTransfer?.files ?? []));
  };

  const view = (file?: DriveFile) => {
    const { path, query } = documentFile(projectId, document._id, {
      fileId: file && !single ? file.fileId : undefined,
    });
    openInViewer({ path, query, title: file?.name ?? label });
  };

  const download = (file: DriveFile) =>
    downloadDocument(projectId, document, {
      fileId: single ? undefined : file.fileId,
      name: file.name.replace(/\.[^.]+$/, ''),
    }).catch(notifyError);

  return (
    <Box
      as="li"
      listStyleType="none"
      data-testid={`doc-slot-${document.documentType ?? 'none'}`}
      data-folder={folderTitle}
      data-document-id={document._id}
      data-complete={complete}
      borderWidth="1px"
      borderStyle={dragging ? 'dashed' : 'solid'}
      borderColor={dragging ? 'brand.solid' : message ? 'border.error' : 'border'}
      bg={dragging ? 'bg.muted' : 'bg'}
      borderRadius="l2"
      p="3"
      onDragOver={(event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        if (!readOnly) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Stack gap="2">
        <HStack justify="space-between" align="start" flexWrap="wrap" gap="2">
          <HStack gap="3" align="start">
            {selecting ? (
              <Checkbox.Root
                checked={checked}
                disabled={present === 0}
                onCheckedChange={() => toggleSelected(document._id)}
                mt="0.5"
              >
                <Checkbox.HiddenInput aria-label={`Sélectionner « ${label} » (${folderTitle})`} />
                <Checkbox.Control />
              </Checkbox.Root>
            ) : null}
            <Stack gap="0">
              <Text fontWeight="medium">{label}</Text>
              {document.documentType && document.title !== label ? (
                <Text fontSize="sm" color="fg.muted">
                  {document.title}
                </Text>
              ) : null}
            </Stack>
            <Badge
              colorPalette={complete ? 'green' : document.required ? 'orange' : 'gray'}
              aria-label={`${present} fichier${present > 1 ? 's' : ''} sur ${expected} attendu${expected > 1 ? 's' : ''}`}
              data-testid="doc-slot-count"
            >
              {present} / {expected}
            </Badge>
          </HStack>
          <HStack gap="2" flexWrap="wrap">
            {present > 0 ? (
              <Button
                size="xs"
                variant="outline"
                onClick={() => view()}
                aria-label={`Voir « ${label} »`}
              >
                Voir
              </Button>
            ) : null}
            <Button
              size="xs"
              variant="outline"
              loading={uploading}
              loadingText="Envoi…"
              disabled={readOnly}
              aria-label={`Ajouter un fichier à « ${label} »`}
              aria-describedby={message ? errorId : undefined}
              onClick={() => input.current?.click()}
            >
              Ajouter un fichier
            </Button>
            {!document.required ? (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                disabled={readOnly}
                aria-label={`Supprimer le document « ${label} »`}
                onClick={() => setRemoval({ kind: 'document' })}
              >
                Supprimer
              </Button>
            ) : null}
          </HStack>
        </HStack>
        <input
          ref={input}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple
          hidden
          aria-label={`Fichier pour « ${label} »`}
          data-testid="doc-slot-input"
          onChange={(event) => {
            const chosen = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = ''; // the same file may be chosen again
            void send(chosen);
          }}
        />
        {message ? (
          <Text
            id={errorId}
            role="alert"
            color="fg.error"
            fontSize="sm"
            data-testid="doc-slot-error"
          >
            {message}
          </Text>
        ) : null}
        {files.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {readOnly
              ? 'Aucun fichier.'
              : 'Aucun fichier — déposez-le ici ou utilisez « Ajouter un fichier ».'}
          </Text>
        ) : (
          <Stack as="ul" gap="1" aria-label={`Fichiers de « ${label} »`}>
            {files.map((file) => (
              <HStack
                as="li"
                key={file.fileId}
                justify="space-between"
                flexWrap="wrap"
                gap="2"
                data-testid="doc-file"
              >
                <Text fontSize="sm" truncate maxW="sm" title={file.name}>
                  {file.name}{' '}
                  <Text as="span" color="fg.muted">
                    · {formatSize(file.size)} · {formatDate(file.uploadedAt)}
                    {file.uploader ? ` · ${file.uploader}` : ''}
                  </Text>
                </Text>
                <HStack gap="1">
                  <Button
                    size="2xs"
                    variant="ghost"
                    onClick={() => view(file)}
                    aria-label={`Voir ${file.name}`}
                  >
                    Voir
                  </Button>
                  <Button
                    size="2xs"
                    variant="ghost"
                    onClick={() => void download(file)}
                    aria-label={`Télécharger ${file.name}`}
                  >
                    Télécharger
                  </Button>
                  <Button
                    size="2xs"
                    variant="ghost"
                    colorPalette="red"
                    disabled={readOnly}
                    onClick={() => setRemoval({ kind: 'file', file })}
                    aria-label={`Supprimer ${file.name}`}
                  >
                    Supprimer
                  </Button>
                </HStack>
              </HStack>
            ))}
          </Stack>
        )}
      </Stack>
      {removal ? (
        <ConfirmDialog
          open
          title={removal.kind === 'file' ? 'Supprimer le fichier' : 'Supprimer le document'}
          description={
            removal.kind === 'file'
              ? `Supprimer « ${removal.file.name} » de « ${label} » ?`
              : `Supprimer le document « ${label} » et ses fichiers ?`
          }
          onClose={() => setRemoval(null)}
          onConfirm={() =>
            removal.kind === 'file'
              ? removeFile(document._id, removal.file.fileId)
              : removeDocument(document._id)
          }
        />
      ) : null}
    </Box>
  );
}
