import { Box, Field, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { isAdmin } from '@reloc/domain';
import { useState } from 'react';
import { useShellStore } from '../../../shell/store';
import { postLeaseAction } from '../../api';
import { notifyRefusal } from '../../shared/errors';
import type { AssigneeRole } from '../../types';
import { useDraft } from './DraftContext';

const ROLE_LABELS: Record<Exclude<AssigneeRole, 'prescriptor'>, string> = {
  lead: 'Lead',
  sale: 'Commercial',
  dispatcher: 'Dispatcher',
  reloc: 'Reloc',
  alsender: 'Envoi AL',
};

/**
 * Assignees: a select of the active staff with a trigram ('trigram - name'). A non-admin may only
 * take an empty role or clear their own ('self' permission, spec §6).
 */
export function AssigneesPanel() {
  const { draft, editable } = useDraft();
  const project = draft.state.base;
  const me = useShellStore((state) => state.me);
  const staff = useShellStore((state) => state.staff).filter((member) => member.trigram);
  const [busy, setBusy] = useState<string | null>(null);
  const admin = me ? isAdmin(me.role) : false;
  const myTrigram = me?.trigram ?? null;

  const assign = async (role: AssigneeRole, trigram: string | null) => {
    setBusy(role);
    try {
      draft.adopt(await postLeaseAction(project._id, { assignees: { [role]: trigram } }));
    } catch (error) {
      notifyRefusal(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box as="section" borderWidth="1px" borderRadius="l3" p="4" bg="bg" aria-label="Assignés">
      <Text fontWeight="semibold" mb="2">
        Assignés
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {(Object.keys(ROLE_LABELS) as (keyof typeof ROLE_LABELS)[]).map((role) => {
          const current = project.assignees?.[role] ?? null;
          const choices = admin
            ? staff
            : staff.filter((member) => member.trigram === myTrigram || member.trigram === current);
          const allowed = editable && (admin || current === null || current === myTrigram);
          return (
            <Field.Root key={role} disabled={!allowed || busy === role}>
              <Field.Label>{ROLE_LABELS[role]}</Field.Label>
              <NativeSelect.Root disabled={!allowed || busy === role}>
                <NativeSelect.Field
                  data-field={`assignees.${role}`}
                  value={current ?? ''}
                  onChange={(event) => void assign(role, event.currentTarget.value || null)}
                >
                  <option value="">Non défini</option>
                  {choices.map((member) => (
                    <option key={member._id} value={member.trigram ?? ''}>
                      {`${member.trigram} - ${member.firstName} ${member.lastName}`}
                    </option>
                  ))}
                  {current && !staff.some((member) => member.trigram === current) ? (
                    <option value={current}>{current}</option>
                  ) : null}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          );
        })}
      </SimpleGrid>
      {project.assignees?.prescriptor ? (
        <Text mt="3" fontSize="sm" color="fg.muted">
          Prescripteur : {project.assignees.prescriptor}
        </Text>
      ) : null}
    </Box>
  );
}
