import { Button, chakra, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { fetchTemplateEditionUrl } from '../api';
import type { SignatureTemplateDto } from '../types';

/** 'Modifier le modèle': the template's edition URL (a signed link) in an iframe. */
export function EditTemplateDialog({
  template,
  onClose,
}: {
  template: SignatureTemplateDto | null;
  onClose: () => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!template) return;
    let cancelled = false;
    setUrl(null);
    setFailed(false);
    fetchTemplateEditionUrl(template._id).then(
      (next) => !cancelled && setUrl(next),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [template]);

  return (
    <Dialog.Root
      open={template !== null}
      onOpenChange={(details) => !details.open && onClose()}
      size="xl"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="edit-template-dialog">
            <Dialog.Header>
              <Dialog.Title>Modifier le modèle « {template?.name} »</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {failed ? (
                <Text role="alert" color="fg.error">
                  Une erreur a eu lieu : le modèle n’a pas pu être ouvert.
                </Text>
              ) : url ? (
                <chakra.iframe
                  src={url}
                  title={`Modèle ${template?.name ?? ''}`}
                  w="100%"
                  h="70vh"
                  borderWidth="1px"
                  borderRadius="l2"
                  data-testid="edit-template-frame"
                />
              ) : (
                <LoadingState label="Ouverture du modèle…" />
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>Fermer</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer la fenêtre" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
