import { Button, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import {
  isVisited,
  VISIT_CANCEL_REASONS,
  visitDateTimeFromIso,
  visitDateTimeToIso,
  visitInstantOf,
} from '@reloc/domain';
import { useState } from 'react';
import { lazyDialog } from '../../../shared/ui/lazyPart';
import { cancelVisitChange } from '../changes';
import { useProposalsStore } from '../store';
import type { ProposalRow } from '../types';
import { NotifyVisitButton } from './NotifyVisitButton';
import { VisitForm } from './VisitForm';

const CancelVisitDialog = lazyDialog(
  () => import('./CancelVisitDialog'),
  (m) => m.CancelVisitDialog,
  (props) => props.open,
);

/** The visit of a proposal: planned with the switch, then dated, authored, reported or cancelled. */
export function VisitBlock({ row, projectId }: { row: ProposalRow; projectId: string }) {
  const apply = useProposalsStore((state) => state.apply);
  const [cancelling, setCancelling] = useState(false);
  const planned = isVisited(row);
  const typed = visitDateTimeFromIso(row.visited?.dateVisite ?? null);

  const setPlanned = (on: boolean) => {
    if (on) {
      // The switch dates the visit now (spec §4), sent as typed: Paris date and time, minutes
      // rounded down to the 5-minute step, so that the visit is dated from the first click.
      const now = visitDateTimeFromIso(visitInstantOf(new Date().toISOString()));
      if (!now) return;
      const visited = {
        dateVisite: visitDateTimeToIso(now.date, now.time),
        author: row.visited?.author ?? null,
        authorOther: row.visited?.authorOther ?? null,
        report: row.visited?.report ?? null,
      };
      void apply(row.idSell, {
        body: { visited: { dateVisite: now.date, time: now.time } },
        patch: { visited, visitCancelled: false, visitCancelReason: null },
      });
    } else void apply(row.idSell, { body: { visited: null }, patch: { visited: null } });
  };

  return (
    <Stack gap="3" as="section" aria-label="Visite" data-testid={`visit-${row.idSell}`}>
      <Switch.Root checked={planned} onCheckedChange={(details) => setPlanned(details.checked)}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Visite planifiée</Switch.Label>
      </Switch.Root>
      {row.visitCancelled && row.visitCancelReason ? (
        <Text color="fg.error" data-testid={`visit-cancelled-${row.idSell}`}>
          Visite annulée : {VISIT_CANCEL_REASONS[row.visitCancelReason]}
        </Text>
      ) : null}
      {planned ? (
        <>
          <VisitForm key={JSON.stringify(row.visited)} row={row} />
          <HStack gap="2" flexWrap="wrap">
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setCancelling(true)}
            >
              Annuler la visite
            </Button>
            {typed && row._host?.address ? (
              <NotifyVisitButton
                projectId={projectId}
                hostId={row.idSell}
                notice={{ date: typed.date, time: typed.time, address: row._host.address }}
              />
            ) : null}
          </HStack>
        </>
      ) : null}
      <CancelVisitDialog
        open={cancelling}
        onCancel={() => setCancelling(false)}
        onConfirm={(reason) => {
          setCancelling(false);
          void apply(row.idSell, cancelVisitChange(reason));
        }}
      />
    </Stack>
  );
}
