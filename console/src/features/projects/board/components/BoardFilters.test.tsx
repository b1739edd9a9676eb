import { render, screen, within } from '@testing-library/react';
import { Providers } from '../../test/fixtures';
import { BoardFilters } from './BoardFilters';

/** Issue 15 point 12: the year list runs from 2017 to the current year, from the clock. */
describe('board filters', () => {
  afterEach(() => jest.useRealTimers());

  function years() {
    render(
      <Providers>
        <BoardFilters
          search=""
          year={null}
          state="active"
          stages={[]}
          shownStage={undefined}
          onSearch={jest.fn()}
          onYear={jest.fn()}
          onState={jest.fn()}
          onShownStage={jest.fn()}
        />
      </Providers>,
    );
    return within(screen.getByLabelText('Année'))
      .getAllByRole('option')
      .map((option) => option.textContent);
  }

  it('offers 2017 to the current year, the clock in 2026', () => {
    jest.useFakeTimers({ now: new Date('2026-06-15T10:00:00Z'), doNotFake: ['setTimeout'] });
    const choices = years();
    expect(choices[0]).toBe('Toutes les années');
    expect(choices.slice(1)).toEqual(Array.from({ length: 10 }, (_, i) => String(2017 + i)));
  });

  it('gains a year when the clock does', () => {
    jest.useFakeTimers({ now: new Date('2031-01-02T10:00:00Z'), doNotFake: ['setTimeout'] });
    expect(years().at(-1)).toBe('2031');
  });
});
