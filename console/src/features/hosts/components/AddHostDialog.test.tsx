import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { ADDRESS_ANSWER, type Call, type Reply, Providers, serve } from '../test/fixtures';
import { AddHostDialog } from './AddHostDialog';

function open(onCreated = jest.fn()) {
  render(
    <Providers>
      <AddHostDialog open onClose={jest.fn()} onCreated={onCreated} />
    </Providers>,
  );
  return onCreated;
}

/** The address search answers Rivoli; the hosts calls answer `hosts`. */
function api(hosts: (call: Call) => Reply) {
  const calls = serve((call) =>
    call.url.startsWith('/v1/address/search') ? { status: 200, body: ADDRESS_ANSWER } : hosts(call),
  );
  return () => calls.filter((c) => c.url.startsWith('/v1/hosts'));
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Créer le bien' }));

async function fillValid() {
  await userEvent.type(screen.getByRole('combobox', { name: /Adresse/ }), '10 rue de Rivoli');
  await userEvent.click(
    await screen.findByRole('option', { name: '10 Rue de Rivoli 75004 Paris' }),
  );
  await paste(/Lien de l'annonce/, 'https://annonces.example.fr/42');
  await userEvent.type(screen.getByLabelText(/Surface/), '45,5');
  await userEvent.type(screen.getByLabelText(/Nombre de pièces/), '2');
  await userEvent.type(screen.getByLabelText(/Prix/), '1200');
  await paste(/E-mail du contact/, 'agence@example.fr');
}

// Typing through Chakra fields is slow on the shared CI cores.
jest.setTimeout(30_000);

/** Long values are pasted: the rules see the same text, faster than key by key. */
async function paste(label: RegExp, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

describe('add-host dialog', () => {
  beforeEach(() => setToken('t'));

  it('shows the §5 add rules per field and sends nothing while they fail', async () => {
    const hostCalls = api(() => ({ status: 200, body: { _id: 'x' } }));
    open();

    await submit();
    expect(await screen.findAllByText('Obligatoire')).toHaveLength(3); // address, link, rooms

    await paste(/Lien de l'annonce/, 'annonces.example.fr');
    await userEvent.type(screen.getByLabelText(/Surface/), '0');
    await userEvent.type(screen.getByLabelText(/Nombre de pièces/), '11');
    await userEvent.type(screen.getByLabelText(/Prix/), 'cher');
    await paste(/E-mail du contact/, 'agence');
    await submit();

    expect(await screen.findByText('Doit être une URL valide.')).toBeInTheDocument();
    expect(screen.getByText('Doit être supérieur ou égal à 1')).toBeInTheDocument();
    expect(screen.getByText('Doit être inférieur ou égal à 10')).toBeInTheDocument();
    expect(screen.getByText('Doit être un nombre')).toBeInTheDocument();
    expect(screen.getByText('Doit être une adresse e-mail valide.')).toBeInTheDocument();
    expect(hostCalls()).toHaveLength(0);
  });

  it('wants an address chosen among the suggestions', async () => {
    const hostCalls = api(() => ({ status: 200, body: { _id: 'x' } }));
    open();
    await userEvent.type(screen.getByRole('combobox', { name: /Adresse/ }), '10 rue inconnue');
    await submit();
    expect(await screen.findAllByText('Choisissez une adresse proposée')).not.toHaveLength(0);
    expect(hostCalls()).toHaveLength(0);
  });

  it('creates the host, then sends the form to it, then opens it', async () => {
    const hostCalls = api((call) =>
      call.method === 'POST'
        ? { status: 200, body: { _id: 'new1' } }
        : { status: 200, body: { _id: 'new1' } },
    );
    const onCreated = open();
    await fillValid();
    await submit();

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new1'));
    const [create, put] = hostCalls();
    expect([create.method, create.url, create.body]).toEqual(['POST', '/v1/hosts', {}]);
    expect([put.method, put.url]).toEqual(['PUT', '/v1/hosts/new1']);
    expect(put.body).toEqual({
      address: '10 Rue de Rivoli 75004 Paris',
      addressObject: {
        label: '10 Rue de Rivoli 75004 Paris',
        lat: 48.85,
        lng: 2.36,
        city: 'Paris',
        postcode: '75004',
        route: 'Rue de Rivoli',
      },
      externalId: 'https://annonces.example.fr/42',
      carrez: '45,5',
      numberOfRoom: '2',
      price: '1200',
      description: null,
      contactName: null,
      contactPhoneNumber: null,
      contactEmail: 'agence@example.fr',
      isActive: true,
      publish: true,
      photoUrlEstate: [],
    });
  });

  it("says 'Une erreur a eu lieu : adresse incorrecte ?' when a call fails", async () => {
    api((call) =>
      call.method === 'POST'
        ? { status: 200, body: { _id: 'new1' } }
        : { status: 500, body: { message: 'boom' } },
    );
    const onCreated = open();
    await fillValid();
    await submit();

    expect(
      await screen.findByText('Une erreur a eu lieu : adresse incorrecte ?'),
    ).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Prix/)).toHaveValue('1200'); // nothing typed is lost
  });
});
