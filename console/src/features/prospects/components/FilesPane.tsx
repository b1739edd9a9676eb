import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { FILE_MESSAGES } from '@reloc/domain';
import { useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { formatDate } from '../../../shared/format/date';
import { notify } from '../../../shared/ui/toaster';
import { notifyRefusal } from '../../projects/shared/errors';
import {
  attachProspectFile,
  downloadProspectFile,
  type ProspectFile,
  removeProspectFile,
} from '../api';

/** The prospect's attached files: upload, download, remove (spec §2 "Prospect page"). */
export function FilesPane({
  prospectId,
  initial,
  editable,
}: {
  prospectId: string;
  initial: ProspectFile[];
  editable: boolean;
}) {
  const [files, setFiles] = useState(initial);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      setFiles(await attachProspectFile(prospectId, file));
    } catch (error) {
      if (error instanceof ApiError && error.status === 413)
        notify(FILE_MESSAGES.tooBig, { type: 'error' });
      else notifyRefusal(error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async (file: ProspectFile) => {
    try {
      await removeProspectFile(prospectId, file._id);
      setFiles((list) => list.filter((other) => other._id !== file._id));
    } catch (error) {
      notifyRefusal(error);
    }
  };

  return (
    <Stack gap="2">
      {files.length === 0 ? <Text color="fg.muted">Aucun fichier</Text> : null}
      <Stack as="ul" gap="2" listStyleType="none">
        {files.map((file) => (
          <Box as="li" key={file._id} borderWidth="1px" borderRadius="l2" p="2">
            <Text fontSize="sm" fontWeight="medium" wordBreak="break-all">
              {file.name}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {formatDate(file.addedAt)}
            </Text>
            <HStack gap="2" mt="1">
              <Button
                size="xs"
                variant="outline"
                onClick={() => void downloadProspectFile(prospectId, file).catch(notifyRefusal)}
              >
                Télécharger
              </Button>
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
          </Box>
        ))}
      </Stack>
      {editable ? (
        <>
          <input
            ref={input}
            type="file"
            hidden
            aria-label="Fichier à joindre"
            onChange={(event) => void upload(event.currentTarget.files?.[0])}
          />
          <Button size="sm" loading={busy} onClick={() => input.current?.click()}>
            Joindre un fichier
          </Button>
        </>
      ) : null}
    </Stack>
  );
}
