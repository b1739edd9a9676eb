import { NativeSelect } from '@chakra-ui/react';
import { type ProjectStage, stageLabel, stagesOffered } from '@reloc/domain';
import { useState } from 'react';
import { useShellStore } from '../../../shell/store';
import { postLeaseAction } from '../../api';
import { notifyRefusal } from '../../shared/errors';
import { moveRefusal, tileMoveRefusal } from '../../shared/moveRules';
import { notify } from '../../../../shared/ui/toaster';
import { useDraft } from './DraftContext';

/**
 * The stage selector (spec §4 "Moving projects"): the stages the role may see, none before
 * sentToAL once it is reached; the server checks the move as for a drop on a column.
 */
export function StageSelect() {
  const { draft, editable } = useDraft();
  const project = draft.state.base;
  const me = useShellStore((state) => state.me);
  const role = me?.role ?? 'USER';
  const actor = { role, trigram: me?.trigram ?? null };
  const [busy, setBusy] = useState(false);
  // Only the stages the rules let this user pick (no visitScheduled, no paid without reloc...).
  const offered = stagesOffered({ progress: project.progress ?? {} }, role).filter(
    (stage) => tileMoveRefusal(project, stage, actor) === null,
  );
  const choices = offered.includes(project.currentProgress)
    ? offered
    : [project.currentProgress, ...offered];

  const move = async (stage: ProjectStage) => {
    // The file as it will be saved: the same rule as the server, answered before sending.
    const reason = moveRefusal({ ...project, ...draft.state.draft }, stage, actor);
    if (reason) {
      notify(reason, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      await draft.flush(); // the completeness check reads the saved fields
      draft.adopt(await postLeaseAction(project._id, { currentProgress: stage }));
    } catch (error) {
      notifyRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <NativeSelect.Root size="sm" w="auto" disabled={!editable || busy}>
      <NativeSelect.Field
        aria-label="Étape du projet"
        data-testid="stage-select"
        value={project.currentProgress}
        onChange={(event) => void move(event.currentTarget.value as ProjectStage)}
      >
        {choices.map((stage) => (
          <option key={stage} value={stage}>
            {stageLabel(stage)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
