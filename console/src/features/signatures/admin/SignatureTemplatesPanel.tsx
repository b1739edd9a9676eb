import { Button, HStack, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { SIGNATURE_STEP_LABELS, TEMPLATE_DOCUMENT_TYPE_LABELS } from '@reloc/domain';
import { useState } from 'react';
import { EmptyState, LoadFailedState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notifyError } from '../../../shared/ui/toaster';
import { updateTemplate } from '../api';
import { useTemplates } from '../hooks';
import type { SignatureTemplateDto } from '../types';
import { AddTemplateDialog } from './AddTemplateDialog';
import { EditTemplateDialog } from './EditTemplateDialog';

/** Admin → 'Signature électronique': the templates, their active switch, add and edit. */
export function SignatureTemplatesPanel() {
  const { templates, setTemplates, status, reload } = useTemplates();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SignatureTemplateDto | null>(null);
  const [saving, setSaving] = useState<string | null>(null);

  const replace = (next: SignatureTemplateDto) =>
    setTemplates((current) => current.map((t) => (t._id === next._id ? next : t)));

  const setActive = async (template: SignatureTemplateDto, active: boolean) => {
    setSaving(template._id);
    replace({ ...template, active });
    try {
      const { name, step, hasCoRequester } = template;
      replace(await updateTemplate(template._id, { name, step, hasCoRequester, active }));
    } catch (error) {
      replace(template);
      notifyError(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack gap="4" data-testid="signature-templates">
      <HStack justify="space-between">
        <Text color="fg.muted">Les modèles de documents envoyés en signature électronique.</Text>
        <Button size="sm" onClick={() => setAdding(true)}>
          Ajouter un modèle
        </Button>
      </HStack>
      {status === 'loading' ? (
        <LoadingState label="Chargement des modèles…" />
      ) : status === 'error' ? (
        <LoadFailedState
          description="Les modèles n’ont pas pu être chargés."
          onRetry={() => void reload()}
        />
      ) : templates.length === 0 ? (
        <EmptyState title="Aucun modèle" description="Ajoutez un modèle PDF pour une étape." />
      ) : (
        <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" aria-label="Modèles de signature">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Nom</Table.ColumnHeader>
                <Table.ColumnHeader>Étape</Table.ColumnHeader>
                <Table.ColumnHeader>Type de document</Table.ColumnHeader>
                <Table.ColumnHeader>Co-signataire</Table.ColumnHeader>
                <Table.ColumnHeader>Actif</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {templates.map((template) => (
                <Table.Row key={template._id} data-testid={`template-row-${template._id}`}>
                  <Table.Cell>{template.name}</Table.Cell>
                  <Table.Cell>{SIGNATURE_STEP_LABELS[template.step] ?? template.step}</Table.Cell>
                  <Table.Cell>
                    {TEMPLATE_DOCUMENT_TYPE_LABELS[template.documentType] ?? template.documentType}
                  </Table.Cell>
                  <Table.Cell>{template.hasCoRequester ? 'Oui' : 'Non'}</Table.Cell>
                  <Table.Cell>
                    <Switch.Root
                      size="sm"
                      checked={template.active}
                      disabled={saving === template._id}
                      onCheckedChange={(details) => void setActive(template, details.checked)}
                    >
                      <Switch.HiddenInput aria-label={`Modèle « ${template.name} » actif`} />
                      <Switch.Control />
                    </Switch.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={`Modifier le modèle « ${template.name} »`}
                      onClick={() => setEditing(template)}
                    >
                      Modifier le modèle
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <AddTemplateDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(created) => {
          setAdding(false);
          setTemplates((current) => [...current, created]);
        }}
      />
      <EditTemplateDialog template={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
