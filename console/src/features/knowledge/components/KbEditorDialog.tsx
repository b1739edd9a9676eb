import { Button, CloseButton, Dialog, Field, Portal, Stack } from '@chakra-ui/react';
import { KB_MESSAGES } from '@reloc/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { notifyError } from '../../../shared/ui/toaster';
import { TextField } from '../../../shared/ui/TextField';
import { createKbItem, type KbItem, updateKbItem } from '../api';
import { RichTextEditor } from './RichTextEditor';

type Props = {
  /** The article edited, or null to add one. */
  item: KbItem | null;
  open: boolean;
  onClose: () => void;
  onSaved: (item: KbItem) => void;
};

/** Adds or edits an article (§5: 'Le titre est obligatoire'); the server sanitises the HTML. */
export function KbEditorDialog({ item, open, onClose, onSaved }: Props) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const contentLabel = useId();

  useEffect(() => {
    if (!open) return;
    setTitle(item?.title ?? '');
    setContent(item?.content ?? '');
    setError(undefined);
  }, [open, item]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(KB_MESSAGES.titleRequired);
      return;
    }
    setSaving(true);
    try {
      const input = { title: title.trim(), content };
      onSaved(item ? await updateKbItem(item._id, input) : await createKbItem(input));
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400 && failure.errors?.title)
        setError(failure.errors.title);
      else notifyError(failure);
    } finally {
      setSaving(false);
    }
  };

  const heading = item ? 'Modifier l’article' : 'Nouvel article';
  return (
    <Dialog.Root open={open} size="lg" onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={(event) => void submit(event)} noValidate aria-label={heading}>
              <Dialog.Header>
                <Dialog.Title>{heading}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <TextField
                    label="Titre"
                    required
                    value={title}
                    error={error}
                    maxLength={200}
                    onChange={(event) => {
                      setTitle(event.currentTarget.value);
                      setError(undefined);
                    }}
                  />
                  <Field.Root>
                    <Field.Label id={contentLabel}>Contenu</Field.Label>
                    <RichTextEditor value={content} onChange={setContent} labelId={contentLabel} />
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  Annuler
                </Button>
                <Button type="submit" loading={saving} loadingText="Enregistrement…">
                  Enregistrer
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
