import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serveApi } from '../../features/documents/test/fixtures';
import { Providers } from '../../test/render';
import { setToken } from '../api/token';
import { PdfViewer } from './PdfViewer';
import { openInViewer, usePdfViewer } from './store';

describe('PdfViewer', () => {
  beforeEach(() => {
    setToken('tok');
    usePdfViewer.getState().close();
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:img'), revokeObjectURL: jest.fn() });
  });

  it('shows an image in the same overlay, and closes with Fermer', async () => {
    const calls = serveApi(() => ({
      status: 200,
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      headers: { 'content-type': 'image/png' },
    }));
    render(
      <Providers>
        <PdfViewer />
      </Providers>,
    );
    act(() => openInViewer({ path: '/documents/for/p/document/d', title: 'Photo' }));
    const viewer = await screen.findByTestId('pdf-viewer');
    expect(await within(viewer).findByRole('img')).toHaveAttribute('src', 'blob:img');
    expect(calls[0].headers.Authorization).toBe('Bearer tok');
    expect(within(viewer).getByRole('button', { name: 'Page suivante' })).toBeDisabled();
    await userEvent.click(within(viewer).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByTestId('pdf-viewer')).toBeNull());
  });

  it("names the image by the file's name, not by the stored file's id", async () => {
    serveApi(() => ({
      status: 200,
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      headers: {
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename="6b0737517090524c1f468739.png"',
      },
    }));
    render(
      <Providers>
        <PdfViewer />
      </Providers>,
    );
    act(() => openInViewer({ path: '/documents/for/p/document/d', title: 'quittance-mai.png' }));
    const viewer = await screen.findByTestId('pdf-viewer');
    expect(await within(viewer).findByRole('img')).toHaveAttribute('alt', 'quittance-mai.png');
    expect(within(viewer).getByRole('heading', { name: 'quittance-mai.png' })).toBeInTheDocument();
  });

  it('says so when the document cannot be read', async () => {
    serveApi(() => ({ status: 404, body: { message: 'Introuvable' } }));
    render(
      <Providers>
        <PdfViewer />
      </Providers>,
    );
    act(() => openInViewer({ path: '/documents/for/p/document/d', title: 'Bail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce document est introuvable.');
  });
});
