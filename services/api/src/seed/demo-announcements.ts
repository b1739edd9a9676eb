import type { EventData } from '@reloc/eventstore';
import {
  ANNOUNCEMENT_STATUSES,
  AnnouncementCommand,
  announcementDecider,
  AnnouncementState,
  commentDecider,
  DomainEvent,
  leadProjectDecider,
  newObjectId,
} from '@reloc/domain';
import { CITIES, FIRST_NAMES, LAST_NAMES, ROUTES } from './demo-vocabulary';

export type DemoStream = { streamId: string; events: EventData[] };

/** An event as the executor would have written it then: who, and when it happened. */
function withTime(event: DomainEvent, at: string, trigram: string): EventData {
  return {
    ...event,
    metadata: {
      actor: { id: 'demo', trigram, role: 'SALE' },
      at,
      correlationId: null,
      causationId: null,
      schemaVersion: 1,
    },
  };
}

const SALES = ['SPE', 'ILE', 'HGA'];
const TITLES = [
  'Cherche studio meublé',
  'Recherche T2 proche gare',
  'Colocation pour alternant',
  'Logement pour mutation',
  'Cherche T1 près du centre',
];
const STOP_REASONS = ['A trouvé seul', 'Ne répond plus', 'Budget insuffisant'];
const DAY_MS = 86_400_000;

/**
 * Demo B2C announcements in every status (§4): the 'ok' ones converted into a client file at
 * projectCreated, the stopped ones with their 'Abandonné car "…"' comment. Built with the
 * deciders, so they are exactly what the API would have written.
 */
export function demoAnnouncements(count: number, now = Date.now()): DemoStream[] {
  const streams: DemoStream[] = [];
  for (let i = 0; i < count; i++) {
    const status = ANNOUNCEMENT_STATUSES[i % ANNOUNCEMENT_STATUSES.length];
    const created = new Date(now - (count - i) * DAY_MS * 0.7);
    const at = created.toISOString();
    // The follow-up (stop, callback, conversion) a few hours to days later, never in the future.
    const later = new Date(
      Math.min(now - 3_600_000, created.getTime() + (3 + ((i * 7) % 60)) * 3_600_000),
    ).toISOString();
    const sale = SALES[i % SALES.length];
    const actor = { id: 'demo', role: 'SALE', trigram: sale };
    const id = newObjectId(created);
    const city = CITIES[i % CITIES.length];
    const firstName = FIRST_NAMES[(i * 7) % FIRST_NAMES.length];
    const lastName = LAST_NAMES[(i * 11) % LAST_NAMES.length];
    const email = `annonce.${i + 1}@exemple.fr`;
    const commands: AnnouncementCommand[] = [
      {
        type: 'CreateAnnouncement',
        announcementId: id,
        fields: {
          title: `${TITLES[i % TITLES.length]} à ${city.label}`,
          url: `https://annonces.exemple.fr/b2c/${i + 1}`,
          address: `${(i % 40) + 1} ${ROUTES[i % ROUTES.length]} ${city.postcode} ${city.label}`,
          description: 'Annonce déposée sur le site grand public.',
          saleTrigram: sale,
          contactName: `${firstName} ${lastName}`,
          contactPhoneNumber: `06 12 34 ${String(10 + (i % 90)).padStart(2, '0')} ${String(i % 100).padStart(2, '0')}`,
          contactEmail: email,
        },
        actor,
        at,
      },
    ];
    const extra: DemoStream[] = [];
    if (status === 'stopped') {
      const reason = STOP_REASONS[i % STOP_REASONS.length];
      commands.push({
        type: 'UpdateAnnouncement',
        changes: {},
        currentProgress: 'stopped',
        stopReason: reason,
        actor,
        at: later,
      });
      const commentId = newObjectId(created);
      extra.push({
        streamId: `comment-${commentId}`,
        events: commentDecider
          .decide(
            {
              type: 'AddComment',
              commentId,
              targetId: id,
              content: `Abandonné car "${reason}"`,
              visibility: 'sales',
              owner: 'hil',
              actor,
              at: later,
            },
            null,
          )
          .map((event) => withTime(event, later, sale)),
      });
    } else if (status === 'ok') {
      const projectId = newObjectId(new Date(later));
      extra.push(
        {
          streamId: `unique-customer-email-${email}`,
          events: [{ type: 'UniqueValueClaimed', data: { ownerId: projectId } }],
        },
        {
          streamId: `project-${projectId}`,
          events: leadProjectDecider
            .decide(
              {
                type: 'CreateLeadProject',
                projectId,
                lead: { email, firstName, lastName, sale },
                actor,
                at: later,
              },
              leadProjectDecider.initialState(),
            )
            .map((event) => withTime(event, later, sale)),
        },
      );
      commands.push({ type: 'LinkAnnouncementProject', projectId, actor, at: later });
    } else if (status !== 'prospect') {
      commands.push({
        type: 'UpdateAnnouncement',
        changes: {},
        currentProgress: status,
        actor,
        at: later,
      });
    }
    let state: AnnouncementState = announcementDecider.initialState();
    const events: EventData[] = [];
    for (const command of commands) {
      const decided = announcementDecider.decide(command, state);
      state = decided.reduce(announcementDecider.evolve, state);
      // Each event carries its own backdated time (issue 15 point 26).
      events.push(...decided.map((event) => withTime(event, command.at, sale)));
    }
    streams.push(...extra.filter((s) => !s.streamId.startsWith('comment-')));
    streams.push({ streamId: `announcement-${id}`, events });
    streams.push(...extra.filter((s) => s.streamId.startsWith('comment-')));
  }
  return streams;
}
