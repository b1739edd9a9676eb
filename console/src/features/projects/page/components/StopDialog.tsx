import { Button, Dialog, Input, Field, Portal, RadioGroup, Stack } from '@chakra-ui/react';
import { NON_ELIGIBILITY_REASONS } from '@reloc/domain';
import { useState } from 'react';

type StopDialogProps = {
  open: boolean;
  onCancel: () => void;
  onConfirm: (reason: string, alertSkipDays: number) => void;
};

/** Choosing 'Abandonné': the reason (one of the 14), the alert-skip days (default 0). */
export function StopDialog({ open, onCancel, onConfirm }: StopDialogProps) {
  const [reason, setReason] = useState<string | null>(null);
  const [days, setDays] = useState('0');
  const skip = Math.max(0, Math.floor(Number(days) || 0));

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onCancel()}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Raison de l’abandon</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <RadioGroup.Root
                value={reason}
                onValueChange={(details) => setReason(details.value)}
                aria-label="Raison de l’abandon"
              >
                <Stack gap="2">
                  {NON_ELIGIBILITY_REASONS.map((item) => (
                    <RadioGroup.Item key={item.key} value={item.key}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{item.label}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
              <Field.Root mt="4" maxW="48">
                <Field.Label>Ignorer les alertes (jours)</Field.Label>
                <Input
                  type="number"
                  min={0}
                  value={days}
                  onChange={(event) => setDays(event.currentTarget.value)}
                />
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Annuler
              </Button>
              <Button disabled={!reason} onClick={() => reason && onConfirm(reason, skip)}>
                Confirmer
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
