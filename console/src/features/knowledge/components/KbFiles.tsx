import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { FILE_MESSAGES } from '@reloc/domain';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { notify, notifyError } from '../../../shared/ui/toaster';
import {
  type CachedFile,
  downloadCachedFile,
  fetchFilesFor,
  removeCachedFile,
  uploadFileFor,
} from '../api';

const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} ko`
    : `${(bytes / 1024 / 1024).toFixed(1)} Mo`;

/** The files attached to an article: everyone downloads, admins add and remove. */
export function KbFiles({
  itemId,
  title,
  editable,
}: {
  itemId: string;
  title: string;
  editable: boolean;
}) {
  const [files, setFiles] = useState<CachedFile[] | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchFilesFor(itemId, controller.signal).then(setFiles, (error: unknown) => {
      if (controller.signal.aborted) return;
      notifyError(error);
      setFiles([]);
    });
    return () => controller.abort();
  }, [itemId]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await uploadFileFor(itemId, file);
      setFiles(await fetchFilesFor(itemId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 413)
        notify(FILE_MESSAGES.tooBig, { type: 'error' });
      else notifyError(error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async (file: CachedFile) => {
    try {
      await removeCachedFile(file._id);
      setFiles((list) => (list ?? []).filter((other) => other._id !== file._id));
    } catch (error) {
      notifyError(error);
    }
  };

  if (files === null) return null;
  if (!files.length && !editable) return null;
  return (
    <Box as="section" aria-label={`Pièces jointes de ${title}`} mt="4">
      <Text fontWeight="semibold" fontSize="sm" mb="1">
        Pièces jointes
      </Text>
      <Stack as="ul" gap="1" listStyleType="none">
        {files.length === 0 ? (
          <Text as="li" color="fg.muted" fontSize="sm">
            Aucun fichier
          </Text>
        ) : null}
        {files.map((file) => (
          <HStack as="li" key={file._id} gap="2">
            <Button
              size="xs"
              variant="plain"
              color="brand.fg"
              px="0"
              onClick={() => void downloadCachedFile(file).catch(notifyError)}
            >
              {file.name}
            </Button>
            <Text fontSize="xs" color="fg.muted">
              {size(file.size)}
            </Text>
            {editable ? (
              <Button
                size="xs"
                variant="ghost"
                aria-label={`Retirer ${file.name}`}
                onClick={() => void remove(file)}
              >
                Retirer
              </Button>
            ) : null}
          </HStack>
        ))}
      </Stack>
      {editable ? (
        <>
          <input
            ref={input}
            type="file"
            hidden
            accept="application/pdf,image/*"
            aria-label={`Fichier à joindre à ${title}`}
            onChange={(event) => void upload(event.currentTarget.files?.[0])}
          />
          <Button
            size="xs"
            variant="outline"
            mt="2"
            loading={busy}
            onClick={() => input.current?.click()}
          >
            Joindre un fichier
          </Button>
        </>
      ) : null}
    </Box>
  );
}
