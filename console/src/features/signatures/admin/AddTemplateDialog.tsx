import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Switch,
} from '@chakra-ui/react';
import {
  SIGNATURE_STEP_LABELS,
  SIGNATURE_STEPS,
  TEMPLATE_DOCUMENT_TYPE_LABELS,
  TEMPLATE_DOCUMENT_TYPES,
  type SignatureStep,
  type TemplateDocumentType,
} from '@reloc/domain';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { API_MESSAGES } from '@reloc/domain';
import { createTemplate } from '../api';
import { templateFileError, templateFormErrors, type TemplateFormErrors } from '../rules';
import type { SignatureTemplateDto } from '../types';

type Form = {
  name: string;
  step: SignatureStep;
  documentType: TemplateDocumentType;
  hasCoRequester: boolean;
  file: File | null;
};

const EMPTY: Form = {
  name: '',
  step: 'engagement',
  documentType: 'engagementLetter',
  hasCoRequester: false,
  file: null,
};

/** 'Ajouter un modèle': name, step, document type, co-signatory, PDF (≤ 10 Mo). */
export function AddTemplateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (template: SignatureTemplateDto) => void;
}) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<TemplateFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setForm(EMPTY);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = templateFormErrors(form);
    setErrors(found);
    setFailure(null);
    if (found.name || found.file || !form.file) return;
    setSaving(true);
    try {
      const created = await createTemplate({ ...form, name: form.name.trim(), file: form.file });
      setForm(EMPTY);
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && error.sessionEnded) return;
      setFailure(
        error instanceof ApiError && error.status === 400 && !error.message.startsWith('HTTP ')
          ? error.message
          : API_MESSAGES.generic,
      );
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
            <form onSubmit={submit} noValidate aria-label="Ajouter un modèle">
              <Dialog.Header>
                <Dialog.Title>Ajouter un modèle</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root required invalid={Boolean(errors.name)}>
                    <Field.Label>Nom du modèle</Field.Label>
                    <Input
                      value={form.name}
                      maxLength={200}
                      onChange={(event) => {
                        const name = event.currentTarget.value;
                        setForm((f) => ({ ...f, name }));
                        setErrors(({ name: _, ...rest }) => rest);
                      }}
                    />
                    <Field.ErrorText>{errors.name}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Étape</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={form.step}
                        onChange={(event) => {
                          const step = event.currentTarget.value as SignatureStep;
                          setForm((f) => ({ ...f, step }));
                        }}
                      >
                        {SIGNATURE_STEPS.map((step) => (
                          <option key={step} value={step}>
                            {SIGNATURE_STEP_LABELS[step]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Type de document</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={form.documentType}
                        onChange={(event) => {
                          const documentType = event.currentTarget.value as TemplateDocumentType;
                          setForm((f) => ({ ...f, documentType }));
                        }}
                      >
                        {TEMPLATE_DOCUMENT_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {TEMPLATE_DOCUMENT_TYPE_LABELS[type]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Switch.Root
                    checked={form.hasCoRequester}
                    onCheckedChange={(details) =>
                      setForm((f) => ({ ...f, hasCoRequester: details.checked }))
                    }
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>Co-signataire (co-locataire)</Switch.Label>
                  </Switch.Root>
                  <Field.Root required invalid={Boolean(errors.file)}>
                    <Field.Label>Fichier PDF</Field.Label>
                    <Input
                      type="file"
                      accept="application/pdf,.pdf"
                      p="1"
                      onChange={(event) => {
                        const file = event.currentTarget.files?.[0] ?? null;
                        setForm((f) => ({ ...f, file }));
                        const error = file ? templateFileError(file) : null;
                        setErrors(({ file: _, ...rest }) =>
                          error ? { ...rest, file: error } : rest,
                        );
                      }}
                    />
                    <Field.HelperText>PDF uniquement, 10 Mo au plus.</Field.HelperText>
                    <Field.ErrorText>{errors.file}</Field.ErrorText>
                  </Field.Root>
                  <div aria-live="assertive">
                    {failure ? (
                      <Alert.Root status="error" data-testid="add-template-error">
                        <Alert.Indicator />
                        <Alert.Title>{failure}</Alert.Title>
                      </Alert.Root>
                    ) : null}
                  </div>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  Annuler
                </Button>
                <Button type="submit" loading={saving} loadingText="Envoi…">
                  Ajouter le modèle
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
