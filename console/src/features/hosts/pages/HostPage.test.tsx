import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { HOST_SYNC_INTERVAL_MS } from '../hooks/useHostSync';
import {
  type Call,
  HOST_ID,
  hostDto,
  proposalTo,
  type Reply,
  renderRoute,
  serve,
} from '../test/fixtures';
import type { HostDto, HostProposal } from '../types';
import { HostPage } from './HostPage';

jest.setTimeout(30_000);

const LEASES = [
  { _id: 'l1', firstName: 'Marie', lastName: 'Durand', userId: 'marie@example.fr' },
  { _id: 'l2', firstName: 'Paul', lastName: 'Martin', userId: 'paul@example.fr' },
];

type Script = {
  host?: Reply;
  put?: (call: Call) => Reply;
  propose?: Reply;
  proposals?: HostProposal[];
};

/** The API of the host page: the host, its proposals, the active files, the sync and the add. */
function api(script: Script = {}) {
  let host: HostDto = hostDto();
  const calls = serve((call) => {
    if (call.url === `/v1/hosts/${HOST_ID}` && call.method === 'GET')
      return script.host ?? { status: 200, body: host };
    if (call.url === `/v1/hosts/${HOST_ID}` && call.method === 'PUT') {
      const reply = script.put?.(call);
      if (reply) return reply;
      host = { ...host, ...(call.body as Partial<HostDto>) };
      return { status: 200, body: host };
    }
    if (call.url === `/v1/proposals/host/${HOST_ID}`)
      return { status: 200, body: script.proposals ?? [] };
    if (call.url === '/v1/leases')
      return { status: 200, body: { leases: LEASES, total: LEASES.length, counts: {} } };
    if (call.url.startsWith('/v1/proposals/lease/'))
      return script.propose ?? { status: 200, body: {} };
    return { status: 404, body: { message: 'Introuvable' } };
  });
  return {
    puts: () => calls.filter((c) => c.method === 'PUT'),
    calls,
  };
}

const open = () => renderRoute('/host/:id', `/host/${HOST_ID}`, <HostPage />);
const tick = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

let user: ReturnType<typeof userEvent.setup>;

describe('host page', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    setToken('t');
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows a spinner, then the address, the id and the warnings', async () => {
    api({
      host: {
        status: 200,
        body: hostDto({
          warnings: [
            "L'adresse exacte du bien n'a pas été saisie",
            'Pas de géolocalisation (adresse invalide ?)',
          ],
        }),
      },
    });
    open();
    expect(screen.getByText('Chargement du bien…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: '10 Rue de Rivoli 75004 Paris' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('host-id')).toHaveTextContent(HOST_ID);
    expect(screen.getByText("L'adresse exacte du bien n'a pas été saisie")).toBeInTheDocument();
    expect(screen.getByText('Pas de géolocalisation (adresse invalide ?)')).toBeInTheDocument();
    expect(screen.getByLabelText(/Disponible le/)).toHaveValue('01/12/2026');
  });

  it("shows 'Aucun résultat' and a way back for an unknown host", async () => {
    api({ host: { status: 404, body: { message: "Ce bien n'existe pas" } } });
    open();
    expect(await screen.findByText('Aucun résultat')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la liste des biens' })).toHaveAttribute(
      'href',
      '/hosts',
    );
  });

  it('syncs the changed fields every 2 s', async () => {
    const { puts } = api();
    open();
    const price = await screen.findByLabelText(/Prix/);
    await user.clear(price);
    await user.type(price, '1300');
    expect(puts()).toHaveLength(0);

    await tick(HOST_SYNC_INTERVAL_MS);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ price: '1300' });
    await waitFor(() =>
      expect(screen.getByTestId('host-sync-status')).toHaveTextContent('Enregistré'),
    );

    await tick(HOST_SYNC_INTERVAL_MS * 2);
    expect(puts()).toHaveLength(1); // nothing new to send
  });

  it('skips the sync while the edit rules fail, and shows why', async () => {
    const { puts } = api();
    open();
    const link = await screen.findByLabelText(/Lien de l'annonce/);
    await user.clear(link);

    expect(await screen.findByText('Obligatoire')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nombre de pièces/), ',5');
    expect(screen.getByText('Doit être un nombre entier')).toBeInTheDocument();
    await tick(HOST_SYNC_INTERVAL_MS * 3);
    expect(puts()).toHaveLength(0);
    expect(screen.getByTestId('host-sync-status')).toHaveAttribute('data-status', 'invalid');

    await user.type(screen.getByLabelText(/Nombre de pièces/), '{Backspace}{Backspace}');
    await user.type(link, 'https://annonces.example.fr/2');
    await tick(HOST_SYNC_INTERVAL_MS);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ externalId: 'https://annonces.example.fr/2' });
  });

  it("shows 'Une erreur a eu lieu' when the sync fails, and keeps the input", async () => {
    api({ put: () => ({ status: 500, body: { message: 'boom' } }) });
    open();
    const name = await screen.findByLabelText(/Nom du contact/);
    await user.clear(name);
    await user.type(name, 'Agence Opéra');
    await tick(HOST_SYNC_INTERVAL_MS);

    expect(await screen.findByText('Une erreur a eu lieu')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nom du contact/)).toHaveValue('Agence Opéra');
    expect(screen.getByTestId('host-sync-status')).toHaveAttribute('data-status', 'error');
  });

  it('sends what is pending when the user leaves the page', async () => {
    const { puts } = api();
    const router = open();
    const description = await screen.findByLabelText('Description');
    await user.type(description, ' et calme');
    expect(puts()).toHaveLength(0);

    await act(() => router.navigate('/hosts'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ description: 'Lumineux et calme' });
  });

  it('sends the switches and the photo list like any field', async () => {
    const { puts } = api({
      host: { status: 200, body: hostDto({ photoUrlEstate: ['p1', 'p2'] }) },
    });
    open();
    // The switch last: jsdom has no PointerEvent for zag's blur handler.
    await user.click(await screen.findByRole('button', { name: 'Retirer la photo 1' }));
    await user.click(screen.getByLabelText('Publié'));
    await tick(HOST_SYNC_INTERVAL_MS);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ publish: false, photoUrlEstate: ['p2'] });
  });

  it('uploads photos and adds them to the host; 413 says the file is too big', async () => {
    let upload: Reply = { status: 200, body: { _id: 'ph9' } };
    const calls = serve((call) => {
      if (call.url === `/v1/hosts/${HOST_ID}` && call.method === 'GET')
        return { status: 200, body: hostDto({ photoUrlEstate: ['p1'] }) };
      if (call.url === `/v1/hosts/${HOST_ID}`) return { status: 200, body: hostDto() };
      if (call.url.startsWith('/v1/cache/upload')) return upload;
      if (call.url === '/v1/leases') return { status: 200, body: { leases: [], total: 0 } };
      return { status: 200, body: [] };
    });
    open();
    const input = await screen.findByTestId('host-photo-input');
    const photo = new File(['png'], 'salon.png', { type: 'image/png' });
    await user.upload(input, photo);

    await waitFor(() => expect(screen.getAllByTestId('host-photo')).toHaveLength(2));
    const sent = calls.find((c) => c.url.startsWith('/v1/cache/upload'));
    expect(sent?.url).toBe('/v1/cache/upload?type=image');
    expect((sent?.body as FormData).get('file')).toBeInstanceOf(File);
    await tick(HOST_SYNC_INTERVAL_MS);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { photoUrlEstate: ['p1', 'ph9'] },
      ]),
    );

    upload = { status: 413, body: { message: 'Payload Too Large' } };
    await user.upload(input, photo);
    expect(await screen.findByText('Le fichier est trop gros (maxi 16Mo)')).toBeInTheDocument();
    expect(screen.getAllByTestId('host-photo')).toHaveLength(2);
  });

  it("lists the proposed files, 5 then 'voir tout'", async () => {
    const proposals = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id, i) =>
      proposalTo(`l${id}`, `Client${i}`),
    );
    api({ proposals });
    open();
    const list = await screen.findByTestId('proposed-files');
    expect(within(list).getAllByTestId('proposed-file')).toHaveLength(5);
    expect(within(list).getAllByTestId('proposed-file')[0]).toHaveAttribute('href', '/project/la');
    expect(within(list).getByText('la@example.fr')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '… voir tout (7)' }));
    expect(within(list).getAllByTestId('proposed-file')).toHaveLength(7);
  });

  it("keeps 'Ajouter' disabled until a file is chosen, then proposes the host to it", async () => {
    const { calls } = api();
    open();
    const add = await screen.findByRole('button', { name: 'Ajouter' });
    expect(add).toBeDisabled();
    const file = screen.getByRole('combobox', { name: 'Dossier' });
    expect(file).toHaveAccessibleDescription('Nom ou mail');

    await user.type(file, 'mari');
    expect(add).toBeDisabled();
    await user.click(
      await screen.findByRole('option', { name: 'Marie Durand — marie@example.fr' }),
    );
    expect(add).toBeEnabled();

    await user.click(add);
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST' && c.url.startsWith('/v1/proposals/')),
      ).toEqual([{ url: `/v1/proposals/lease/l1/host/${HOST_ID}`, method: 'POST', body: {} }]),
    );
    // The proposed files are read again.
    await waitFor(() =>
      expect(calls.filter((c) => c.url === `/v1/proposals/host/${HOST_ID}`)).toHaveLength(2),
    );
    expect(file).toHaveValue('');
  });

  it('picks a file with the keyboard', async () => {
    api();
    open();
    const file = await screen.findByRole('combobox', { name: 'Dossier' });
    await user.type(file, 'example');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(file).toHaveValue('Paul Martin — paul@example.fr');
    expect(screen.getByRole('button', { name: 'Ajouter' })).toBeEnabled();
  });

  it("says 'Cette proposition existe déjà' on 409, and only flags other failures", async () => {
    let reply: Reply = { status: 409, body: { message: 'Cette proposition existe déjà' } };
    serve((call) => {
      if (call.url === `/v1/hosts/${HOST_ID}`) return { status: 200, body: hostDto() };
      if (call.url === `/v1/proposals/host/${HOST_ID}`) return { status: 200, body: [] };
      if (call.url === '/v1/leases')
        return { status: 200, body: { leases: LEASES, total: 2, counts: {} } };
      return reply;
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    open();
    const file = await screen.findByRole('combobox', { name: 'Dossier' });
    await user.type(file, 'paul');
    await user.click(await screen.findByRole('option', { name: 'Paul Martin — paul@example.fr' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Cette proposition existe déjà')).toBeInTheDocument();
    expect(file).not.toHaveAttribute('aria-invalid', 'true');

    reply = { status: 500, body: { message: 'boom' } };
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(file).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText('Cette proposition existe déjà')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
