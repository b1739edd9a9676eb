import { act, screen } from '@testing-library/react';
import { stubFetch } from '../../../test/http';
import { renderWithTheme } from '../../../test/render';
import { OfflineBanner } from './OfflineBanner';

describe('OfflineBanner (mobile build)', () => {
  afterEach(() => jest.useRealTimers());

  it("checks status.json every 5 s and says 'Vous êtes hors ligne' while it fails", async () => {
    jest.useFakeTimers();
    let online = false;
    const calls = stubFetch(() =>
      online ? { status: 200, body: { ok: true, isLogged: false } } : { status: 502, body: {} },
    );

    renderWithTheme(<OfflineBanner />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert')).toHaveTextContent('Vous êtes hors ligne');

    online = true;
    await act(() => jest.advanceTimersByTimeAsync(5000));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/v1/status.json', '/v1/status.json']);
  });
});
