import { Alert, Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { HOST_MESSAGES } from '@reloc/domain';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { createHost, putHost } from '../api';
import { bodyOf, EMPTY_HOST_FORM, type HostForm, type HostFormKey, hostAddErrors } from '../form';
import { HostFormFields } from './HostFormFields';

type AddHostDialogProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
};

/** 'Ajouter un bien': the §5 add rules, then POST /hosts and PUT /hosts/{id} with the form. */
export function AddHostDialog({ open, onClose, onCreated }: AddHostDialogProps) {
  const [form, setForm] = useState<HostForm>(EMPTY_HOST_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  const change = <K extends HostFormKey>(key: K, value: HostForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = hostAddErrors(form);
    setErrors(found);
    setFailed(false);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const { _id } = await createHost();
      const { dateAvailable: _date, ...body } = bodyOf(form);
      await putHost(_id, body);
      setForm(EMPTY_HOST_FORM);
      onCreated(_id);
    } catch (error) {
      if (error instanceof ApiError && error.sessionEnded) return;
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label="Nouveau bien">
              <Dialog.Header>
                <Dialog.Title>Nouveau bien</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <HostFormFields form={form} errors={errors} onChange={change} withDate={false} />
                <div aria-live="assertive">
                  {failed ? (
                    <Alert.Root status="error" mt="4" data-testid="add-host-error">
                      <Alert.Indicator />
                      <Alert.Title>{HOST_MESSAGES.addFailed}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                </div>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  Annuler
                </Button>
                <Button type="submit" loading={saving} loadingText="Création…">
                  Créer le bien
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
