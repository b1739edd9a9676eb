import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../shared/api/token';
import { type RecordedCall, stubFetch } from '../../test/http';
import { Providers } from '../../test/render';
import { signIn } from '../projects/test/fixtures';
import { useShellStore } from '../shell/store';
import { AuditHistoryTab } from './AuditHistoryTab';
import { indexAt, instantsOf } from './components/AuditTimeControls';
import { formatValue, fromLocalInput, toLocalInput } from './format';
import type { AuditEntry } from './types';

const STREAM = 'project-6740a1b2c3d4e5f601234567';
const BASE = `/v1/audit/streams/${STREAM}`;
const T = ['2026-11-20T09:00:00.000Z', '2026-11-21T09:00:00.000Z', '2026-11-22T09:00:00.000Z'];

const entry = (revision: number, label: string, changes: AuditEntry['changes']): AuditEntry => ({
  id: `e${revision}`,
  revision,
  position: 100 + revision,
  type: 'ProjectFieldsChanged',
  label,
  createdAt: T[revision],
  actor: { id: 'u1', trigram: 'CMA', role: 'ADMIN', name: 'Claire Martin' },
  correlationId: 'c',
  causationId: null,
  chain: { prev: null, hash: 'h' },
  changes,
});

const EVENTS = [
  entry(0, 'Création du projet', [
    { field: 'job', label: 'Poste', before: null, after: 'Stagiaire' },
  ]),
  entry(1, 'Champs modifiés', [
    { field: 'job', label: 'Poste', before: 'Stagiaire', after: 'Ingénieure' },
  ]),
  entry(2, 'Champs modifiés', [
    { field: 'job', label: 'Poste', before: 'Ingénieure', after: 'Architecte' },
  ]),
];
const JOBS = ['Stagiaire', 'Ingénieure', 'Architecte'];

function serve(
  history: { status: number; body?: unknown } = {
    status: 200,
    body: { stream: STREAM, aggregate: 'project', label: 'Projet', events: EVENTS },
  },
) {
  return stubFetch((call: RecordedCall) => {
    if (call.url === BASE) return history;
    if (call.url.startsWith(`${BASE}/state?at=`)) {
      const at = decodeURIComponent(call.url.split('at=')[1]);
      const revision = T.filter((t) => t <= at).length - 1;
      return {
        status: 200,
        body: {
          stream: STREAM,
          at,
          revision,
          state: revision < 0 ? null : { job: JOBS[revision] },
          groups:
            revision < 0
              ? []
              : [
                  {
                    title: 'Projet',
                    fields: [
                      { field: 'job', label: 'Poste', value: JOBS[revision] },
                      { field: 'nationality', label: 'Nationalité', value: null },
                    ],
                  },
                ],
        },
      };
    }
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

const shown = () => within(screen.getByRole('region', { name: /Le dossier au/ }));

describe('Historique', () => {
  beforeEach(() => {
    useShellStore.getState().reset();
    setToken('t');
  });

  it('lists the events with their diffs and shows the file as it was at the slider instant', async () => {
    signIn('ADMIN');
    const calls = serve();
    render(
      <Providers>
        <AuditHistoryTab stream={STREAM} />
      </Providers>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Chargement de l’historique…');
    await screen.findByRole('region', { name: /Le dossier au/ });
    expect(await shown().findByText('Architecte')).toBeInTheDocument();
    const events = screen.getByRole('list', { name: 'Événements' });
    expect(within(events).getAllByText('Champs modifiés')).toHaveLength(2);
    expect(within(events).getByText('Création du projet')).toBeInTheDocument();
    expect(within(events).getAllByText(/Claire Martin \(CMA\)/)).toHaveLength(3);

    const slider = screen.getByRole('slider', { name: 'Remonter le temps' });
    expect(slider).toHaveValue('2');
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringContaining('3 sur 3'));
    fireEvent.change(slider, { target: { value: '1' } });
    expect(await shown().findByText('Ingénieure')).toBeInTheDocument();
    expect(shown().getByText('Poste')).toBeInTheDocument();
    expect(calls.some((c) => c.url === `${BASE}/state?at=${encodeURIComponent(T[1])}`)).toBe(true);
    // The later event is marked as after the instant shown.
    expect(within(events).getByText('après l’instant affiché')).toBeInTheDocument();

    // The keyboard moves the slider too (native range input).
    slider.focus();
    fireEvent.change(slider, { target: { value: '0' } });
    expect(await shown().findByText('Stagiaire')).toBeInTheDocument();

    // Empty fields appear on demand.
    expect(shown().getByText('Stagiaire')).toBeInTheDocument();
    expect(shown().queryByText('Nationalité')).toBeNull();
    fireEvent.click(shown().getByLabelText('Afficher les champs vides'));
    expect(shown().getByText('Nationalité')).toBeInTheDocument();

    // The date-time field, typed in French: the day before the first event shows nothing yet.
    const picker = screen.getByLabelText('Date et heure affichées');
    fireEvent.change(picker, { target: { value: '19/11/2026 08:00:00' } });
    expect(
      await shown().findByText('Le dossier n’existait pas encore à cet instant.'),
    ).toBeInTheDocument();
  });

  it('offers both exports', async () => {
    signIn('SUPERADMIN');
    serve();
    render(
      <Providers>
        <AuditHistoryTab stream={STREAM} />
      </Providers>,
    );
    expect(await screen.findByRole('button', { name: 'Télécharger (JSON)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger (PDF)' })).toBeInTheDocument();
  });

  it('says when there is no history, and when loading failed', async () => {
    signIn('ADMIN');
    serve({ status: 404, body: { message: 'Flux introuvable' } });
    const { unmount } = render(
      <Providers>
        <AuditHistoryTab stream={STREAM} />
      </Providers>,
    );
    expect(await screen.findByText('Aucun événement')).toBeInTheDocument();
    unmount();
    serve({ status: 500, body: { message: 'boom' } });
    render(
      <Providers>
        <AuditHistoryTab stream={STREAM} />
      </Providers>,
    );
    expect(await screen.findByText('L’historique n’a pas pu être chargé.')).toBeInTheDocument();
  });

  it('refuses an operator without calling the API', async () => {
    signIn('OPERATOR');
    const calls = serve();
    render(
      <Providers>
        <AuditHistoryTab stream={STREAM} />
      </Providers>,
    );
    expect(screen.getByText('Accès refusé')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(0));
  });

  it('reads and writes local date-times to the end of the second shown', () => {
    const at = fromLocalInput('2026-11-22T10:15:30');
    expect(at).toBe(new Date(2026, 10, 22, 10, 15, 30, 999).toISOString());
    expect(toLocalInput(at!)).toBe('2026-11-22T10:15:30');
    expect(fromLocalInput('2026-11-22T10:15')).toBe(
      new Date(2026, 10, 22, 10, 15, 59, 999).toISOString(),
    );
    expect(fromLocalInput('')).toBeNull();
    expect(formatValue(new Date(2026, 10, 22, 10, 15, 30).toISOString())).toBe(
      '22/11/2026 10:15:30',
    );
    expect(formatValue([true, null, { label: 'Lyon' }])).toBe('Oui, —, Lyon');
  });

  it('steps the slider over distinct instants: a batch of events is one step', () => {
    const batch = [EVENTS[0], { ...EVENTS[1], createdAt: T[0] }, EVENTS[2]];
    const instants = instantsOf(batch);
    expect(instants.map((i) => [i.at, i.count, i.last.revision])).toEqual([
      [T[0], 2, 1],
      [T[2], 1, 2],
    ]);
    expect(indexAt(instants, T[1])).toBe(0);
    expect(indexAt(instants, '2026-01-01T00:00:00.000Z')).toBe(-1);
  });
});
