import { alertLabel } from '../projects/alerts';

/**
 * The timeline entry an event makes in a file's history, read from the state before and
 * after it (so it does not depend on each event's payload). French, as the console shows it.
 */
export type TimelineEntry = { type: string; label: string; params: Record<string, unknown> };

type State = Record<string, unknown> | null;

const ROLE_LABELS: Record<string, string> = {
  prescriptor: 'prescripteur',
  lead: 'lead',
  sale: 'commercial',
  dispatcher: 'répartiteur',
  reloc: 'reloc',
  alsender: 'envoi AL',
};

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** The entry of a move from one stage to another. */
function stageChangeEntry(
  from: string,
  to: string,
  stageLabel: (stage: string) => string,
): TimelineEntry {
  return {
    type: 'CHANGEMENT_STATUT',
    label: `Étape : ${stageLabel(from)} → ${stageLabel(to)}`,
    params: { from, to },
  };
}

/**
 * The entry of an alert raised on the file (a new one, or raised again: its date changed) or
 * cleared once its cause is gone, with the alert's label. ('Alerte levée' is the staff's own
 * lift, as the console's 'Lever l'alerte' button says.)
 */
function alertChangeEntry(before: unknown, after: unknown): TimelineEntry | null {
  const was = asRecord(before);
  const is = asRecord(after);
  if (was === is) return null;
  const raised = Object.keys(is).find((alert) => was[alert] !== is[alert]);
  if (raised !== undefined)
    return {
      type: 'ALERTE_DECLENCHEE',
      label: `Alerte déclenchée : ${alertLabel(raised)}`,
      params: { alert: raised },
    };
  const cleared = Object.keys(was).find((alert) => !(alert in is));
  if (cleared === undefined) return null;
  return {
    type: 'ALERTE_RESOLUE',
    label: `Alerte résolue : ${alertLabel(cleared)}`,
    params: { alert: cleared },
  };
}

/** The entry of the first role (in the assignees' key order) whose holder changed, if any. */
function assigneeChangeEntry(before: unknown, after: unknown): TimelineEntry | null {
  const beforeAssignees = asRecord(before);
  const afterAssignees = asRecord(after);
  if (beforeAssignees === afterAssignees) return null;
  for (const role of Object.keys({ ...beforeAssignees, ...afterAssignees })) {
    if (beforeAssignees[role] !== afterAssignees[role]) {
      const from = (beforeAssignees[role] as string | null) ?? null;
      const to = (afterAssignees[role] as string | null) ?? null;
      return {
        type: 'ROLE_CHANGE',
        label: `Affectation ${ROLE_LABELS[role] ?? role} : ${from ?? '—'} → ${to ?? '—'}`,
        params: { role, from, to },
      };
    }
  }
  return null;
}

export function projectTimelineEntry(
  eventType: string,
  before: State,
  after: State,
  stageLabel: (stage: string) => string,
  fieldLabel: (field: string) => string,
): TimelineEntry | null {
  if (!after) return null;
  if (!before || eventType === 'ProjectCreated')
    return { type: 'CREATION', label: 'Création', params: {} };
  if (eventType === 'ProjectDeleted')
    return { type: 'SUPPRESSION', label: 'Dossier supprimé', params: {} };
  if (before.currentProgress !== after.currentProgress)
    return stageChangeEntry(
      String(before.currentProgress),
      String(after.currentProgress),
      stageLabel,
    );
  if (before.stopped !== after.stopped) {
    return after.stopped
      ? {
          type: 'ABANDON',
          label: 'Dossier abandonné',
          params: { reason: after.abortMotivation ?? null },
        }
      : { type: 'REPRISE', label: 'Dossier repris', params: {} };
  }
  // A value an event did not replace is the same object before and after (replays fold in
  // place): equal without serialising it.
  const same = (key: string) =>
    before[key] === after[key] || JSON.stringify(before[key]) === JSON.stringify(after[key]);
  const roleChange = assigneeChangeEntry(before.assignees, after.assignees);
  if (roleChange) return roleChange;
  if (!same('tags'))
    return { type: 'TAGS', label: 'Étiquettes modifiées', params: { tags: after.tags } };
  if (!same('services')) return { type: 'SERVICES', label: 'Services modifiés', params: {} };
  if (!same('alertsSkipped'))
    return {
      type: 'ALERTE',
      label: 'Alerte levée',
      params: { alertsSkipped: after.alertsSkipped },
    };
  const alertChange = alertChangeEntry(before.alerts, after.alerts);
  if (alertChange) return alertChange;
  if (before.chosenEstate !== after.chosenEstate)
    return {
      type: 'BIEN_CHOISI',
      label: after.chosenEstate ? 'Bien retenu' : 'Bien retenu retiré',
      params: { hostId: after.chosenEstate ?? null },
    };
  const changed = Object.keys({ ...before, ...after }).filter(
    (key) => !MODIFICATION_IGNORED.has(key) && !same(key),
  );
  return modificationEntry(changed, fieldLabel);
}

/** Fields whose change makes no MODIFICATION entry (bookkeeping). */
const MODIFICATION_IGNORED: ReadonlySet<string> = new Set([
  'revision',
  'fieldRevisions',
  'fieldAuthors',
  'updatedAt',
]);

/**
 * The entry listing the changed fields (in the file's field order), if any changed: each label
 * once (an address and its geocoded form share theirs), the first five.
 */
function modificationEntry(
  changed: string[],
  fieldLabel: (field: string) => string,
): TimelineEntry | null {
  if (!changed.length) return null;
  const labels = [...new Set(changed.map(fieldLabel))];
  return {
    type: 'MODIFICATION',
    label: `Fiche modifiée : ${labels.slice(0, 5).join(', ')}${labels.length > 5 ? '…' : ''}`,
    params: { fields: changed },
  };
}
