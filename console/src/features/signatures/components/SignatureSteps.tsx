import { Alert, Badge, Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { isAdmin, SIGNATURE_STEP_LABELS, SIGNATURE_STEPS, type SignatureStep } from '@reloc/domain';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { formatDate } from '../../../shared/format/date';
import { LoadFailedState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notify, notifyError } from '../../../shared/ui/toaster';
import { useShellStore } from '../../shell/store';
import { abortSignature, fetchFinalDocUrl, fetchProofUrl, requestSignature } from '../api';
import { useSignatures } from '../hooks';
import type { SignatureDto, SignatureTemplateDto, SignerDto } from '../types';

const STATUS_LABELS: Record<SignatureDto['status'], string> = {
  OPEN: 'En cours de signature',
  ARCHIVED: 'Signé',
};

const ROLE_LABELS: Record<SignerDto['role'], string> = {
  requester: 'Locataire',
  coRequester: 'Co-locataire',
};

/** The server's French message of a 400, else null (the generic snackbar). */
const messageOf = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && !error.message.startsWith('HTTP ')
    ? error.message
    : null;

function SignerLine({
  signer,
  provider,
}: {
  signer: SignerDto;
  provider: SignatureDto['provider'];
}) {
  const copy = async () => {
    if (!signer.signUrl) return;
    try {
      await navigator.clipboard.writeText(new URL(signer.signUrl, window.location.href).href);
      notify('Lien copié', { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Stack as="li" gap="1" data-testid="signature-signer" data-signed={signer.signedAt !== null}>
      <HStack gap="2" flexWrap="wrap">
        <Text fontWeight="medium">{signer.name || signer.email}</Text>
        <Text color="fg.muted" fontSize="sm">
          {ROLE_LABELS[signer.role]} · {signer.email}
        </Text>
        <Badge colorPalette={signer.signedAt ? 'green' : 'orange'}>
          {signer.signedAt ? `Signé le ${formatDate(signer.signedAt)}` : 'En attente de signature'}
        </Badge>
      </HStack>
      {provider === 'builtin' && signer.signUrl && !signer.signedAt ? (
        <HStack gap="2" flexWrap="wrap">
          <Link
            href={signer.signUrl}
            target="_blank"
            rel="noreferrer noopener"
            fontSize="sm"
            wordBreak="break-all"
          >
            Lien de signature de {signer.name || signer.email}
          </Link>
          <Button
            size="2xs"
            variant="outline"
            aria-label={`Copier le lien de signature de ${signer.name || signer.email}`}
            onClick={() => void copy()}
          >
            Copier le lien
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}

type StepProps = {
  projectId: string;
  step: SignatureStep;
  signature: SignatureDto | undefined;
  template: SignatureTemplateDto | undefined;
  admin: boolean;
  onChanged: (step: SignatureStep, signature: SignatureDto | null) => void;
};

function SignatureStepCard({ projectId, step, signature, template, admin, onChanged }: StepProps) {
  const [busy, setBusy] = useState<'request' | 'abort' | 'final' | 'proof' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const label = SIGNATURE_STEP_LABELS[step];

  const run = async (kind: NonNullable<typeof busy>, action: () => Promise<void>) => {
    setBusy(kind);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      const text = messageOf(error);
      if (text) setMessage(text);
      else notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  const generate = () =>
    run('request', async () => onChanged(step, await requestSignature(projectId, step)));
  const abort = () =>
    run('abort', async () => {
      await abortSignature(projectId, step);
      onChanged(step, null);
    });
  const openUrl = (kind: 'final' | 'proof') =>
    run(kind, async () => {
      if (!signature) return;
      const url =
        kind === 'final'
          ? await fetchFinalDocUrl(projectId, step, signature.transactionId)
          : await fetchProofUrl(signature._id);
      window.open(url, '_blank', 'noopener');
    });

  return (
    <Card.Root
      as="li"
      listStyleType="none"
      size="sm"
      data-testid={`signature-step-${step}`}
      data-status={signature?.status ?? 'NONE'}
      data-error={signature?.error ?? false}
      aria-label={label}
    >
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <HStack gap="2">
              <Text fontWeight="semibold">{label}</Text>
              {signature ? (
                <Badge colorPalette={signature.status === 'ARCHIVED' ? 'green' : 'blue'}>
                  {STATUS_LABELS[signature.status]}
                </Badge>
              ) : (
                <Badge>Non demandée</Badge>
              )}
            </HStack>
            <HStack gap="2" flexWrap="wrap">
              {signature?.status === 'ARCHIVED' ? (
                <>
                  <Button
                    size="xs"
                    variant="outline"
                    loading={busy === 'final'}
                    onClick={() => void openUrl('final')}
                  >
                    Document signé
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    loading={busy === 'proof'}
                    onClick={() => void openUrl('proof')}
                  >
                    Preuve
                  </Button>
                </>
              ) : null}
              {admin ? (
                <Button
                  size="xs"
                  loading={busy === 'request'}
                  disabled={!template}
                  aria-label={`${signature ? 'Regénérer' : 'Générer'} « ${label} »`}
                  onClick={() => void generate()}
                >
                  {signature ? 'Regénérer' : 'Générer'}
                </Button>
              ) : null}
              {admin && signature?.status === 'OPEN' ? (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  loading={busy === 'abort'}
                  aria-label={`Annuler la demande « ${label} »`}
                  onClick={() => void abort()}
                >
                  Annuler la demande
                </Button>
              ) : null}
            </HStack>
          </HStack>
          {!template && !signature ? (
            <Text fontSize="sm" color="fg.muted">
              Aucun modèle actif pour cette étape.
            </Text>
          ) : null}
          {signature?.error ? (
            <Alert.Root status="error" size="sm" data-testid="signature-error">
              <Alert.Indicator />
              <Alert.Title>L’envoi de la demande de signature a échoué.</Alert.Title>
            </Alert.Root>
          ) : null}
          {message ? (
            <Text role="alert" color="fg.error" fontSize="sm">
              {message}
            </Text>
          ) : null}
          {signature && signature.instances.length > 0 ? (
            <Stack as="ul" gap="2" aria-label={`Signataires de « ${label} »`}>
              {signature.instances.map((signer) => (
                <SignerLine
                  key={`${signer.role}-${signer.email}`}
                  signer={signer}
                  provider={signature.provider}
                />
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The signature steps of the Documents tab (spec §2, §5, §6: generating is for admins). */
export function SignatureSteps({ projectId }: { projectId: string }) {
  const role = useShellStore((state) => state.me?.role);
  const admin = role ? isAdmin(role) : false;
  const { signatures, setSignatures, templates, status, reload } = useSignatures(projectId);

  if (status === 'loading') return <LoadingState label="Chargement des signatures…" />;
  if (status === 'error')
    return (
      <LoadFailedState
        description="Les signatures n’ont pas pu être chargées."
        onRetry={() => void reload()}
      />
    );

  const onChanged = (step: SignatureStep, signature: SignatureDto | null) =>
    setSignatures((current) => [
      ...current.filter((s) => s.step !== step),
      ...(signature ? [signature] : []),
    ]);

  return (
    <Stack gap="2">
      <HStack justify="end">
        <Button size="xs" variant="ghost" onClick={() => void reload()}>
          Actualiser les signatures
        </Button>
      </HStack>
      <Stack as="ul" gap="2" aria-label="Étapes de signature">
        {SIGNATURE_STEPS.map((step) => (
          <SignatureStepCard
            key={step}
            projectId={projectId}
            step={step}
            signature={signatures.find((s) => s.step === step)}
            template={templates.find((t) => t.step === step && t.active)}
            admin={admin}
            onChanged={onChanged}
          />
        ))}
      </Stack>
    </Stack>
  );
}
