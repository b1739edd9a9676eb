import { Button, CloseButton, Dialog, Link, Portal, SimpleGrid, Text } from '@chakra-ui/react';
import { validate } from '@reloc/domain';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../shared/api/client';
import { notify, notifyError } from '../../../shared/ui/toaster';
import { TextField } from '../../../shared/ui/TextField';
import { createLead, type LeadPayload } from '../api';

type Values = Required<LeadPayload>;
const EMPTY: Values = { email: '', firstName: '', lastName: '', phoneNumber: '' };

const FIELDS: { name: keyof Values; label: string; type?: string; required?: boolean }[] = [
  { name: 'email', label: 'E-mail', type: 'email', required: true },
  { name: 'firstName', label: 'Prénom' },
  { name: 'lastName', label: 'Nom' },
  { name: 'phoneNumber', label: 'Téléphone', type: 'tel' },
];

/** §5 "Lead form": the e-mail is required; the rest is optional. */
export function leadErrors(values: Values): Record<string, string> {
  return validate(values, { email: [{ kind: 'required' }, { kind: 'email' }] });
}

type Props = { open: boolean; onClose: () => void };

/**
 * The sales/lead form (§1): opens a client file at projectCreated and goes to it, or, when the
 * e-mail already has a file, says so and offers to open that one.
 */
export function LeadDialog({ open, onClose }: Props) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [existing, setExisting] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setExisting(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = leadErrors(values);
    setErrors(found);
    setExisting(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const payload = Object.fromEntries(
        Object.entries(values)
          .map(([key, value]) => [key, value.trim()])
          .filter(([, value]) => value !== ''),
      ) as LeadPayload;
      const { projectId, existing: known } = await createLead(payload);
      if (known) {
        setExisting(projectId);
        return;
      }
      notify('Projet créé', { type: 'success' });
      close();
      navigate(`/project/${projectId}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors)
        setErrors(error.errors);
      else notifyError(error);
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
            <form onSubmit={(event) => void submit(event)} noValidate aria-label="Nouveau lead">
              <Dialog.Header>
                <Dialog.Title>Nouveau lead</Dialog.Title>
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
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setValues((current) => ({ ...current, [field.name]: value }));
                      }}
                    />
                  ))}
                </SimpleGrid>
                {existing ? (
                  <Text mt="3" role="status">
                    Un dossier existe déjà pour cette adresse mail.{' '}
                    <Link asChild color="brand.fg">
                      <RouterLink to={`/project/${existing}`} onClick={close}>
                        Ouvrir le dossier
                      </RouterLink>
                    </Link>
                  </Text>
                ) : null}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  Annuler
                </Button>
                <Button type="submit" loading={saving} loadingText="Création…">
                  Créer le dossier
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

/** 'Nouveau lead': the button and its dialog, for a page header. */
export function NewLeadButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Nouveau lead
      </Button>
      <LeadDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
