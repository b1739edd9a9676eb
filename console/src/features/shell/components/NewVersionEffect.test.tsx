import { act } from '@testing-library/react';
import { stubFetch } from '../../../test/http';
import { renderWithTheme } from '../../../test/render';
import { toaster } from '../../../shared/ui/toaster';
import { NEW_VERSION_MESSAGE, NewVersionEffect } from './NewVersionEffect';

describe('NewVersionEffect', () => {
  afterEach(() => {
    jest.useRealTimers();
    toaster.remove();
  });

  it('announces a new version, persistently, once ts differs from the first value seen', async () => {
    jest.useFakeTimers();
    let ts = 100;
    const calls = stubFetch(() => ({ status: 200, body: { ts } }));
    const create = jest.spyOn(toaster, 'create');

    renderWithTheme(<NewVersionEffect />);
    await act(() => jest.advanceTimersByTimeAsync(600_000));
    expect(create).not.toHaveBeenCalled();

    ts = 200;
    await act(() => jest.advanceTimersByTimeAsync(600_000));
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0][0]).toMatchObject({
      title: NEW_VERSION_MESSAGE,
      duration: Infinity,
      action: { label: 'Rafraichir' },
    });
    expect(calls).toHaveLength(3);
    expect(calls[0].url).toBe('/v1/release.json');
  });
});
