import { Alert, Button, List, Stack } from '@chakra-ui/react';
import { type AlertLiftDays, alertLabel } from '@reloc/domain';
import { useState } from 'react';
import { lazyDialog } from '../../../../shared/ui/lazyPart';
import { notifyError } from '../../../../shared/ui/toaster';
import { postLeaseAction } from '../../api';
import { useDraft } from './DraftContext';

const LiftAlertDialog = lazyDialog(
  () => import('./LiftAlertDialog'),
  (m) => m.LiftAlertDialog,
  (props) => props.alert !== null,
);

export const LIFT_ALERT = "Lever l'alerte";

/**
 * The file's active alerts (spec §4 "Alerts", `activeAlerts` of GET /lease/{id}), each with
 * 'Lever l'alerte' when the page is editable; the answered project is adopted like other POSTs.
 */
export function AlertsPanel() {
  const { draft, editable } = useDraft();
  const project = draft.state.base;
  const alerts = project.activeAlerts ?? [];
  const [lifting, setLifting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lift = async (days: AlertLiftDays, reason: string) => {
    if (!lifting) return;
    setBusy(true);
    try {
      draft.adopt(
        await postLeaseAction(project._id, { liftAlert: { alert: lifting, days, reason } }),
      );
      setLifting(null);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  if (alerts.length === 0) return null;
  return (
    <>
      <Alert.Root status="warning" as="section" aria-label="Alertes">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{alerts.length > 1 ? 'Alertes' : 'Alerte'}</Alert.Title>
          <List.Root as="ul" listStyle="none" gap="1" mt="1">
            {alerts.map((alert) => (
              <List.Item key={alert}>
                <Stack direction="row" align="center" justify="space-between" gap="3" wrap="wrap">
                  <span>{alertLabel(alert)}</span>
                  {editable ? (
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={`${LIFT_ALERT} : ${alertLabel(alert)}`}
                      onClick={() => setLifting(alert)}
                    >
                      {LIFT_ALERT}
                    </Button>
                  ) : null}
                </Stack>
              </List.Item>
            ))}
          </List.Root>
        </Alert.Content>
      </Alert.Root>
      <LiftAlertDialog
        alert={lifting}
        busy={busy}
        onCancel={() => setLifting(null)}
        onConfirm={(days, reason) => void lift(days, reason)}
      />
    </>
  );
}
