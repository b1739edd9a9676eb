import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { lazyDialog } from '../../../shared/ui/lazyPart';
import { notify, notifyError } from '../../../shared/ui/toaster';
import { notifyVisit, type VisitNotice } from '../api';

const NotifyVisitDialog = lazyDialog(
  () => import('./NotifyVisitDialog'),
  (m) => m.NotifyVisitDialog,
  (props) => props.open,
);

/** 'Prévenir le client' of a planned visit: confirmation, then POST …/notify. */
export function NotifyVisitButton({
  projectId,
  hostId,
  notice,
}: {
  projectId: string;
  hostId: string;
  notice: VisitNotice;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await notifyVisit(projectId, hostId, notice);
      setOpen(false);
      notify('Le client a été prévenu de la visite', { type: 'success' });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Prévenir le client
      </Button>
      <NotifyVisitDialog
        open={open}
        busy={busy}
        notice={notice}
        onOpenChange={setOpen}
        onSend={() => void send()}
      />
    </>
  );
}
