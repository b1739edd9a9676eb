import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  NativeSelect,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { ABANDON_REASONS, MESSAGES, PROSPECT_SELECT_LABELS } from '@reloc/domain';
import { useState } from 'react';
import { useDraft } from '../../projects/page/components/DraftContext';
import { useProspect, useProspectAction } from './useProspectAction';

/** The Abandonné checkbox: ticking asks the reason, unticking clears it (spec §2, §4). */
export function AbandonControl() {
  const { editable } = useDraft();
  const prospect = useProspect();
  const act = useProspectAction();
  const stopped = Boolean(prospect.progress?.stopped);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const complete = reason !== '' && (reason !== 'other' || text.trim() !== '');

  const close = () => {
    setOpen(false);
    setReason('');
    setText('');
    setError(null);
  };

  const confirm = async () => {
    if (!reason) return setError(MESSAGES.required);
    if (reason === 'other' && !text.trim()) return setError('Précisez la raison');
    setSaving(true);
    const ok = await act({
      notInterested: reason === 'other' ? { reason, text: text.trim() } : reason,
    });
    setSaving(false);
    if (ok) close();
  };

  return (
    <>
      <Checkbox.Root
        // Ticked while the reason is asked; a cancel unticks it (the prop changes, so the
        // hidden input follows).
        checked={stopped || open}
        disabled={!editable}
        onCheckedChange={(details) => {
          if (details.checked === true) setOpen(true);
          else void act({ notInterested: null });
        }}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Abandonné</Checkbox.Label>
      </Checkbox.Root>
      {prospect.abandonReason ? (
        <span data-testid="abandon-reason">
          {prospect.abandonReason.text ??
            PROSPECT_SELECT_LABELS.notInterested[
              prospect.abandonReason.reason as keyof typeof PROSPECT_SELECT_LABELS.notInterested
            ] ??
            prospect.abandonReason.reason}
        </span>
      ) : null}
      <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Abandonner le prospect</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Field.Root invalid={Boolean(error) && !reason} required>
                    <Field.Label>Raison</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={reason}
                        onChange={(event) => {
                          setReason(event.currentTarget.value);
                          setError(null);
                        }}
                      >
                        <option value="">Choisir une raison</option>
                        {ABANDON_REASONS.map((value) => (
                          <option key={value} value={value}>
                            {PROSPECT_SELECT_LABELS.notInterested[value]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  {reason === 'other' ? (
                    <Field.Root invalid={Boolean(error)} required>
                      <Field.Label>Précisez</Field.Label>
                      <Textarea
                        value={text}
                        onChange={(event) => {
                          setText(event.currentTarget.value);
                          setError(null);
                        }}
                      />
                    </Field.Root>
                  ) : null}
                  {complete ? null : (
                    <Text id="abandon-needs" fontSize="sm" color="fg.muted">
                      {reason === 'other'
                        ? 'Précisez la raison pour abandonner.'
                        : 'Choisissez une raison pour abandonner.'}
                    </Text>
                  )}
                  {error ? (
                    <Field.Root invalid>
                      <Field.ErrorText>{error}</Field.ErrorText>
                    </Field.Root>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  Annuler
                </Button>
                <Button
                  loading={saving}
                  disabled={!complete}
                  aria-describedby={complete ? undefined : 'abandon-needs'}
                  onClick={() => void confirm()}
                >
                  Abandonner
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Fermer" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
