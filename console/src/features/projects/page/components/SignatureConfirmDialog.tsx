import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { SIGNATURE_CONFIRMATION } from '@reloc/domain';

/** 'Proposer à la signature' asks for a confirmation first (spec §4). */
export function SignatureConfirmDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onCancel()}
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{SIGNATURE_CONFIRMATION.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{SIGNATURE_CONFIRMATION.text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {SIGNATURE_CONFIRMATION.cancel}
              </Button>
              <Button onClick={onConfirm}>{SIGNATURE_CONFIRMATION.confirm}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
