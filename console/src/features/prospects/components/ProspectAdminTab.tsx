import { Box, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ASSIGNEE_LABELS, PROSPECT_ROLES, type ProspectRole } from '@reloc/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyRefusal } from '../../projects/shared/errors';
import { deleteProspect } from '../api';
import { staffChoiceLabel, useStaffWithTrigram } from './AddProspectDialog';
import { useProspect, useProspectAction } from './useProspectAction';

/** The same label for a role as on the project page ('Répartiteur', 'Envoi AL'). */
const ROLE_LABELS: Record<ProspectRole, string> = ASSIGNEE_LABELS;

const REWARD_LABELS = { sentToAL: 'Récompense envoyée', paid: 'Récompense payée' } as const;

type Rewards = { sentToAL: number | null; paid: number | null };

function RewardField({ name, rewards }: { name: keyof Rewards; rewards: Rewards }) {
  const act = useProspectAction();
  const value = rewards[name];
  const [text, setText] = useState(value === null ? '' : String(value));
  const save = () => {
    const next = text.trim() === '' ? null : Number(text.replace(',', '.'));
    if (next !== value && (next === null || Number.isFinite(next)))
      void act({ rewards: { ...rewards, [name]: next } });
  };
  return (
    <Field.Root>
      <Field.Label>{REWARD_LABELS[name]}</Field.Label>
      <Input
        inputMode="decimal"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={save}
      />
    </Field.Root>
  );
}

/** Admin: the five assignments, the referrer's reward, deletion (spec §2 "Prospect page"). */
export function ProspectAdminTab() {
  const prospect = useProspect();
  const act = useProspectAction();
  const staff = useStaffWithTrigram();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const assignees = (prospect.assignees ?? {}) as Partial<Record<ProspectRole, string | null>>;
  const rewards = prospect.rewards ?? { sentToAL: null, paid: null };

  const remove = async () => {
    try {
      await deleteProspect(prospect._id);
      navigate('/prospects', { replace: true });
    } catch (error) {
      notifyRefusal(error);
    }
  };

  return (
    <Stack gap="4" pt="4">
      <Box as="fieldset" borderWidth="1px" borderRadius="l3" p="4" bg="bg">
        <Text as="legend" fontWeight="semibold" px="1">
          Affectations
        </Text>
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="3">
          {PROSPECT_ROLES.map((role) => {
            const current = assignees[role] ?? '';
            const known = staff.some((member) => member.trigram === current);
            return (
              <Field.Root key={role}>
                <Field.Label>{ROLE_LABELS[role]}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name={`assignees.${role}`}
                    value={current}
                    onChange={(event) =>
                      void act({ assignees: { [role]: event.currentTarget.value || null } })
                    }
                  >
                    <option value="">Non défini</option>
                    {current && !known ? <option value={current}>{current}</option> : null}
                    {staff.map((member) => (
                      <option key={member._id} value={member.trigram}>
                        {staffChoiceLabel(member)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            );
          })}
        </Box>
      </Box>
      <Box as="fieldset" borderWidth="1px" borderRadius="l3" p="4" bg="bg">
        <Text as="legend" fontWeight="semibold" px="1">
          Récompense de l’apporteur
        </Text>
        <HStack gap="3" align="end">
          <RewardField name="sentToAL" rewards={rewards} />
          <RewardField name="paid" rewards={rewards} />
        </HStack>
      </Box>
      <Box>
        {confirming ? (
          <HStack gap="2" role="group" aria-label="Confirmer la suppression">
            <Text>Etes vous sûr ?</Text>
            <Button size="sm" colorPalette="red" onClick={() => void remove()}>
              Oui
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
              Non
            </Button>
          </HStack>
        ) : (
          <Button
            size="sm"
            colorPalette="red"
            variant="outline"
            onClick={() => setConfirming(true)}
          >
            Supprimer le prospect
          </Button>
        )}
      </Box>
    </Stack>
  );
}
