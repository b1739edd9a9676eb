import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { type RecordedCall, stubFetch } from '../../../test/http';
import { Providers } from '../../projects/test/fixtures';
import { PROSPECT_ID } from '../test/fixtures';
import { FilesPane } from './FilesPane';

const FILE_ID = '65a1b2c3d4e5f607182900ff';
const attached = {
  _id: FILE_ID,
  name: 'plaquette.pdf',
  mime: 'application/pdf',
  size: 10,
  addedAt: '2026-02-01T10:00:00.000Z',
  by: 'u1',
};

describe('prospect files', () => {
  beforeEach(() => setToken('t'));

  it('uploads then attaches a file, and removes it', async () => {
    const calls = stubFetch((call: RecordedCall) => {
      if (call.url === '/v1/cache/upload?type=files')
        return { status: 200, body: { _id: FILE_ID } };
      if (call.url === `/v1/prospects/${PROSPECT_ID}/files` && call.method === 'POST')
        return { status: 200, body: [attached] };
      if (call.method === 'DELETE') return { status: 200, body: { message: 'ok' } };
      return { status: 404, body: { message: 'Introuvable' } };
    });
    render(
      <Providers>
        <FilesPane prospectId={PROSPECT_ID} initial={[]} editable />
      </Providers>,
    );
    expect(screen.getByText('Aucun fichier')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('Fichier à joindre'),
      new File(['%PDF'], 'plaquette.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('plaquette.pdf')).toBeInTheDocument();
    // Uploaded for the prospect: its files are read only by those who may open it.
    expect((calls[0].body as FormData).get('target')).toBe(PROSPECT_ID);
    expect(calls[1].body).toBe(JSON.stringify({ fileId: FILE_ID }));

    await user.click(screen.getByRole('button', { name: 'Retirer plaquette.pdf' }));
    await waitFor(() => expect(screen.queryByText('plaquette.pdf')).toBeNull());
    expect(calls[2]).toMatchObject({
      method: 'DELETE',
      url: `/v1/prospects/${PROSPECT_ID}/files/${FILE_ID}`,
    });
  });
});
