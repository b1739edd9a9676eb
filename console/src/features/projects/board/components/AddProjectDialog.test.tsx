import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../../shared/api/token';
import { stubFetch } from '../../../../test/http';
import { Providers } from '../../test/fixtures';
import { AddProjectDialog } from './AddProjectDialog';

function open(onCreated = jest.fn()) {
  render(
    <Providers>
      <AddProjectDialog open onClose={jest.fn()} onCreated={onCreated} />
    </Providers>,
  );
  return onCreated;
}

const LILLE = {
  features: [
    {
      geometry: { coordinates: [3.06, 50.63] },
      properties: { label: 'Lille', city: 'Lille', postcode: '59000', name: 'Lille' },
    },
  ],
};

/** The product API answers `api`; its address search answers Lille. */
function serve(api: () => { status: number; body?: unknown }) {
  const calls = stubFetch((call) =>
    call.url.startsWith('/v1/address/search') ? { status: 200, body: LILLE } : api(),
  );
  return { customerCalls: () => calls.filter((c) => c.url.startsWith('/v1/customer')) };
}

async function fillRequired() {
  await userEvent.type(screen.getByLabelText(/E-mail/), 'Marie.Durand@Example.fr');
  await userEvent.type(screen.getByLabelText(/Prénom/), 'Marie');
  await userEvent.type(screen.getByLabelText(/^Nom/), 'Durand');
  await userEvent.type(screen.getByLabelText(/Entreprise/), 'Acme');
  await userEvent.type(screen.getByLabelText(/Ville actuelle/), 'Lille');
  await userEvent.click(await screen.findByRole('option', { name: 'Lille' }));
}

describe('add-project dialog', () => {
  beforeEach(() => setToken('t'));

  it('shows the rule engine messages and sends nothing while the form is invalid', async () => {
    const { customerCalls } = serve(() => ({ status: 200, body: { _id: 'x' } }));
    open();
    await userEvent.type(screen.getByLabelText(/E-mail/), 'pas-un-mail');
    await userEvent.type(screen.getByLabelText(/Téléphone/), '06 12');

    await userEvent.click(screen.getByRole('button', { name: 'Créer le projet' }));

    expect(await screen.findByText("L'entreprise est obligatoire")).toBeInTheDocument();
    expect(screen.getByText('Doit être une adresse e-mail valide.')).toBeInTheDocument();
    expect(screen.getAllByText('Obligatoire').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('Invalide')).toBeInTheDocument();
    expect(customerCalls()).toHaveLength(0);
  });

  it('posts the customer with the e-mail lowercased, then reports the new id', async () => {
    const { customerCalls } = serve(() => ({ status: 200, body: { _id: 'new1' } }));
    const onCreated = open();
    await fillRequired();
    await userEvent.selectOptions(screen.getByLabelText('Type de contrat'), 'En mutation');

    await userEvent.click(screen.getByRole('button', { name: 'Créer le projet' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new1'));
    const [call] = customerCalls();
    expect(call.url).toBe('/v1/customer');
    expect(JSON.parse(String(call.body))).toEqual({
      email: 'marie.durand@example.fr',
      firstName: 'Marie',
      lastName: 'Durand',
      company: 'Acme',
      actualCity: 'Lille',
      fromAddressObject: {
        label: 'Lille',
        lat: 50.63,
        lng: 3.06,
        city: 'Lille',
        postcode: '59000',
        route: 'Lille',
      },
      contractType: 'En mutation',
    });
  });

  it("says 'L'adresse mail existe déjà' for duplicateMail", async () => {
    serve(() => ({ status: 400, body: { message: 'duplicateMail' } }));
    const onCreated = open();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Créer le projet' }));

    expect(await screen.findByText("L'adresse mail existe déjà")).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
