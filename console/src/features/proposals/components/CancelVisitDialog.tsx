import { Button, Dialog, Portal, RadioGroup, Stack } from '@chakra-ui/react';
import {
  VISIT_CANCEL_REASON_VALUES,
  VISIT_CANCEL_REASONS,
  type VisitCancelReason,
} from '@reloc/domain';
import { useState } from 'react';

type CancelVisitDialogProps = {
  open: boolean;
  onCancel: () => void;
  onConfirm: (reason: VisitCancelReason) => void;
};

/** 'Annuler la visite': the reason is required (hil, agency, client, error). */
export function CancelVisitDialog({ open, onCancel, onConfirm }: CancelVisitDialogProps) {
  const [reason, setReason] = useState<VisitCancelReason | null>(null);
  const close = () => {
    setReason(null);
    onCancel();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Annuler la visite</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <RadioGroup.Root
                value={reason}
                onValueChange={(details) => setReason(details.value as VisitCancelReason)}
                aria-label="Raison de l’annulation"
              >
                <Stack gap="2">
                  {VISIT_CANCEL_REASON_VALUES.map((value) => (
                    <RadioGroup.Item key={value} value={value}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{VISIT_CANCEL_REASONS[value]}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                Retour
              </Button>
              <Button
                colorPalette="red"
                disabled={!reason}
                onClick={() => {
                  if (!reason) return;
                  setReason(null);
                  onConfirm(reason);
                }}
              >
                Confirmer l’annulation
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
