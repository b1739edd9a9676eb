import { Alert, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { isObjectId, PROPOSAL_MESSAGES } from '@reloc/domain';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../shared/api/client';
import { notifyError } from '../../../shared/ui/toaster';
import { useProposalsStore } from '../store';

/** Propose a property to the file by its id (24 hex): 409 duplicate, 404 unknown property. */
export function AddProposalForm() {
  const add = useProposalsStore((state) => state.add);
  const [hostId, setHostId] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const id = hostId.trim().toLowerCase();
  const valid = isObjectId(id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await add(id);
      setHostId('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409)
        setMessage(PROPOSAL_MESSAGES.alreadyExists);
      else if (error instanceof ApiError && error.status === 404)
        setMessage(PROPOSAL_MESSAGES.hostNotFound);
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="2" as="form" onSubmit={(event) => void submit(event)} aria-label="Ajouter un bien">
      <HStack align="end" gap="2" flexWrap="wrap">
        <Field.Root w="auto" invalid={hostId.trim() !== '' && !valid}>
          <Field.Label>Identifiant du bien</Field.Label>
          <Input
            size="sm"
            w="18rem"
            fontFamily="mono"
            placeholder="24 caractères hexadécimaux"
            value={hostId}
            onChange={(event) => {
              setHostId(event.currentTarget.value);
              setMessage(null);
            }}
          />
        </Field.Root>
        <Button size="sm" type="submit" disabled={!valid} loading={busy}>
          Ajouter
        </Button>
      </HStack>
      {message ? (
        <Alert.Root status="warning" role="alert" data-testid="add-proposal-error">
          <Alert.Indicator />
          <Alert.Title>{message}</Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
