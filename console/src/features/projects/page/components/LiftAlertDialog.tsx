import { Button, Dialog, Field, Portal, RadioGroup, Stack, Textarea } from '@chakra-ui/react';
import { ALERT_LIFT_DAYS, type AlertLiftDays, alertLabel } from '@reloc/domain';
import { useState } from 'react';

type LiftAlertDialogProps = {
  /** The alert being lifted; null keeps the dialog closed. */
  alert: string | null;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: (days: AlertLiftDays, reason: string) => void;
};

/** 'Lever l'alerte' (spec §4 "Alerts"): 1, 7 or 14 days and a required reason. */
export function LiftAlertDialog({
  alert,
  busy = false,
  onCancel,
  onConfirm,
}: LiftAlertDialogProps) {
  const [days, setDays] = useState<AlertLiftDays | null>(null);
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const ready = days !== null && trimmed.length > 0;

  return (
    <Dialog.Root
      open={alert !== null}
      onOpenChange={(details) => !details.open && onCancel()}
      onExitComplete={() => {
        setDays(null);
        setReason('');
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{"Lever l'alerte"}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description>{alert ? alertLabel(alert) : null}</Dialog.Description>
                <Field.Root required>
                  <Field.Label>Durée</Field.Label>
                  <RadioGroup.Root
                    value={days === null ? null : String(days)}
                    onValueChange={(details) =>
                      setDays(details.value ? (Number(details.value) as AlertLiftDays) : null)
                    }
                    aria-label="Durée"
                  >
                    <Stack direction="row" gap="4">
                      {ALERT_LIFT_DAYS.map((value) => (
                        <RadioGroup.Item key={value} value={String(value)}>
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>
                            {value === 1 ? '1 jour' : `${value} jours`}
                          </RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                </Field.Root>
                <Field.Root required>
                  <Field.Label>Raison</Field.Label>
                  <Textarea
                    value={reason}
                    onChange={(event) => setReason(event.currentTarget.value)}
                  />
                </Field.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Annuler
              </Button>
              <Button
                disabled={!ready}
                loading={busy}
                onClick={() => days !== null && ready && onConfirm(days, trimmed)}
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
