import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { Providers } from '../../../test/render';
import { serveApi, type Call } from '../../documents/test/fixtures';
import { polyfillPointerEvent } from '../../documents/test/pointer';
import { template } from '../test/fixtures';
import type { SignatureTemplateDto } from '../types';
import { SignatureTemplatesPanel } from './SignatureTemplatesPanel';

const pdf = (size = 2000, name = 'modele.pdf', type = 'application/pdf') => {
  const file = new File(['%PDF-1.7'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

function serveTemplates(list: SignatureTemplateDto[]) {
  return serveApi((call: Call) => {
    if (call.url === '/v1/signature-templates?offset=0&size=100')
      return { status: 200, body: list, headers: { 'x-total-count': String(list.length) } };
    if (call.url === '/v1/signature-templates' && call.method === 'POST')
      return {
        status: 201,
        body: template('c9', {
          name: 'Nouveau',
          step: 'mission',
          documentType: 'endOfMissionReport',
        }),
      };
    if (call.method === 'PUT')
      return { status: 200, body: { ...list[0], ...(call.body as object) } };
    if (call.url.endsWith('/update-template-edition-url'))
      return { status: 200, body: { url: '/v1/signature-files/tok' } };
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

const renderPanel = () =>
  render(
    <Providers>
      <SignatureTemplatesPanel />
    </Providers>,
  );

describe('Signature templates (admin)', () => {
  beforeAll(polyfillPointerEvent);
  beforeEach(() => setToken('tok'));

  it('lists the templates and switches one off with a PUT', async () => {
    const calls = serveTemplates([template('c1', { hasCoRequester: true })]);
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Modèles de signature' });
    const row = within(table).getByTestId('template-row-c1');
    expect(within(row).getByText('Modèle 1')).toBeVisible();
    expect(within(row).getAllByText("Lettre d'engagement")).toHaveLength(2);
    expect(within(row).getByText('Oui')).toBeVisible();

    await userEvent.click(within(row).getByLabelText('Modèle « Modèle 1 » actif'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/v1/signature-templates/c1',
      body: { name: 'Modèle 1', step: 'engagement', hasCoRequester: true, active: false },
    });
  });

  it('checks the file of a new template before sending: PDF only, 10 Mo at most', async () => {
    const calls = serveTemplates([]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un modèle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un modèle' });
    const user = userEvent.setup({ applyAccept: false });
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le modèle' }));
    expect(within(dialog).getByText('Le nom est obligatoire')).toBeVisible();
    expect(within(dialog).getByText('Le fichier est obligatoire')).toBeVisible();

    const input = within(dialog).getByLabelText(/Fichier PDF/);
    await user.upload(input, pdf(2000, 'modele.docx', 'application/msword'));
    expect(within(dialog).getByText('Seuls les fichiers PDF sont acceptés')).toBeVisible();
    await user.upload(input, pdf(10_000_001));
    expect(within(dialog).getByText('Votre fichier ne doit pas faire plus de 10Mo')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.upload(input, pdf(10_000_000));
    expect(within(dialog).queryByText(/Votre fichier ne doit pas/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/Nom du modèle/), 'Nouveau');
    await user.selectOptions(within(dialog).getByLabelText('Étape'), 'mission');
    await user.selectOptions(
      within(dialog).getByLabelText('Type de document'),
      'endOfMissionReport',
    );
    await user.click(within(dialog).getByLabelText('Co-signataire (co-locataire)'));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le modèle' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(body.get('name')).toBe('Nouveau');
    expect(body.get('step')).toBe('mission');
    expect(body.get('documentType')).toBe('endOfMissionReport');
    expect(body.get('hasCoRequester')).toBe('true');
    expect((body.get('file') as File).name).toBe('modele.pdf');
    expect(await screen.findByTestId('template-row-c9')).toBeVisible();
  });

  it("shows the edition URL of 'Modifier le modèle' in an iframe", async () => {
    serveTemplates([template('c1')]);
    renderPanel();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Modifier le modèle « Modèle 1 »' }),
    );
    expect(await screen.findByTestId('edit-template-frame')).toHaveAttribute(
      'src',
      '/v1/signature-files/tok',
    );
  });
});
