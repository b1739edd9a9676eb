import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../shared/api/token';
import { stubFetch } from '../../test/http';
import { renderRoute } from '../../test/render';
import { signIn } from '../projects/test/fixtures';
import { useShellStore } from '../shell/store';
import { HelpPage } from './pages/HelpPage';

jest.setTimeout(20_000);

const ITEM = {
  _id: '65a1b2c3d4e5f60718290001',
  title: 'Premiers pas',
  content: '<h2>Bienvenue</h2><p>Le <strong>guide</strong>.</p>',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const FILE = {
  _id: '65a1b2c3d4e5f60718290f01',
  name: 'procédure.pdf',
  size: 20480,
  mime: 'application/pdf',
  createdAt: '2026-11-01T10:00:00.000Z',
  href: '/v1/cache/file/65a1b2c3d4e5f60718290f01',
};

const openHelp = () => renderRoute('/help', '/help', <HelpPage />);

describe("knowledge base 'Mon compte'", () => {
  beforeEach(() => {
    useShellStore.getState().reset();
    setToken('t');
  });

  it('shows expandable articles, opened by keyboard, with their files; no admin buttons for others', async () => {
    signIn('OPERATOR', 'JBE');
    const calls = stubFetch((call) =>
      call.url.startsWith('/v1/cache/for/')
        ? { status: 200, body: { files: [FILE] } }
        : { status: 200, body: [ITEM] },
    );
    openHelp();
    expect(
      await screen.findByRole('heading', { name: 'Mon compte', level: 1 }),
    ).toBeInTheDocument();
    const trigger = await screen.findByRole('button', { name: /Premiers pas/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Closed articles are not fetched nor drawn (lazy).
    expect(calls.some((c) => c.url.startsWith('/v1/cache/for/'))).toBe(false);
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('heading', { name: 'Bienvenue', level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'procédure.pdf' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain(`/v1/cache/for/${ITEM._id}`);
    expect(screen.queryByRole('button', { name: 'Ajouter' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retirer procédure.pdf' })).toBeNull();
  });

  it("lets an admin add an article: 'Le titre est obligatoire', then the HTML is sent", async () => {
    signIn('ADMIN');
    const calls = stubFetch((call) => {
      if (call.method === 'POST')
        return {
          status: 201,
          body: {
            ...ITEM,
            _id: '65a1b2c3d4e5f60718290002',
            title: 'Nouveau',
            content: '<p>ok</p>',
          },
        };
      return { status: 200, body: [] };
    });
    openHelp();
    expect(await screen.findByText('Aucun article')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le titre est obligatoire')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Titre/ }), {
      target: { value: 'Nouveau' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Code HTML' }));
    fireEvent.change(within(dialog).getByTestId('kb-html'), {
      target: { value: '<p>ok</p><script>alert(1)</script>' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/v1/kbitem');
    expect(JSON.parse(String(post?.body))).toEqual({
      title: 'Nouveau',
      content: '<p>ok</p><script>alert(1)</script>',
    });
    // What comes back (sanitised by the server) is what is listed.
    expect(await screen.findByRole('button', { name: /Nouveau/ })).toBeInTheDocument();
  });

  it("asks 'Etes vous sûr ?' before deleting", async () => {
    signIn('SUPERADMIN');
    const calls = stubFetch((call) => {
      if (call.method === 'DELETE') return { status: 200, body: { message: 'ok' } };
      if (call.url.startsWith('/v1/cache/for/')) return { status: 200, body: { files: [] } };
      return { status: 200, body: [ITEM] };
    });
    openHelp();
    await userEvent.click(await screen.findByRole('button', { name: /Premiers pas/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    expect(screen.getByText('Etes vous sûr ?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Non' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Premiers pas/ })).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/v1/kbitem/${ITEM._id}`);
  });
});
