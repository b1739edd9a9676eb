import {
  Box,
  Button,
  Field,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { REWARD_CATEGORIES } from '@reloc/domain';
import { useEffect, useState } from 'react';
import { notify, notifyError } from '../../../shared/ui/toaster';
import { type BillingOverrides, fetchProjectBillings, putBillingOverrides } from '../api';
import { formatCents, formatMonth, monthFrom, ROLE_LABELS, STEP_LABELS } from '../format';
import type { BillingEntry } from '../types';

const STEPS = ['sentToAL', 'paid'] as const;
type Texts = Record<(typeof STEPS)[number], Record<string, string>>;

const toTexts = (overrides: BillingOverrides | undefined): Texts => ({
  sentToAL: Object.fromEntries(
    REWARD_CATEGORIES.map((c) => [c, overrides?.sentToAL?.[c]?.toString() ?? '']),
  ),
  paid: Object.fromEntries(
    REWARD_CATEGORIES.map((c) => [c, overrides?.paid?.[c]?.toString() ?? '']),
  ),
});

/** §5: numeric, at least 0; empty means null (the computed reward). */
export function overrideError(text: string): string | null {
  if (text.trim() === '') return null;
  const value = Number(text.replace(',', '.'));
  if (!Number.isFinite(value)) return 'Doit être un nombre';
  if (value < 0) return 'Doit être au moins 0';
  return null;
}

/** The super admin's billing panel of a file: overrides per step and reward, and its lines. */
export function ProjectBillingPanel({
  projectId,
  overrides,
}: {
  projectId: string;
  overrides?: BillingOverrides;
}) {
  const [texts, setTexts] = useState<Texts>(() => toTexts(overrides));
  const [saving, setSaving] = useState(false);
  const [entries, setEntries] = useState<BillingEntry[]>([]);
  const load = (signal?: AbortSignal) =>
    fetchProjectBillings(projectId, monthFrom(new Date(), 0), signal)
      .then((res) => setEntries(res.billings))
      .catch(notifyError);
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [projectId]);

  const invalid = STEPS.some((step) =>
    REWARD_CATEGORIES.some((c) => overrideError(texts[step][c]) !== null),
  );
  const save = async () => {
    const body = Object.fromEntries(
      STEPS.map((step) => [
        step,
        Object.fromEntries(
          REWARD_CATEGORIES.map((c) => {
            const text = texts[step][c].trim();
            return [c, text === '' ? null : Number(text.replace(',', '.'))];
          }),
        ),
      ]),
    ) as BillingOverrides;
    setSaving(true);
    try {
      await putBillingOverrides(projectId, body);
      notify('Facturation enregistrée', { type: 'success' });
      await load();
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const lines = entries.flatMap((entry) =>
    entry.projects.filter((line) => line._id === projectId).map((line) => ({ entry, line })),
  );
  return (
    <Stack as="section" aria-labelledby="project-billing" gap="4" mt="6">
      <Heading id="project-billing" as="h2" size="md">
        Facturation
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Montants en euros remplaçant la rémunération calculée ; vide = montant calculé.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        {STEPS.map((step) => (
          <Box as="fieldset" key={step}>
            <Heading as="legend" size="sm" mb="2">
              {STEP_LABELS[step]}
            </Heading>
            <SimpleGrid columns={2} gap="2">
              {REWARD_CATEGORIES.map((category) => {
                const error = overrideError(texts[step][category]);
                return (
                  <Field.Root key={category} invalid={error !== null}>
                    <Field.Label>
                      {ROLE_LABELS[category]} ({STEP_LABELS[step]})
                    </Field.Label>
                    <Input
                      size="sm"
                      inputMode="decimal"
                      value={texts[step][category]}
                      onChange={(e) =>
                        setTexts((t) => ({
                          ...t,
                          [step]: { ...t[step], [category]: e.target.value },
                        }))
                      }
                    />
                    {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
                  </Field.Root>
                );
              })}
            </SimpleGrid>
          </Box>
        ))}
      </SimpleGrid>
      <Box>
        <Button colorPalette="brand" size="sm" disabled={invalid} loading={saving} onClick={save}>
          Enregistrer
        </Button>
      </Box>
      {lines.length ? (
        <Table.Root size="sm" aria-label="Lignes de facturation du dossier">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Mois</Table.ColumnHeader>
              <Table.ColumnHeader>Membre</Table.ColumnHeader>
              <Table.ColumnHeader>Étape</Table.ColumnHeader>
              <Table.ColumnHeader>Rôles</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Montant</Table.ColumnHeader>
              <Table.ColumnHeader>Confirmé</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map(({ entry, line }) => (
              <Table.Row key={`${entry._id}-${line.lineId}`}>
                <Table.Cell>{formatMonth(entry.month)}</Table.Cell>
                <Table.Cell>{entry.actor}</Table.Cell>
                <Table.Cell>{STEP_LABELS[line.step]}</Table.Cell>
                <Table.Cell>{line.roles.map((r) => ROLE_LABELS[r] ?? r).join(', ')}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(line.amount)}</Table.Cell>
                <Table.Cell>{entry.confirmed ? 'Oui' : 'Non'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : (
        <Text color="fg.muted">Aucune ligne de facturation pour ce dossier.</Text>
      )}
    </Stack>
  );
}
