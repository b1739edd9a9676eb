import { Field, NativeSelect } from '@chakra-ui/react';
import {
  isSuperAdmin,
  PROSPECT_STAGE_LABELS,
  PROSPECT_STAGES,
  prospectStageChoices,
  prospectStageIndex,
  type ProspectStage,
} from '@reloc/domain';
import { useDraft } from '../../projects/page/components/DraftContext';
import { useShellStore } from '../../shell/store';
import { useProspect, useProspectAction } from './useProspectAction';

/**
 * The stage selector (spec §4): the superadmin picks any stage ([00]..); others go back freely
 * or forward to the next stage once it is valid.
 */
export function StageSelect() {
  const { editable } = useDraft();
  const role = useShellStore((state) => state.me?.role ?? 'OPERATOR');
  const prospect = useProspect();
  const act = useProspectAction();
  const current = prospect.currentProgress as unknown as ProspectStage;
  const choices = isSuperAdmin(role)
    ? prospectStageChoices().map((choice) => ({ ...choice, disabled: false }))
    : PROSPECT_STAGES.slice(0, prospectStageIndex(current) + 2).map((stage) => ({
        value: stage,
        label: PROSPECT_STAGE_LABELS[stage],
        disabled: stage === prospect.nextStage?.stage && !prospect.nextStage.enabled,
      }));
  return (
    <Field.Root disabled={!editable} maxW="sm">
      <Field.Label>Étape</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name="currentProgress"
          value={current}
          onChange={(event) => void act({ currentProgress: event.currentTarget.value })}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value} disabled={choice.disabled}>
              {choice.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
