import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { type RecordedCall, stubFetch } from '../../../test/http';
import { renderRoute, signIn } from '../../projects/test/fixtures';
import { useShellStore } from '../../shell/store';
import { polyfillPointerEvent } from '../../documents/test/pointer';
import { PROSPECT_ID, prospectDoc } from '../test/fixtures';
import { ProspectPage } from './ProspectPage';

jest.setTimeout(20_000);

type Reply = { status: number; body?: unknown };
const URL_ = `/v1/prospects/${PROSPECT_ID}`;

function serve(
  onPut: (body: Record<string, unknown>, n: number) => Reply,
  first = prospectDoc(),
  later = first,
) {
  let n = 0;
  let gets = 0;
  return stubFetch((call: RecordedCall) => {
    if (call.url === URL_ && call.method === 'GET') {
      gets += 1;
      return { status: 200, body: gets > 1 ? later : first };
    }
    if (call.url === URL_ && call.method === 'PUT') {
      n += 1;
      return onPut(JSON.parse(String(call.body)) as Record<string, unknown>, n);
    }
    if (call.url === URL_ && call.method === 'DELETE')
      return { status: 200, body: { message: 'ok' } };
    if (call.url === '/v1/prospects/tags') return { status: 200, body: ['Grand compte'] };
    if (call.url.startsWith(`/v1/comments/for/${PROSPECT_ID}`)) return { status: 200, body: [] };
    if (call.url === `${URL_}/timeline`)
      return { status: 200, body: [{ _id: 't1', date: '2026-01-05', label: 'Création' }] };
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

const puts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(String(c.body)) as unknown);

const open = (path = `/prospect/${PROSPECT_ID}`) =>
  renderRoute('/prospect/:id/:tab?/:subId?', path, <ProspectPage />);

describe('prospect page', () => {
  beforeAll(polyfillPointerEvent);
  beforeEach(() => {
    useShellStore.getState().reset();
    setToken('t');
  });

  it('lists what blocks the next stage and autosaves only the changed field', async () => {
    signIn('SALE');
    const calls = serve((body) => ({
      status: 200,
      body: prospectDoc({ ...body, _revision: 4 }),
    }));
    open();
    const next = await screen.findByRole('button', { name: 'Passer en Prospects' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription(/SIRET : /);
    expect(screen.getByText(/Appels, mails, rendez-vous/)).toBeInTheDocument();
    expect(screen.queryByTestId('monthly-chart')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Admin' })).toBeNull();

    fireEvent.change(screen.getByLabelText('SIRET'), { target: { value: '12345678900012' } });
    await waitFor(() => expect(puts(calls)).toHaveLength(1), { timeout: 3000 });
    expect(puts(calls)[0]).toEqual({ _revision: 3, siret: '12345678900012' });
  });

  it('moves to the next stage once it is valid', async () => {
    signIn('SALE');
    const ready = prospectDoc({
      siret: '12345678900012',
      address: 'Paris',
      employeesCount: '10-50',
      structureType: 'siege',
      type: 'entreprise',
      origin: 'linkedin',
    });
    const calls = serve(
      (body) => ({ status: 200, body: prospectDoc({ ...body, _revision: 4 }) }),
      ready,
    );
    open();
    const next = await screen.findByRole('button', { name: 'Passer en Prospects' });
    expect(next).toBeEnabled();
    await userEvent.setup().click(next);
    await waitFor(() => expect(puts(calls)).toEqual([{ _revision: 3, currentProgress: 'toCall' }]));
  });

  it('abandons with a reason (text when other) and unticking clears it', async () => {
    signIn('SALE');
    const calls = serve((body) => ({
      status: 200,
      body: prospectDoc({
        _revision: 4,
        progress: { stopped: body.notInterested !== null },
        notInterested: body.notInterested === null ? null : 'Trop petit',
        abandonReason: body.notInterested === null ? null : { reason: 'other', text: 'Trop petit' },
      }),
    }));
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByText('Abandonné'));
    const dialog = await screen.findByRole('dialog', { name: 'Abandonner le prospect' });
    expect(
      within(within(dialog).getByLabelText(/Raison/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choisir une raison',
      'Autre prestataire',
      'Pas une priorité',
      'Non éligible',
      'Autre',
    ]);
    const confirm = within(dialog).getByRole('button', { name: 'Abandonner' });
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText('Choisissez une raison pour abandonner.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/Raison/), 'other');
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText('Précisez la raison pour abandonner.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Précisez/), 'Trop petit');
    await user.click(within(dialog).getByRole('button', { name: 'Abandonner' }));
    expect(await screen.findByTestId('abandon-reason')).toHaveTextContent('Trop petit');
    expect(puts(calls)[0]).toEqual({
      _revision: 3,
      notInterested: { reason: 'other', text: 'Trop petit' },
    });

    await user.click(screen.getByRole('checkbox', { name: 'Abandonné' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ _revision: 4, notInterested: null });
  });

  it('leaves the box unticked when the abandon dialog is cancelled', async () => {
    signIn('SALE');
    const calls = serve(() => ({ status: 200, body: prospectDoc() }));
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByText('Abandonné'));
    const dialog = await screen.findByRole('dialog', { name: 'Abandonner le prospect' });
    await user.selectOptions(within(dialog).getByLabelText(/Raison/), 'priority');
    expect(within(dialog).getByRole('button', { name: 'Abandonner' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Abandonner le prospect' })).toBeNull(),
    );
    expect(screen.getByRole('checkbox', { name: 'Abandonné' })).not.toBeChecked();
    expect(puts(calls)).toHaveLength(0);
  });

  it('keeps the user text on a 409 and offers the choice', async () => {
    signIn('SALE');
    serve(
      (_body, n) =>
        n === 1
          ? {
              status: 409,
              body: {
                message: 'conflict',
                fields: ['actionsDone'],
                current: { actionsDone: 'Leur texte' },
              },
            }
          : { status: 200, body: prospectDoc({ _revision: 5 }) },
      prospectDoc(),
      prospectDoc({ _revision: 4, actionsDone: 'Leur texte' }),
    );
    open();
    const field = await screen.findByLabelText('Actions réalisées');
    fireEvent.change(field, { target: { value: 'Mon texte' } });
    expect(
      await screen.findByTestId('conflict-actionsDone', {}, { timeout: 3000 }),
    ).toHaveTextContent('Leur texte');
    expect(screen.getByLabelText('Actions réalisées')).toHaveValue('Mon texte');
  });

  it('shows the chart with data, the superadmin stage choices, and the admin tab with deletion', async () => {
    signIn('SUPERADMIN');
    const calls = serve(
      () => ({ status: 200, body: prospectDoc() }),
      prospectDoc({
        monthlyStats: [
          { month: '2026-01', clicks: 3, created: 1, relocated: 0 },
          { month: '2026-02', clicks: 5, created: 2, relocated: 1 },
        ],
        tooltip: 'Aucun dossier associé à ce prospect',
      }),
    );
    const router = open();
    expect(await screen.findByTestId('monthly-chart')).toBeInTheDocument();
    expect(screen.getByText('Aucun dossier associé à ce prospect')).toBeInTheDocument();
    const stages = within(screen.getByLabelText('Étape')).getAllByRole('option');
    expect(stages.map((o) => o.textContent)).toEqual([
      '[00] Nouveaux prospects',
      '[01] Prospects',
      '[02] 1er contact établi',
      '[03] Démo',
      '[04] Intéressé',
      '[05] Bêta testeur, 1 client à reloger',
      '[06] Partenariat conclu',
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/prospect/${PROSPECT_ID}/admin`),
    );
    await user.click(await screen.findByRole('button', { name: 'Supprimer le prospect' }));
    expect(screen.getByText('Etes vous sûr ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prospects'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === URL_)).toBe(true);
  });

  it('adds a tag with the prospect tags suggested, through PUT', async () => {
    signIn('SALE');
    const calls = serve((body) => ({ status: 200, body: prospectDoc({ ...body, _revision: 4 }) }));
    open();
    const input = await screen.findByLabelText('Ajouter une étiquette');
    await waitFor(() =>
      expect(document.querySelector('datalist option')).toHaveAttribute('value', 'Grand compte'),
    );
    const user = userEvent.setup();
    await user.type(input, 'Grand compte{Enter}');
    await waitFor(() => expect(puts(calls)).toEqual([{ _revision: 3, tags: ['Grand compte'] }]));
    expect(
      await screen.findByRole('button', { name: 'Retirer l’étiquette Grand compte' }),
    ).toBeInTheDocument();
  });

  it('shows the company link once the server gives one, and searches the address', async () => {
    signIn('SALE');
    serve(() => ({ status: 200, body: prospectDoc() }), prospectDoc({ companyLink: '/v1/c/acme' }));
    open();
    const link = await screen.findByRole('link', { name: 'Lien entreprise' });
    expect(link).toHaveAttribute('href', `${window.location.origin}/v1/c/acme`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('À compléter (6)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Adresse' })).toBeInTheDocument();
  });

  it('explains a 403 in French', async () => {
    signIn('OPERATOR');
    stubFetch(() => ({
      status: 403,
      body: { message: "Vous n'êtes ni lead ni commercial sur ce prospect" },
    }));
    open();
    expect(await screen.findByText('Accès refusé')).toBeInTheDocument();
    expect(
      screen.getByText("Vous n'êtes ni lead ni commercial sur ce prospect"),
    ).toBeInTheDocument();
  });
});
