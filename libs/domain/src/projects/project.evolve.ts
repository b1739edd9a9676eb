import { ALL_ALERTS } from './alerts';
import { Project, emptyProject } from './project';
import { ProjectEvent } from './project.events';

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

/** Folds one event; every event raises `revision` by one, as the stream's revision does. */
export function evolveProject(state: Project, event: ProjectEvent): Project {
  const revision = state.revision + 1;
  const next = { ...state, revision };
  switch (event.type) {
    case 'ProjectCreated': {
      const fieldRevisions = Object.fromEntries(
        Object.keys(event.data.fields).map((f) => [f, revision]),
      );
      return {
        ...emptyProject(event.data.projectId),
        ...event.data.fields,
        revision,
        fieldRevisions,
        assignees: event.data.assignees,
        createdAt: event.data.createdAt,
        progress: { projectCreated: event.data.createdAt },
        currentProgress: 'projectCreated',
      };
    }
    case 'ProjectFieldsChanged': {
      const fields = Object.keys(event.data.changes);
      return {
        ...next,
        ...event.data.changes,
        fieldRevisions: {
          ...state.fieldRevisions,
          ...Object.fromEntries(fields.map((f) => [f, revision])),
        },
        fieldAuthors: {
          ...state.fieldAuthors,
          ...Object.fromEntries(fields.map((f) => [f, event.data.by])),
        },
      };
    }
    case 'ProjectStageChanged':
      return {
        ...next,
        currentProgress: event.data.to,
        progress: { ...state.progress, [event.data.to]: event.data.at },
        ...(event.data.bypassed?.length
          ? {
              forcedStages: {
                ...(state.forcedStages ?? {}),
                [event.data.to]: event.data.bypassed,
              },
            }
          : {}),
      };
    case 'ProjectStopped':
      return {
        ...next,
        stopped: true,
        abortMotivation: event.data.reason,
        progress: { ...state.progress, stopped: event.data.at },
        alertsSkipped: event.data.skipAlertsUntil
          ? { ...state.alertsSkipped, [ALL_ALERTS]: event.data.skipAlertsUntil }
          : state.alertsSkipped,
      };
    case 'ProjectRestarted': {
      const { stopped: _stopped, ...progress } = state.progress;
      return { ...next, stopped: false, abortMotivation: null, progress };
    }
    case 'ProjectAssigneeChanged':
      return { ...next, assignees: { ...state.assignees, [event.data.role]: event.data.to } };
    case 'ProjectTagsChanged':
      return { ...next, tags: event.data.tags };
    case 'ProjectServiceToggled': {
      const { name, done } = event.data;
      const known = state.services.some((service) => service.name === name);
      return {
        ...next,
        services: known
          ? state.services.map((service) => (service.name === name ? { name, done } : service))
          : [...state.services, { name, done }],
      };
    }
    case 'ProjectAlertRaised':
      return {
        ...next,
        alerts: { ...state.alerts, [event.data.alert]: event.data.at },
        activeAlerts: state.activeAlerts.includes(event.data.alert)
          ? state.activeAlerts
          : [...state.activeAlerts, event.data.alert],
      };
    case 'ProjectAlertCleared':
      return {
        ...next,
        alerts: withoutKey(state.alerts, event.data.alert),
        activeAlerts: state.activeAlerts.filter((alert) => alert !== event.data.alert),
      };
    case 'ProjectAlertLifted':
      return {
        ...next,
        alertsSkipped: { ...state.alertsSkipped, [event.data.alert]: event.data.until },
        activeAlerts: state.activeAlerts.filter((alert) => alert !== event.data.alert),
      };
    case 'ProjectIncomeOverridden':
      return {
        ...next,
        overrides: {
          ...state.overrides,
          income: { trigram: event.data.trigram, date: event.data.date },
        },
      };
    case 'ProjectEstateChosen':
      return { ...next, chosenEstate: event.data.hostId };
    case 'ProjectBillingOverridden':
      return { ...next, billingOverrides: event.data.overrides };
    case 'ProjectDeleted':
      return { ...next, deleted: true };
  }
}
