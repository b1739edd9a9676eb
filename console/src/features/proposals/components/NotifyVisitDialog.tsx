import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { VisitNotice } from '../api';

/** The confirmation of 'Prévenir le client': the visit as the client will receive it. */
export function NotifyVisitDialog({
  open,
  busy,
  notice,
  onOpenChange,
  onSend,
}: {
  open: boolean;
  busy: boolean;
  notice: VisitNotice;
  onOpenChange: (open: boolean) => void;
  onSend: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Prévenir le client</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Envoyer au client la visite du {notice.date} à {notice.time}, {notice.address} ?
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Retour
              </Button>
              <Button loading={busy} onClick={onSend}>
                Envoyer
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
