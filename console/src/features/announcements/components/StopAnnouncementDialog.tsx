import { Button, Dialog, Field, Portal, Textarea } from '@chakra-ui/react';
import { useState } from 'react';

type Props = {
  open: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
};

/** Choosing 'Abandonné' (§4): the reason is mandatory; 'Valider' stays disabled without one. */
export function StopAnnouncementDialog({ open, onCancel, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  const text = reason.trim();
  const close = () => {
    setReason('');
    onCancel();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Raison de l’abandon</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root required>
                <Field.Label>
                  Raison
                  <Field.RequiredIndicator />
                </Field.Label>
                <Textarea
                  value={reason}
                  maxLength={1000}
                  onChange={(event) => setReason(event.currentTarget.value)}
                />
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                Annuler
              </Button>
              <Button
                disabled={!text}
                onClick={() => {
                  setReason('');
                  onConfirm(text);
                }}
              >
                Valider
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
