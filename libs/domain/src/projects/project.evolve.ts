import { ALL_ALERTS } from './alerts';
import { Project, emptyProject } from './project';
import { ProjectEvent } from './project.events';

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

/** Folds one event; every event raises `revision` by one, as the stream's revision does. */
export function evolveProject(state: Project, event: ProjectEvent): Project {
  return foldProjectEvent({ ...state }, event);
}

/**
 * Folds one event into `state` itself, for replays that fold many events of one file in
 * memory: top-level fields are replaced (in the order `evolveProject` always spread them, so
 * new keys land where they did), nested values are never mutated but replaced by new ones.
 * Answers the state: `state` itself, or a new object for ProjectCreated.
 */
export function foldProjectEvent(state: Project, event: ProjectEvent): Project {
  const revision = state.revision + 1;
  if (event.type === 'ProjectCreated') {
    const fieldRevisions = Object.fromEntries(
      Object.keys(event.data.fields).map((f) => [f, revision]),
    );
    // Assigned in the order a spread of these would write them (same keys, same order).
    return Object.assign(emptyProject(event.data.projectId), event.data.fields, {
      revision,
      fieldRevisions,
      assignees: event.data.assignees,
      createdAt: event.data.createdAt,
      progress: { projectCreated: event.data.createdAt },
      currentProgress: 'projectCreated' as const,
    });
  }
  const record = state as unknown as Record<string, unknown>;
  // Values are computed from the state before the event, then written in the spread's order.
  const writes: [string, unknown][] = [['revision', revision]];
  switch (event.type) {
    case 'ProjectFieldsChanged': {
      const fields = Object.keys(event.data.changes);
      const changes = event.data.changes as Record<string, unknown>;
      for (const field of fields) writes.push([field, changes[field]]);
      const fieldRevisions = { ...state.fieldRevisions };
      const fieldAuthors = { ...state.fieldAuthors };
      for (const field of fields) {
        fieldRevisions[field] = revision;
        fieldAuthors[field] = event.data.by;
      }
      writes.push(['fieldRevisions', fieldRevisions], ['fieldAuthors', fieldAuthors]);
      break;
    }
    case 'ProjectStageChanged':
      writes.push(
        ['currentProgress', event.data.to],
        ['progress', { ...state.progress, [event.data.to]: event.data.at }],
      );
      // The superadmin's move past the gates records what it bypassed (audit).
      if (event.data.bypassed?.length)
        writes.push([
          'forcedStages',
          { ...(state.forcedStages ?? {}), [event.data.to]: event.data.bypassed },
        ]);
      break;
    case 'ProjectStopped':
      writes.push(
        ['stopped', true],
        ['abortMotivation', event.data.reason],
        ['progress', { ...state.progress, stopped: event.data.at }],
        [
          'alertsSkipped',
          event.data.skipAlertsUntil
            ? { ...state.alertsSkipped, [ALL_ALERTS]: event.data.skipAlertsUntil }
            : state.alertsSkipped,
        ],
      );
      break;
    case 'ProjectRestarted': {
      const { stopped: _stopped, ...progress } = state.progress;
      writes.push(['stopped', false], ['abortMotivation', null], ['progress', progress]);
      break;
    }
    case 'ProjectAssigneeChanged':
      writes.push(['assignees', { ...state.assignees, [event.data.role]: event.data.to }]);
      break;
    case 'ProjectTagsChanged':
      writes.push(['tags', event.data.tags]);
      break;
    case 'ProjectServiceToggled': {
      const { name, done } = event.data;
      const known = state.services.some((service) => service.name === name);
      writes.push([
        'services',
        known
          ? state.services.map((service) => (service.name === name ? { name, done } : service))
          : [...state.services, { name, done }],
      ]);
      break;
    }
    case 'ProjectAlertRaised':
      writes.push(
        ['alerts', { ...state.alerts, [event.data.alert]: event.data.at }],
        [
          'activeAlerts',
          state.activeAlerts.includes(event.data.alert)
            ? state.activeAlerts
            : [...state.activeAlerts, event.data.alert],
        ],
      );
      break;
    case 'ProjectAlertCleared':
      writes.push(
        ['alerts', withoutKey(state.alerts, event.data.alert)],
        ['activeAlerts', state.activeAlerts.filter((alert) => alert !== event.data.alert)],
      );
      break;
    case 'ProjectAlertLifted':
      writes.push(
        ['alertsSkipped', { ...state.alertsSkipped, [event.data.alert]: event.data.until }],
        ['activeAlerts', state.activeAlerts.filter((alert) => alert !== event.data.alert)],
      );
      break;
    case 'ProjectIncomeOverridden':
      writes.push([
        'overrides',
        {
          ...state.overrides,
          income: { trigram: event.data.trigram, date: event.data.date },
        },
      ]);
      break;
    case 'ProjectEstateChosen':
      writes.push(['chosenEstate', event.data.hostId]);
      break;
    case 'ProjectBillingOverridden':
      writes.push(['billingOverrides', event.data.overrides]);
      break;
    case 'ProjectDeleted':
      writes.push(['deleted', true]);
      break;
  }
  for (const [key, value] of writes) record[key] = value;
  return state;
}
