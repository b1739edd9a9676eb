import { configure, render, screen } from '@testing-library/react';
import { Providers } from '../../../test/render';
import { serveApi } from '../../documents/test/fixtures';
import { BackupsPanel, formatAge } from './BackupsPanel';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30000);

const health = (backup: unknown) => serveApi(() => ({ status: 200, body: { ok: true, backup } }));

describe('Admin → Sauvegardes', () => {
  it('shows the last backup, its content and the age of the last good one', async () => {
    const calls = health({
      enabled: true,
      everySeconds: 21600,
      keep: 7,
      running: false,
      ageSeconds: 7500,
      last: {
        ok: true,
        at: '2026-11-25T10:00:02.000Z',
        folder: 'reloc-2026-11-25T10-00-00-000Z',
        events: 7677,
        files: 16,
        bytes: 12_000_000,
        error: null,
        lastSuccessAt: '2026-11-25T10:00:00.000Z',
      },
    });
    render(
      <Providers>
        <BackupsPanel />
      </Providers>,
    );
    expect(await screen.findByText('Réussie')).toBeInTheDocument();
    expect(screen.getByText(/toutes les 6 h, les 7 dernières/)).toBeInTheDocument();
    expect(screen.getByText(/il y a 2 h 05/)).toBeInTheDocument();
    expect(screen.getByText(/7677 événements, 16 fichiers, 12,0 Mo/)).toBeInTheDocument();
    expect(calls[0].url).toBe('/v1/health');
  });

  it('shows a failure with its error, and says when backups are not configured', async () => {
    health({
      enabled: true,
      everySeconds: 1800,
      keep: 3,
      running: false,
      ageSeconds: null,
      last: {
        ok: false,
        at: '2026-11-25T10:00:02.000Z',
        folder: null,
        events: null,
        files: null,
        bytes: null,
        error: 'ENOSPC: no space left on device',
        lastSuccessAt: null,
      },
    });
    const { unmount } = render(
      <Providers>
        <BackupsPanel />
      </Providers>,
    );
    expect(await screen.findByText('Échec')).toBeInTheDocument();
    expect(screen.getByText('ENOSPC: no space left on device')).toBeInTheDocument();
    expect(screen.getByText('aucune')).toBeInTheDocument();
    unmount();
    health({
      enabled: false,
      everySeconds: null,
      keep: null,
      running: false,
      last: null,
      ageSeconds: null,
    });
    render(
      <Providers>
        <BackupsPanel />
      </Providers>,
    );
    expect(await screen.findByText('Sauvegardes programmées désactivées')).toBeInTheDocument();
  });

  it('writes ages in minutes, hours, then days', () => {
    expect(formatAge(59)).toBe('moins d’une minute');
    expect(formatAge(12 * 60 + 5)).toBe('12 min');
    expect(formatAge(3 * 3600 + 60)).toBe('3 h 01');
    expect(formatAge(3 * 86400 + 4 * 3600)).toBe('3 j 4 h');
  });
});
