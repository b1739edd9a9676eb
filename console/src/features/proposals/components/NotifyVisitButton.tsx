import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { notify, notifyError } from '../../../shared/ui/toaster';
import { notifyVisit, type VisitNotice } from '../api';

/** 'Prévenir le client' of a planned visit: confirmation, then POST …/notify. */
export function NotifyVisitButton({
  projectId,
  hostId,
  notice,
}: {
  projectId: string;
  hostId: string;
  notice: VisitNotice;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await notifyVisit(projectId, hostId, notice);
      setOpen(false);
      notify('Le client a été prévenu de la visite', { type: 'success' });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Prévenir le client
      </Button>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} role="alertdialog">
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
                <Button variant="outline" onClick={() => setOpen(false)}>
                  Retour
                </Button>
                <Button loading={busy} onClick={() => void send()}>
                  Envoyer
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
