import { Field, NativeSelect } from '@chakra-ui/react';
import {
  isSuperAdmin,
  PROSPECT_MESSAGES,
  PROSPECT_STAGE_LABELS,
  prospectStageChoices,
  type ProspectStage,
} from '@reloc/domain';
import { useDraft } from '../../projects/page/components/DraftContext';
import { useShellStore } from '../../shell/store';
import { useProspect, useProspectAction } from './useProspectAction';

/**
 * The stage selector (spec §4): only the superadmin picks a stage directly ([00]..); for the
 * others it shows the stage and says to use 'Passer en …'.
 */
export function StageSelect() {
  const { editable } = useDraft();
  const role = useShellStore((state) => state.me?.role ?? 'OPERATOR');
  const prospect = useProspect();
  const act = useProspectAction();
  const current = prospect.currentProgress as unknown as ProspectStage;
  const superAdmin = isSuperAdmin(role);
  const choices = superAdmin
    ? prospectStageChoices()
    : [{ value: current, label: PROSPECT_STAGE_LABELS[current] }];
  return (
    <Field.Root disabled={!editable || !superAdmin} maxW="sm">
      <Field.Label>Étape</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name="currentProgress"
          value={current}
          onChange={(event) => void act({ currentProgress: event.currentTarget.value })}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {superAdmin ? null : (
        <Field.HelperText>
          {PROSPECT_MESSAGES.stageNotNext} : utilisez « Passer en … ».
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
