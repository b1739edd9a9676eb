import { Box, Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { FRENCH_MONTHS } from './frenchDates';

/** Monday first, as a French calendar: full names for screen readers, short ones shown. */
export const FRENCH_WEEKDAYS = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
] as const;
const SHORT_WEEKDAYS = ['lu', 'ma', 'me', 'je', 've', 'sa', 'di'] as const;

type Day = { year: number; month: number; day: number };

const pad = (n: number) => String(n).padStart(2, '0');
export const isoOf = ({ year, month, day }: Day) => `${year}-${pad(month)}-${pad(day)}`;

function dayOf(iso: string): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

/** Calendar arithmetic on UTC dates: no time zone or daylight-saving shift can move a day. */
function shift(day: Day, days: number): Day {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function addMonths(day: Day, months: number): Day {
  const first = new Date(Date.UTC(day.year, day.month - 1 + months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(day.day, last) };
}

/** 0 for Monday … 6 for Sunday. */
const weekdayOf = (day: Day) =>
  (new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7;

/** The weeks (Monday to Sunday) that show a month, days of the next and previous months included. */
export function monthGrid(year: number, month: number): Day[][] {
  const first = { year, month, day: 1 };
  let cursor = shift(first, -weekdayOf(first));
  const weeks: Day[][] = [];
  do {
    const week: Day[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(cursor);
      cursor = shift(cursor, 1);
    }
    weeks.push(week);
  } while (cursor.month === month);
  return weeks;
}

/** 'mardi 15 mars 2026'. */
export const spokenDay = (day: Day) =>
  `${FRENCH_WEEKDAYS[weekdayOf(day)]} ${day.day} ${FRENCH_MONTHS[day.month - 1]} ${day.year}`;

function todayInParis(): Day {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return dayOf(parts) ?? { year: 2026, month: 1, day: 1 };
}

/**
 * The button beside a date field ('Choisir une date') and its French month grid: Monday first,
 * French day and month names whatever the browser's language. Keyboard: arrows move by a day
 * or a week, Home/End to the week's ends, Page Up/Down by a month, Enter or Space chooses,
 * Escape closes and gives the focus back to the button.
 */
export function CalendarPopover({
  value,
  onSelect,
  fieldLabel,
}: {
  /** 'YYYY-MM-DD' or '' (the grid then opens on today). */
  value: string;
  onSelect: (iso: string) => void;
  /** The field's label, to name the dialog ('Calendrier : Du'). */
  fieldLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState<Day>(() => dayOf(value) ?? todayInParis());
  const button = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const selected = dayOf(value);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // The focused day follows the keyboard.
  useEffect(() => {
    if (!open) return;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${isoOf(focused)}"]`)?.focus();
  }, [open, focused]);

  // A click outside closes the calendar.
  useEffect(() => {
    if (!open) return undefined;
    const onDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!dialog.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const choose = (day: Day) => {
    onSelect(isoOf(day));
    close(true);
  };

  const onGridKey = (event: React.KeyboardEvent) => {
    const moves: Record<string, () => Day> = {
      ArrowLeft: () => shift(focused, -1),
      ArrowRight: () => shift(focused, 1),
      ArrowUp: () => shift(focused, -7),
      ArrowDown: () => shift(focused, 7),
      Home: () => shift(focused, -weekdayOf(focused)),
      End: () => shift(focused, 6 - weekdayOf(focused)),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setFocused(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(focused);
    }
  };

  const weeks = monthGrid(focused.year, focused.month);
  const today = isoOf(todayInParis());

  return (
    <Box position="relative" flexShrink={0}>
      <IconButton
        ref={button}
        type="button"
        variant="outline"
        aria-label="Choisir une date"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          if (open) close(false);
          else {
            setFocused(dayOf(value) ?? todayInParis());
            setOpen(true);
          }
        }}
      >
        <svg
          width="1.1em"
          height="1.1em"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden
          focusable={false}
        >
          <rect x="3" y="4" width="18" height="18" rx="2" />
          <path d="M16 2v4M8 2v4M3 10h18" />
        </svg>
      </IconButton>
      {open ? (
        <Box
          ref={dialog}
          role="dialog"
          aria-modal="false"
          aria-label={`Calendrier : ${fieldLabel}`}
          position="absolute"
          top="calc(100% + 4px)"
          insetEnd="0"
          zIndex="popover"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="l2"
          boxShadow="lg"
          p="3"
          minW="72"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close(true);
            }
          }}
        >
          <HStack justify="space-between" mb="2">
            <Button
              size="xs"
              variant="ghost"
              aria-label="Mois précédent"
              onClick={() => setFocused(addMonths(focused, -1))}
            >
              ‹
            </Button>
            <Text id={titleId} fontWeight="semibold" aria-live="polite">
              {FRENCH_MONTHS[focused.month - 1]} {focused.year}
            </Text>
            <Button
              size="xs"
              variant="ghost"
              aria-label="Mois suivant"
              onClick={() => setFocused(addMonths(focused, 1))}
            >
              ›
            </Button>
          </HStack>
          <table
            ref={grid}
            role="grid"
            aria-labelledby={titleId}
            onKeyDown={onGridKey}
            style={{ borderCollapse: 'collapse', width: '100%' }}
          >
            <thead>
              <tr>
                {FRENCH_WEEKDAYS.map((name, i) => (
                  <th key={name} scope="col" abbr={name} style={{ padding: 2 }}>
                    <Text as="span" fontSize="xs" color="fg.muted" aria-hidden>
                      {SHORT_WEEKDAYS[i]}
                    </Text>
                    <Box as="span" srOnly>
                      {name}
                    </Box>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={isoOf(week[0])}>
                  {week.map((day) => {
                    const iso = isoOf(day);
                    const isSelected = selected !== null && iso === isoOf(selected);
                    const outside = day.month !== focused.month;
                    const isFocused = iso === isoOf(focused);
                    return (
                      <td
                        key={iso}
                        role="gridcell"
                        aria-selected={isSelected}
                        style={{ padding: 1 }}
                      >
                        <Button
                          size="xs"
                          w="full"
                          type="button"
                          data-day={iso}
                          tabIndex={isFocused ? 0 : -1}
                          aria-label={spokenDay(day)}
                          aria-current={iso === today ? 'date' : undefined}
                          variant={isSelected ? 'solid' : iso === today ? 'outline' : 'ghost'}
                          color={outside && !isSelected ? 'fg.muted' : undefined}
                          onClick={() => choose(day)}
                        >
                          {day.day}
                        </Button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      ) : null}
    </Box>
  );
}
