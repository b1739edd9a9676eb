import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Field,
  NativeSelect,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { API_MESSAGES, MESSAGES, ROLE_LABELS } from '@reloc/domain';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../../shared/api/client';
import { type StaffMember, useShellStore } from '../../shell/store';
import { deactivateUser } from '../api';
import type { AdminUser } from '../types';

/**
 * 'Désactiver' (§4 "Users", §6): a replacement from the active staff is required; the server
 * hands every file over to them. Its message is shown in an alert: 'ok' on success.
 */
export function DeactivateDialog({
  user,
  onClose,
  onDone,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const staff = useShellStore((state) => state.staff);
  const setStaff = useShellStore((state) => state.setStaff);
  const [replaceBy, setReplaceBy] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    setReplaceBy('');
    setError(null);
    setResult(null);
  }, [user]);

  const candidates = staff.filter((member) => member.trigram && member.email !== user?.email);

  const submit = async () => {
    if (!user) return;
    if (!replaceBy) {
      setError(MESSAGES.required);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const answer = await deactivateUser(user.email, replaceBy);
      setResult({
        ok: true,
        message:
          answer.files > 0
            ? `${answer.message} : ${answer.files} dossier${answer.files > 1 ? 's' : ''} confié${answer.files > 1 ? 's' : ''} à ${answer.replacedBy}`
            : answer.message,
      });
      onDone();
      api.get<StaffMember[]>('/partner/staff').then(setStaff, () => undefined);
    } catch (failure) {
      if (failure instanceof ApiError && failure.sessionEnded) return;
      setResult({
        ok: false,
        message:
          failure instanceof ApiError && failure.status > 0
            ? failure.message
            : API_MESSAGES.generic,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog.Root open={user !== null} onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="deactivate-dialog">
            <Dialog.Header>
              <Dialog.Title>
                Désactiver {user?.firstName} {user?.lastName}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>
                  Ses dossiers (projets et prospects) seront confiés au remplaçant choisi ; chaque
                  dossier en garde la trace dans son historique.
                </Text>
                <Field.Root required invalid={Boolean(error)}>
                  <Field.Label>
                    Remplaçant
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root disabled={result?.ok}>
                    <NativeSelect.Field
                      value={replaceBy}
                      onChange={(e) => setReplaceBy(e.target.value)}
                    >
                      <option value="">Choisir…</option>
                      {candidates.map((member) => (
                        <option key={member._id} value={member.trigram ?? ''}>
                          {member.trigram} – {member.firstName} {member.lastName} (
                          {ROLE_LABELS[member.role]})
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.ErrorText>{error}</Field.ErrorText>
                </Field.Root>
                {result ? (
                  <Alert.Root status={result.ok ? 'success' : 'error'} role="alert">
                    <Alert.Indicator />
                    <Alert.Title data-testid="deactivate-message">{result.message}</Alert.Title>
                  </Alert.Root>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onClose}>
                {result?.ok ? 'Fermer' : 'Annuler'}
              </Button>
              {result?.ok ? null : (
                <Button colorPalette="red" loading={sending} onClick={() => void submit()}>
                  Désactiver
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer la fenêtre" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
