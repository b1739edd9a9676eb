import { Button, CloseButton, Dialog, Field, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { MESSAGES, PROSPECT_MESSAGES } from '@reloc/domain';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { notifyError } from '../../../shared/ui/toaster';
import { TextField } from '../../../shared/ui/TextField';
import { type StaffMember, useShellStore } from '../../shell/store';
import { createProspect } from '../api';

/** 'TRI - Prénom Nom', the staff with a trigram only. */
export const staffChoiceLabel = (member: StaffMember) =>
  `${member.trigram} - ${member.firstName} ${member.lastName}`.trim();

export function useStaffWithTrigram(): (StaffMember & { trigram: string })[] {
  const staff = useShellStore((state) => state.staff);
  return staff.filter((member): member is StaffMember & { trigram: string } =>
    Boolean(member.trigram),
  );
}

type Props = { open: boolean; onClose: () => void; onCreated: (id: string) => void };

/** 'Nouveau prospect': the name (required) and the sales person (spec §2 "Prospects page"). */
export function AddProspectDialog({ open, onClose, onCreated }: Props) {
  const staff = useStaffWithTrigram();
  const [name, setName] = useState('');
  const [sale, setSale] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const close = () => {
    setName('');
    setSale('');
    setError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(MESSAGES.required);
      return;
    }
    setSaving(true);
    try {
      const { _id } = await createProspect(name.trim(), sale || null);
      setName('');
      setSale('');
      onCreated(_id);
    } catch (caught) {
      if (caught instanceof ApiError && caught.message === PROSPECT_MESSAGES.duplicateName)
        setError(PROSPECT_MESSAGES.duplicateNameText);
      else if (caught instanceof ApiError && caught.status === 400 && caught.errors?.name)
        setError(caught.errors.name);
      else notifyError(caught);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label="Nouveau prospect">
              <Dialog.Header>
                <Dialog.Title>Nouveau prospect</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <TextField
                    label="Nom"
                    required
                    value={name}
                    error={error}
                    onChange={(event) => {
                      setName(event.currentTarget.value);
                      setError(undefined);
                    }}
                  />
                  <Field.Root>
                    <Field.Label>Commercial</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={sale}
                        onChange={(event) => setSale(event.currentTarget.value)}
                      >
                        <option value="">Non défini</option>
                        {staff.map((member) => (
                          <option key={member._id} value={member.trigram}>
                            {staffChoiceLabel(member)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  Annuler
                </Button>
                <Button type="submit" loading={saving} loadingText="Création…">
                  Créer le prospect
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
