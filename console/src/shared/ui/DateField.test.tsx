import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithTheme } from '../../test/render';
import { monthGrid, spokenDay } from './CalendarPopover';
import { DateField } from './DateField';

jest.setTimeout(30000);

function Harness({ initial, seen }: { initial: string; seen: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Du"
      value={value}
      onChange={(next) => {
        seen(next);
        setValue(next);
      }}
    />
  );
}

const dayButton = (name: string) => screen.getByRole('button', { name });

describe('the French calendar beside a date field', () => {
  it('lays a month out Monday first, with the days around it', () => {
    const weeks = monthGrid(2026, 3);
    // 1 March 2026 is a Sunday: the first week starts on Monday 23 February.
    expect(weeks[0][0]).toEqual({ year: 2026, month: 2, day: 23 });
    expect(weeks[0][6]).toEqual({ year: 2026, month: 3, day: 1 });
    expect(weeks.at(-1)?.[6]).toEqual({ year: 2026, month: 4, day: 5 });
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(spokenDay({ year: 2026, month: 3, day: 15 })).toBe('dimanche 15 mars 2026');
  });

  it('opens on the field’s month in French, picks a day with the mouse and fills DD/MM/YYYY', async () => {
    const seen = jest.fn();
    renderWithTheme(<Harness initial="2026-03-15" seen={seen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choisir une date' }));
    const dialog = screen.getByRole('dialog', { name: 'Calendrier : Du' });
    within(dialog).getByText('mars 2026');
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((th) => th.getAttribute('abbr'));
    expect(headers).toEqual([
      'lundi',
      'mardi',
      'mercredi',
      'jeudi',
      'vendredi',
      'samedi',
      'dimanche',
    ]);
    expect(dayButton('dimanche 15 mars 2026')).toHaveFocus();
    expect(dayButton('dimanche 15 mars 2026').closest('td')).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Mois suivant' }));
    within(dialog).getByText('avril 2026');
    await userEvent.click(dayButton('jeudi 2 avril 2026'));
    expect(seen).toHaveBeenLastCalledWith('2026-04-02');
    expect(screen.getByLabelText('Du')).toHaveValue('02/04/2026');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choisir une date' })).toHaveFocus();
  });

  it('moves with the keyboard, chooses with Enter, and Escape closes without choosing', async () => {
    const seen = jest.fn();
    renderWithTheme(<Harness initial="2026-01-30" seen={seen} />);
    const opener = screen.getByRole('button', { name: 'Choisir une date' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(dayButton('vendredi 30 janvier 2026')).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(dayButton('lundi 2 février 2026')).toHaveFocus();
    screen.getByText('février 2026');
    await userEvent.keyboard('{ArrowDown}{End}');
    expect(dayButton('dimanche 15 février 2026')).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowUp}');
    expect(dayButton('lundi 2 février 2026')).toHaveFocus();
    await userEvent.keyboard('{PageDown}');
    expect(dayButton('lundi 2 mars 2026')).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(seen).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Du')).toHaveValue('30/01/2026');

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    expect(seen).toHaveBeenLastCalledWith('2026-01-29');
    expect(screen.getByLabelText('Du')).toHaveValue('29/01/2026');
  });

  it('keeps the typed input', async () => {
    const seen = jest.fn();
    renderWithTheme(<Harness initial="" seen={seen} />);
    await userEvent.type(screen.getByLabelText('Du'), '14072026');
    expect(screen.getByLabelText('Du')).toHaveValue('14/07/2026');
    expect(seen).toHaveBeenLastCalledWith('2026-07-14');
    await userEvent.click(screen.getByRole('button', { name: 'Choisir une date' }));
    screen.getByText('juillet 2026');
  });
});
