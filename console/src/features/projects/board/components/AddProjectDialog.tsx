import {
  Button,
  CloseButton,
  Dialog,
  Field,
  NativeSelect,
  Portal,
  SimpleGrid,
} from '@chakra-ui/react';
import { CONTRACT_TYPES, type Place, validateNewProject } from '@reloc/domain';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../../shared/api/client';
import { AddressInput } from '../../../../shared/geo/AddressInput';
import { notify, notifyError } from '../../../../shared/ui/toaster';
import { TextField } from '../../../../shared/ui/TextField';
import { createCustomer, type CustomerPayload } from '../../api';

export const DUPLICATE_MAIL = "L'adresse mail existe déjà";

type TextKey = Exclude<keyof CustomerPayload, 'fromAddressObject' | 'addressWorkObject'>;

const EMPTY: CustomerPayload = {
  email: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  company: '',
  contractType: '',
  actualCity: '',
  addressWork: '',
  school: '',
  sponsor: '',
  fromAddressObject: null,
  addressWorkObject: null,
};

const FIELDS: { name: TextKey; label: string; type?: string; required?: boolean }[] = [
  { name: 'email', label: 'E-mail', type: 'email', required: true },
  { name: 'firstName', label: 'Prénom', required: true },
  { name: 'lastName', label: 'Nom', required: true },
  { name: 'phoneNumber', label: 'Téléphone', type: 'tel' },
  { name: 'company', label: 'Entreprise', required: true },
  { name: 'school', label: 'Prescripteur (école)' },
  { name: 'sponsor', label: 'Parrain' },
];

/** Trimmed values, empty ones left out, the e-mail lowercased (the API lowercases it too). */
function payloadOf(values: CustomerPayload): Partial<CustomerPayload> {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const clean = typeof value === 'string' ? value.trim() : value;
    if (clean !== '' && clean !== null) payload[key] = clean;
  }
  payload.email = values.email.trim().toLowerCase();
  return payload as Partial<CustomerPayload>;
}

type AddProjectDialogProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
};

/** The add-project dialog: the §3 customer payload, POST /customer (spec §7, §8). */
export function AddProjectDialog({ open, onClose, onCreated }: AddProjectDialogProps) {
  const [values, setValues] = useState<CustomerPayload>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const set = (name: keyof CustomerPayload, value: string | Place | null) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };
  const setAddress =
    (name: 'actualCity' | 'addressWork', place: 'fromAddressObject' | 'addressWorkObject') =>
    (text: string, chosen: Place | null) => {
      setValues((v) => ({ ...v, [name]: text, [place]: chosen }));
      if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewProject(payloadOf(values) as Parameters<typeof validateNewProject>[0]);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const { _id } = await createCustomer(payloadOf(values));
      notify('Projet créé', { type: 'success' });
      setValues(EMPTY);
      onCreated(_id);
    } catch (error) {
      if (error instanceof ApiError && error.message === 'duplicateMail') {
        setErrors({ email: DUPLICATE_MAIL });
      } else if (error instanceof ApiError && error.status === 400 && error.errors) {
        setErrors(error.errors);
      } else {
        notifyError(error);
      }
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
            <form onSubmit={submit} noValidate aria-label="Nouveau projet">
              <Dialog.Header>
                <Dialog.Title>Nouveau projet</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  {FIELDS.map((field) => (
                    <TextField
                      key={field.name}
                      label={field.label}
                      type={field.type ?? 'text'}
                      required={field.required}
                      value={values[field.name]}
                      error={errors[field.name]}
                      onChange={(event) => set(field.name, event.currentTarget.value)}
                    />
                  ))}
                  <AddressInput
                    label="Ville actuelle"
                    required
                    text={values.actualCity}
                    place={values.fromAddressObject}
                    error={errors.actualCity}
                    onChange={setAddress('actualCity', 'fromAddressObject')}
                  />
                  <AddressInput
                    label="Adresse de travail"
                    text={values.addressWork}
                    place={values.addressWorkObject}
                    error={errors.addressWork}
                    onChange={setAddress('addressWork', 'addressWorkObject')}
                  />
                  <Field.Root invalid={Boolean(errors.contractType)}>
                    <Field.Label>Type de contrat</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={values.contractType}
                        onChange={(event) => set('contractType', event.currentTarget.value)}
                      >
                        <option value="">Non défini</option>
                        {CONTRACT_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {type}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{errors.contractType}</Field.ErrorText>
                  </Field.Root>
                </SimpleGrid>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  Annuler
                </Button>
                <Button type="submit" loading={saving} loadingText="Création…">
                  Créer le projet
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
