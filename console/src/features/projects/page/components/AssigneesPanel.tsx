import { Box, Button, Field, HStack, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { ASSIGNEE_LABELS, ASSIGNEE_PERMISSIONS, canAssign, type Role } from '@reloc/domain';
import { useState } from 'react';
import { type StaffMember, useShellStore } from '../../../shell/store';
import { postLeaseAction } from '../../api';
import { notifyRefusal } from '../../shared/errors';
import { ASSIGNEE_ROLES, type AssigneeRole } from '../../types';
import { useDraft } from './DraftContext';

type Me = { role: Role; trigram: string | null };

/** The staff trigrams first, then the prescriber (an id). */
const ROLES_SHOWN: readonly AssigneeRole[] = [
  ...ASSIGNEE_ROLES.filter((role) => role !== 'prescriptor'),
  'prescriptor',
];

const staffLabel = (member: StaffMember) =>
  `${member.trigram} - ${member.firstName} ${member.lastName}`;

type AssigneeFieldProps = {
  role: AssigneeRole;
  current: string | null;
  staff: StaffMember[];
  me: Me;
  editable: boolean;
  busy: boolean;
  onAssign: (value: string | null) => void;
};

/**
 * One staff field (spec §6): the choices are the changes `canAssign` allows from the current
 * value; with none (e.g. 'no-button' for a non-admin, or someone else's place under 'self'),
 * the value is shown read-only.
 */
function AssigneeField({ role, current, staff, me, editable, busy, onAssign }: AssigneeFieldProps) {
  const may = (to: string | null) => canAssign(me.role, me.trigram, role, current, to);
  const known = staff.find((member) => member.trigram === current);
  const shown = current === null ? 'Non défini' : known ? staffLabel(known) : current;
  const label = ASSIGNEE_LABELS[role];

  if (role === 'prescriptor') {
    // A prescriber's id, not a trigram: admins may clear it; it is set elsewhere.
    const clearable = editable && current !== null && may(null);
    return (
      <Field.Root data-field={`assignees.${role}`} data-permission={ASSIGNEE_PERMISSIONS[role]}>
        <Field.Label>{label}</Field.Label>
        <HStack gap="2">
          <Text fontSize="sm">{shown}</Text>
          {clearable ? (
            <Button size="2xs" variant="ghost" loading={busy} onClick={() => onAssign(null)}>
              Retirer
            </Button>
          ) : null}
        </HStack>
      </Field.Root>
    );
  }

  const choices = staff.filter(
    (member) => member.trigram !== current && may(member.trigram ?? null),
  );
  const clearable = current !== null && may(null);
  if (!editable || (choices.length === 0 && !clearable)) {
    return (
      <Field.Root data-field={`assignees.${role}`} data-permission={ASSIGNEE_PERMISSIONS[role]}>
        <Field.Label>{label}</Field.Label>
        <Text fontSize="sm" py="1.5">
          {shown}
        </Text>
      </Field.Root>
    );
  }
  return (
    <Field.Root disabled={busy}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root disabled={busy}>
        <NativeSelect.Field
          data-field={`assignees.${role}`}
          value={current ?? ''}
          onChange={(event) => onAssign(event.currentTarget.value || null)}
        >
          {current === null || clearable ? <option value="">Non défini</option> : null}
          {current !== null ? <option value={current}>{shown}</option> : null}
          {choices.map((member) => (
            <option key={member._id} value={member.trigram ?? ''}>
              {staffLabel(member)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * Assignees: active staff with a trigram ('trigram - name'). What each user may change follows
 * the domain's `canAssign` / `ASSIGNEE_PERMISSIONS` (spec §6); the server checks it again.
 */
export function AssigneesPanel() {
  const { draft, editable } = useDraft();
  const project = draft.state.base;
  const me = useShellStore((state) => state.me);
  const staff = useShellStore((state) => state.staff).filter((member) => member.trigram);
  const [busy, setBusy] = useState<AssigneeRole | null>(null);
  const who: Me = { role: me?.role ?? 'USER', trigram: me?.trigram ?? null };

  const assign = async (role: AssigneeRole, value: string | null) => {
    setBusy(role);
    try {
      draft.adopt(await postLeaseAction(project._id, { assignees: { [role]: value } }));
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
        {ROLES_SHOWN.map((role) => (
          <AssigneeField
            key={role}
            role={role}
            current={project.assignees?.[role] ?? null}
            staff={staff}
            me={who}
            editable={editable}
            busy={busy === role}
            onAssign={(value) => void assign(role, value)}
          />
        ))}
      </SimpleGrid>
    </Box>
  );
}
