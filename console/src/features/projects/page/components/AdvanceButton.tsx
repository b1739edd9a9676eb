import { Button } from '@chakra-ui/react';
import { advanceLabel, canAdvance, nextStage } from '@reloc/domain';
import { useState } from 'react';
import { postLeaseAction } from '../../api';
import { notifyRefusal } from '../../shared/errors';
import { moveRefusal } from '../../shared/moveRules';
import { lazyDialog } from '../../../../shared/ui/lazyPart';
import { notify } from '../../../../shared/ui/toaster';
import { useShellStore } from '../../../shell/store';
import { useDraft } from './DraftContext';

const SignatureConfirmDialog = lazyDialog(
  () => import('./SignatureConfirmDialog'),
  (m) => m.SignatureConfirmDialog,
  (props) => props.open,
);

/** 'Passer en {colonne}' (or 'Proposer à la signature' with its confirmation), spec §4. */
export function AdvanceButton() {
  const { draft, editable } = useDraft();
  const project = draft.state.base;
  const next = nextStage(project.currentProgress);
  const label = advanceLabel(project.currentProgress);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const me = useShellStore((state) => state.me);
  if (!next || !label) return null;

  /** The stage rules (`stageMoveRefusal`) on the file as it will be saved, before sending. */
  const refused = () => {
    const actor = { role: me?.role ?? 'USER', trigram: me?.trigram ?? null };
    const reason = moveRefusal({ ...project, ...draft.state.draft }, next, actor);
    if (reason) notify(reason, { type: 'error' });
    return reason !== null;
  };

  const advance = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await draft.flush(); // the completeness check reads the saved fields
      draft.adopt(await postLeaseAction(project._id, { currentProgress: next }));
    } catch (error) {
      notifyRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="sm"
        disabled={!editable || !canAdvance(project.currentProgress)}
        loading={busy}
        onClick={() => {
          if (refused()) return;
          if (next === 'awaitingSignature') setConfirming(true);
          else void advance();
        }}
      >
        {label}
      </Button>
      <SignatureConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void advance()}
      />
    </>
  );
}
