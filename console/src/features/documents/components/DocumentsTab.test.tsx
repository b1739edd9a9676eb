import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PDFDocument } from 'pdf-lib';
import { setToken } from '../../../shared/api/token';
import { usePdfViewer } from '../../../shared/pdf-viewer';
import { PdfViewer } from '../../../shared/pdf-viewer/PdfViewer';
import { Providers } from '../../../test/render';
import { deferred, signIn } from '../../projects/test/fixtures';
import { useShellStore } from '../../shell/store';
import { useDocumentsStore } from '../store';
import {
  type Call,
  defaultDocuments,
  docsPath,
  driveFile,
  GARANT,
  IDENTITY,
  incomplete,
  PROJECT,
  READY,
  type Reply,
  serveApi,
  slot,
  WAGES,
  LOCATIF,
} from '../test/fixtures';
import { polyfillPointerEvent } from '../test/pointer';
import type { Readiness } from '../types';
import { DocumentsTab } from './DocumentsTab';

jest.setTimeout(20_000);

type Routes = {
  readiness?: () => Readiness | Promise<Readiness>;
  documents?: () => Reply;
  other?: (call: Call) => Reply | undefined;
};

function serveDocuments(routes: Routes = {}) {
  return serveApi(async (call) => {
    const answered = routes.other?.(call);
    if (answered) return answered;
    if (call.url === `${docsPath}/readiness`)
      return { status: 200, body: await (routes.readiness?.() ?? READY) };
    if (call.url === docsPath && call.method === 'GET')
      return routes.documents?.() ?? { status: 200, body: defaultDocuments() };
    if (call.url.startsWith('/v1/signature')) return { status: 200, body: [] };
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

const renderTab = () =>
  render(
    <Providers>
      <DocumentsTab projectId={PROJECT} />
      <PdfViewer />
    </Providers>,
  );

const slotOf = (folderTitle: string, type: string) => {
  const found = screen
    .getAllByTestId(`doc-slot-${type}`)
    .find((element) => element.getAttribute('data-folder') === folderTitle);
  if (!found) throw new Error(`no ${type} slot in ${folderTitle}`);
  return found;
};

const file = (name: string, type: string, size = 10) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('Documents tab', () => {
  beforeAll(polyfillPointerEvent);

  beforeEach(() => {
    useShellStore.getState().reset();
    useDocumentsStore.getState().reset();
    usePdfViewer.getState().close();
    setToken('tok');
    signIn('OPERATOR');
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:doc'),
      revokeObjectURL: jest.fn(),
    });
  });

  it('shows the folders and their slots with the files expected vs present', async () => {
    serveDocuments();
    renderTab();
    const wages = await screen.findByTestId('doc-slot-wages');
    expect(wages).toHaveAttribute('data-folder', 'Dossier Locatif');
    expect(within(wages).getByText('3 derniers bulletins de salaire')).toBeVisible();
    expect(within(wages).getByLabelText('1 fichier sur 3 attendus')).toHaveTextContent('1 / 3');
    expect(within(wages).getByText('bulletin-janvier.pdf')).toBeVisible();
    expect(slotOf('Dossier Garant', 'identity')).toHaveAttribute('data-complete', 'false');
    const locatif = screen.getByRole('region', { name: 'Dossier Locatif' });
    expect(within(locatif).getByLabelText('Pack')).toHaveValue('Locataire');
    const garant = screen.getByRole('region', { name: 'Dossier Garant' });
    expect(within(garant).getByLabelText('Pack')).toHaveValue('Garant physique');
  });

  it('shows the readiness: loading, then what is missing, with the override and its undo', async () => {
    const first = deferred<Readiness>();
    let overridden = false;
    const calls = serveDocuments({
      readiness: () => (overridden ? incomplete(true) : first.promise),
      other: (call) => {
        if (call.url !== `${docsPath}/override`) return undefined;
        overridden = (call.body as { override: boolean }).override;
        return { status: 200, body: overridden ? incomplete(true) : incomplete(false) };
      },
    });
    renderTab();
    const banner = await screen.findByTestId('documents-readiness');
    expect(banner).toHaveAttribute('data-status', 'loading');

    await act(async () => first.resolve(incomplete(false)));
    await waitFor(() =>
      expect(screen.getByTestId('documents-readiness')).toHaveAttribute(
        'data-status',
        'incomplete',
      ),
    );
    const missing = within(screen.getByTestId('documents-readiness'));
    expect(
      missing.getByText('Des documents manquent : la soumission est impossible.'),
    ).toBeVisible();
    expect(
      missing.getByText(/3 derniers bulletins de salaire \(2 fichiers manquants\)/),
    ).toBeVisible();
    expect(missing.getByText(/Pièce d'identité \(1 fichier manquant\)/)).toBeVisible();

    await userEvent.click(missing.getByRole('button', { name: 'Soumettre quand même' }));
    await waitFor(() =>
      expect(screen.getByTestId('documents-readiness')).toHaveAttribute(
        'data-status',
        'incomplete-submission',
      ),
    );
    expect(
      calls.filter((c) => c.url === `${docsPath}/override`).map((c) => [c.method, c.body]),
    ).toEqual([['PUT', { override: true }]]);

    await userEvent.click(screen.getByRole('button', { name: 'Annuler la dérogation' }));
    await waitFor(() =>
      expect(screen.getByTestId('documents-readiness')).toHaveAttribute(
        'data-status',
        'incomplete',
      ),
    );
    expect(calls.filter((c) => c.url === `${docsPath}/override`).at(-1)?.body).toEqual({
      override: false,
    });
  });

  it("says 'ok' once every required document is there", async () => {
    serveDocuments({ readiness: () => READY });
    renderTab();
    await waitFor(() =>
      expect(screen.getByTestId('documents-readiness')).toHaveAttribute('data-status', 'ok'),
    );
    expect(screen.getByText('Tous les documents obligatoires sont présents.')).toBeVisible();
  });

  it('refuses a file that is neither an image nor a PDF before sending it', async () => {
    const calls = serveDocuments();
    renderTab();
    const wages = await screen.findByTestId('doc-slot-wages');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      within(wages).getByLabelText('Fichier pour « 3 derniers bulletins de salaire »'),
      file('notes.docx', 'application/msword'),
    );
    expect(within(wages).getByRole('alert')).toHaveTextContent(
      'Seul les images et les pdf sont acceptés',
    );
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("shows 'Le fichier est trop gros (maxi 16Mo)' on a 413, and the server's 400 message", async () => {
    let reply: Reply = { status: 413, body: { message: 'Le fichier est trop gros (maxi 16Mo)' } };
    const calls = serveDocuments({
      other: (call) => (call.url === `${docsPath}/document/${WAGES}/upload` ? reply : undefined),
    });
    renderTab();
    const wages = await screen.findByTestId('doc-slot-wages');
    const input = within(wages).getByLabelText('Fichier pour « 3 derniers bulletins de salaire »');
    await userEvent.upload(input, file('bulletin.pdf', 'application/pdf', 17 * 1024 * 1024));
    expect(await within(wages).findByRole('alert')).toHaveTextContent(
      'Le fichier est trop gros (maxi 16Mo)',
    );
    const upload = calls.find((c) => c.method === 'PUT');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('file') as File).name).toBe('bulletin.pdf');
    expect(upload?.headers.Authorization).toBe('Bearer tok');

    reply = { status: 400, body: { message: 'Seul les images et les pdf sont acceptés' } };
    await userEvent.upload(input, file('faux.pdf', 'application/pdf'));
    await waitFor(() =>
      expect(within(wages).getByRole('alert')).toHaveTextContent(
        'Seul les images et les pdf sont acceptés',
      ),
    );
  });

  it('uploads a file, then shows the new count', async () => {
    let documents = defaultDocuments();
    serveDocuments({
      documents: () => ({ status: 200, body: documents }),
      other: (call) => {
        if (call.url !== `${docsPath}/document/${WAGES}/upload`) return undefined;
        const updated = slot(WAGES, LOCATIF, 'wages', [
          driveFile('bulletin-janvier.pdf'),
          driveFile('bulletin-fevrier.pdf'),
        ]);
        documents = documents.map((d) => (d._id === WAGES ? updated : d));
        return { status: 200, body: updated };
      },
    });
    renderTab();
    const wages = await screen.findByTestId('doc-slot-wages');
    await userEvent.upload(
      within(wages).getByLabelText('Fichier pour « 3 derniers bulletins de salaire »'),
      file('bulletin-fevrier.pdf', 'application/pdf'),
    );
    expect(await within(wages).findByText('bulletin-fevrier.pdf')).toBeVisible();
    expect(within(wages).getByTestId('doc-slot-count')).toHaveTextContent('2 / 3');
  });

  it('removes a file only after confirmation', async () => {
    const documents = defaultDocuments();
    const cni = documents.find((d) => d._id === IDENTITY)!.driveId[0];
    const calls = serveDocuments({
      documents: () => ({ status: 200, body: documents }),
      other: (call) => (call.method === 'DELETE' ? { status: 204 } : undefined),
    });
    renderTab();
    const identity = await screen.findAllByTestId('doc-slot-identity');
    await userEvent.click(within(identity[0]).getByRole('button', { name: 'Supprimer cni.pdf' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer le fichier' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      `${docsPath}/document/${IDENTITY}?fileOnly=true&fileId=${cni.fileId}`,
    );
  });

  it('offers every document type but the generated ones, and adds a document to a folder', async () => {
    const calls = serveDocuments({
      other: (call) =>
        call.url === docsPath && call.method === 'POST'
          ? {
              status: 201,
              body: slot('e0000000000000000000000f', LOCATIF, 'bail', [], { required: false }),
            }
          : undefined,
    });
    renderTab();
    const folder = await screen.findByRole('region', { name: 'Dossier Locatif' });
    const select = within(folder).getByLabelText('Type du document');
    const values = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(values).toContain('bail');
    expect(values).not.toContain('eligibilite');
    expect(values).not.toContain('crmission');
    expect(values).not.toContain('mobilipass');

    await userEvent.selectOptions(select, 'bail');
    await userEvent.click(within(folder).getByRole('button', { name: 'Ajouter le document' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'file',
      name: 'Bail',
      folderId: LOCATIF,
      documentType: 'bail',
    });
  });

  it('merges the selected documents and opens the result in the viewer', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    doc.addPage([200, 200]);
    const pdf = await doc.save({ useObjectStreams: false });
    const MERGED = 'e000000000000000000000ff';
    const calls = serveDocuments({
      other: (call) => {
        if (call.url === `${docsPath}/_merge`)
          return {
            status: 201,
            body: slot(MERGED, LOCATIF, 'full', [driveFile('fusion.pdf')], {
              title: 'Dossier complet',
              required: false,
            }),
          };
        if (call.url === `${docsPath}/document/${MERGED}?format=pdf`)
          return {
            status: 200,
            bytes: pdf,
            headers: { 'Content-Disposition': 'attachment; filename="Dossier complet.pdf"' },
          };
        return undefined;
      },
    });
    renderTab();
    await screen.findByTestId('doc-slot-wages');
    expect(screen.queryByRole('button', { name: 'Fusionner' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sélectionner' }));
    const merge = screen.getByRole('button', { name: 'Fusionner' });
    expect(merge).toBeDisabled();
    // A document without files cannot be merged.
    expect(
      screen.getByLabelText("Sélectionner « Pièce d'identité » (Dossier Garant)"),
    ).toBeDisabled();

    await userEvent.click(
      screen.getByLabelText("Sélectionner « Pièce d'identité » (Dossier Locatif)"),
    );
    expect(merge).toBeDisabled();
    await userEvent.click(
      screen.getByLabelText('Sélectionner « 3 derniers bulletins de salaire » (Dossier Locatif)'),
    );
    expect(merge).toBeEnabled();
    await userEvent.click(merge);

    await waitFor(() => expect(calls.some((c) => c.url === `${docsPath}/_merge`)).toBe(true));
    expect(calls.find((c) => c.url === `${docsPath}/_merge`)?.body).toEqual({
      documentsId: [IDENTITY, WAGES],
    });
    const viewer = await screen.findByTestId('pdf-viewer');
    expect(within(viewer).getByText('Dossier complet')).toBeVisible();
    await waitFor(() =>
      expect(within(viewer).getByTestId('pdf-viewer-page')).toHaveTextContent('Page 1 / 2'),
    );
    const fetched = calls.find((c) => c.url === `${docsPath}/document/${MERGED}?format=pdf`);
    expect(fetched?.headers.Authorization).toBe('Bearer tok');
    expect(within(viewer).getByTestId('pdf-viewer-frame')).toHaveAttribute(
      'src',
      'blob:doc#page=1',
    );

    await userEvent.click(within(viewer).getByRole('button', { name: 'Page suivante' }));
    expect(within(viewer).getByTestId('pdf-viewer-page')).toHaveTextContent('Page 2 / 2');
    expect(within(viewer).getByTestId('pdf-viewer-frame')).toHaveAttribute(
      'src',
      'blob:doc#page=2',
    );
    expect(within(viewer).getByRole('button', { name: 'Page suivante' })).toBeDisabled();
    await userEvent.click(within(viewer).getByRole('button', { name: 'Page précédente' }));
    expect(within(viewer).getByTestId('pdf-viewer-page')).toHaveTextContent('Page 1 / 2');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('pdf-viewer')).toBeNull());
  });

  it('shows an error state when the documents cannot be read', async () => {
    serveDocuments({ documents: () => ({ status: 500, body: { message: 'boom' } }) });
    renderTab();
    expect(await screen.findByText('Les documents n’ont pas pu être chargés.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });

  it('removes a section after confirmation', async () => {
    const calls = serveDocuments({
      other: (call) => (call.method === 'DELETE' ? { status: 204 } : undefined),
    });
    renderTab();
    await screen.findByTestId('doc-slot-wages');
    await userEvent.click(
      screen.getByRole('button', { name: 'Supprimer la section « Dossier Garant »' }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
        `${docsPath}/document/${GARANT}?fileOnly=false`,
      ),
    );
  });
});
