import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { ProjectPage } from '../../projects/page/ProjectPage';
import { project, renderRoute, signIn } from '../../projects/test/fixtures';
import { useShellStore } from '../../shell/store';
import { useDocumentsStore } from '../store';
import { defaultDocuments, READY, serveApi } from '../test/fixtures';

jest.setTimeout(20_000);

function servePage() {
  return serveApi((call) => {
    if (call.url === '/v1/lease/p1' && call.method === 'GET')
      return { status: 200, body: project() };
    if (call.url === '/v1/documents/for/p1') return { status: 200, body: defaultDocuments() };
    if (call.url === '/v1/documents/for/p1/readiness') return { status: 200, body: READY };
    if (call.url === '/v1/documents/for/p1/document/templated/fiche_renseignement')
      return {
        status: 200,
        bytes: new TextEncoder().encode('%PDF-1.7'),
        headers: {
          'Content-Disposition': 'attachment; filename="fiche-renseignement-Marie-Durand.pdf"',
        },
      };
    if (call.url === '/v1/lease/tags') return { status: 200, body: [] };
    if (call.url.startsWith('/v1/comments') || call.url.startsWith('/v1/timeline'))
      return { status: 200, body: [] };
    if (call.url.startsWith('/v1/signature')) return { status: 200, body: [] };
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

describe('project page: documents and information sheet', () => {
  beforeEach(() => {
    useShellStore.getState().reset();
    useDocumentsStore.getState().reset();
    setToken('t');
    signIn('OPERATOR');
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
  });

  it('shows the Documents tab at /project/{id}/documents', async () => {
    servePage();
    renderRoute('/project/:id/:tab?/:subId?', '/project/p1/documents', <ProjectPage />);
    expect(await screen.findByTestId('doc-slot-wages')).toHaveAttribute(
      'data-folder',
      'Dossier Locatif',
    );
    await waitFor(() =>
      expect(screen.getByTestId('documents-readiness')).toHaveAttribute('data-status', 'ok'),
    );
  });

  it('downloads the information sheet from the Tenant tab', async () => {
    const calls = servePage();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoute('/project/:id/:tab?/:subId?', '/project/p1/tenant', <ProjectPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Télécharger la fiche de renseignement' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const sheet = calls.find((c) => c.url.endsWith('/templated/fiche_renseignement'));
    expect(sheet?.headers.Authorization).toBe('Bearer t');
    click.mockRestore();
  });
});
