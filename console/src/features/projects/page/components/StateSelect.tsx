import { Field, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { lazyDialog } from '../../../../shared/ui/lazyPart';
import { READ_ONLY_REASON } from '../../../../shared/ui/ReadOnly';
import { postLeaseAction } from '../../api';
import { notifyRefusal } from '../../shared/errors';
import { useDraft } from './DraftContext';
import { announceCommentsChanged } from './SidePanel';

const StopDialog = lazyDialog(
  () => import('./StopDialog'),
  (m) => m.StopDialog,
  (props) => props.open,
);

/** 'En cours' / 'Abandonné' (spec §4 "Project state select"). */
export function StateSelect() {
  const { draft, editable } = useDraft();
  const project = draft.state.base;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const send = async (action: Parameters<typeof postLeaseAction>[1]) => {
    setBusy(true);
    try {
      draft.adopt(await postLeaseAction(project._id, action));
      // Abandoning writes 'Dossier abandonné : …' in the comments (§4): show it now.
      if ('stopped' in action && action.stopped) announceCommentsChanged(project._id);
    } catch (error) {
      notifyRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Field.Root maxW="xs" disabled={!editable || busy}>
      <Field.Label>État du projet</Field.Label>
      <NativeSelect.Root disabled={!editable || busy}>
        <NativeSelect.Field
          value={project.stopped ? 'stopped' : 'working'}
          onChange={(event) => {
            if (event.currentTarget.value === 'stopped') setAsking(true);
            else void send({ stopped: false });
          }}
        >
          <option value="working">En cours</option>
          <option value="stopped">Abandonné</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {!editable ? <Field.HelperText>{READ_ONLY_REASON}</Field.HelperText> : null}
      <StopDialog
        open={asking}
        onCancel={() => setAsking(false)}
        onConfirm={(reason, alertSkipDays) => {
          setAsking(false);
          void send({ stopped: true, abortMotivation: reason, alertSkipDays });
        }}
      />
    </Field.Root>
  );
}
