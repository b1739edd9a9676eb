import { projectTimelineEntry, type TimelineEntry } from '../timeline/project-timeline';
import { fieldLabel } from './field-labels';
import type { Project } from './project';
import { projectDecider } from './project.decider';
import { isProjectEventType, type ProjectEvent } from './project.events';
import { evolveProject } from './project.evolve';
import { stageLabel } from './stages';

/**
 * The timeline entry each event of a file's stream makes (null: none), in the stream's order:
 * each read from the file's state before and after the event. Events of other types make none
 * and change nothing. The history tab is this, computed when it is read.
 */
export function projectHistory(
  events: readonly { type: string; data: unknown }[],
): (TimelineEntry | null)[] {
  let state: Project | null = null;
  return events.map((event) => {
    if (!isProjectEventType(event.type)) return null;
    const before: Project | null = state;
    // A new state each event (a copy): `before` keeps the values the event replaced.
    const after: Project = evolveProject(
      before ?? projectDecider.initialState(),
      event as ProjectEvent,
    );
    state = after;
    return projectTimelineEntry(
      event.type,
      before as unknown as Record<string, unknown> | null,
      after as unknown as Record<string, unknown>,
      stageLabel,
      fieldLabel,
    );
  });
}
