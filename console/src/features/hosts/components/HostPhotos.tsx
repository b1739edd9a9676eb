import { Box, Button, CloseButton, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { notify, notifyError } from '../../../shared/ui/toaster';
import { photoUrl, uploadPhoto } from '../api';
import { PlusIcon } from './icons';

export const UPLOAD_TOO_LARGE = 'Le fichier est trop gros (maxi 16Mo)';

type HostPhotosProps = {
  photos: string[];
  /** Receives an update of the list (uploads end after other edits may have happened). */
  onChange: (update: (photos: string[]) => string[]) => void;
};

/** The property's photos: shown, added (POST /cache/upload?type=image) and removed. */
export function HostPhotos({ photos, onChange }: HostPhotosProps) {
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setUploading(true);
    const added: string[] = [];
    try {
      for (const file of files) added.push((await uploadPhoto(file))._id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 413)
        notify(UPLOAD_TOO_LARGE, { type: 'error', id: 'upload-too-large' });
      else notifyError(error);
    } finally {
      setUploading(false);
      if (added.length) onChange((current) => [...current, ...added]);
    }
  };

  return (
    <Stack gap="2">
      <Text fontWeight="medium">Photos</Text>
      {photos.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Aucune photo
        </Text>
      ) : (
        <HStack gap="2" wrap="wrap" as="ul" listStyleType="none" aria-label="Photos du bien">
          {photos.map((photo, index) => (
            <Box as="li" key={photo} position="relative" data-testid="host-photo">
              <a href={photoUrl(photo)} target="_blank" rel="noreferrer noopener">
                <Image
                  src={photoUrl(photo)}
                  alt={`Photo ${index + 1} du bien`}
                  h="24"
                  w="32"
                  objectFit="cover"
                  borderRadius="l2"
                  bg="bg.muted"
                />
              </a>
              <CloseButton
                size="2xs"
                variant="solid"
                position="absolute"
                top="1"
                right="1"
                aria-label={`Retirer la photo ${index + 1}`}
                onClick={() => onChange((current) => current.filter((id) => id !== photo))}
              />
            </Box>
          ))}
        </HStack>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label="Fichiers photo"
        data-testid="host-photo-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = ''; // the same file may be chosen again
          void upload(files);
        }}
      />
      <Button
        variant="outline"
        size="sm"
        w="fit-content"
        loading={uploading}
        loadingText="Envoi…"
        onClick={() => input.current?.click()}
      >
        <PlusIcon /> Ajouter des photos
      </Button>
    </Stack>
  );
}
