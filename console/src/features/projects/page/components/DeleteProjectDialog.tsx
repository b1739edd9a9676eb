import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

/** 'Supprimer définitivement' asks first; it cannot be dismissed while the deletion runs. */
export function DeleteProjectDialog({
  open,
  deleting,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(details) => !details.open && !deleting && onCancel()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Supprimer définitivement ce projet ?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Le projet, ses propositions et ses documents ne seront plus accessibles. Cette
                action est irréversible.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Annuler
              </Button>
              <Button colorPalette="red" loading={deleting} onClick={onConfirm}>
                Supprimer définitivement
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
