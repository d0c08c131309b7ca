import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDaysToDate, outsideRange, weekdayOfDate } from '../lib/civil-date';
import { dateTimeFormat } from '../lib/intl-format';
import './mini-month.css';

interface MiniMonthProps {
  /** The day the main calendar is on (`YYYY-MM-DD`). */
  current: string;
  today: string;
  /** Days the main calendar shows, first inclusive, last exclusive (`YYYY-MM-DD`). */
  visibleFrom: string;
  visibleTo: string;
  weekStart: number;
  locale?: string;
  onPick: (date: string) => void;
  /** What the month is for, said to screen readers ("Jump to a date"). */
  label?: string;
  /** The first and last day that may be picked (`YYYY-MM-DD`); days outside are shown greyed and do nothing. */
  min?: string;
  max?: string;
  testId?: string;
}

const monthFormat = (locale?: string) => dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormat = (locale?: string) =>
  dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const weekdayFormat = (locale?: string) => dateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });

function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

function addMonths(first: string, months: number): string {
  const [year, month] = first.split('-').map(Number) as [number, number];
  const moved = new Date(Date.UTC(year, month - 1 + months, 1));
  return moved.toISOString().slice(0, 10);
}

/** Six weeks covering the month, starting on the week-start day. */
export function monthGrid(first: string, weekStart: number): string[][] {
  const offset = (weekdayOfDate(first) - weekStart + 7) % 7;
  const start = addDaysToDate(first, -offset);
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDaysToDate(start, week * 7 + day)),
  );
}

/**
 * A small month to jump with: a grid with one focusable day (arrow keys move, Page Up/Down change
 * month, Enter jumps), the visible range and today marked.
 */
export function MiniMonth({
  current,
  today,
  visibleFrom,
  visibleTo,
  weekStart,
  locale,
  onPick,
  label: purpose = 'Jump to a date',
  testId = 'mini-month',
  min,
  max,
}: MiniMonthProps) {
  const [month, setMonth] = useState(() => firstOfMonth(current));
  const [focused, setFocused] = useState(current);
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    setMonth(firstOfMonth(current));
    setFocused(current);
  }, [current]);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, month]);

  const focusDate = (date: string) => {
    moveFocus.current = true;
    setFocused(date);
    if (firstOfMonth(date) !== month) setMonth(firstOfMonth(date));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      focusDate(addDaysToDate(focused, step));
    } else if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      // Same day of the other month, or its last day when the month is shorter.
      const target = addMonths(firstOfMonth(focused), event.key === 'PageUp' ? -1 : 1);
      const lastDay = addDaysToDate(addMonths(target, 1), -1);
      const sameDay = `${target.slice(0, 8)}${focused.slice(8)}`;
      focusDate(sameDay <= lastDay ? sameDay : lastDay);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const offset = (weekdayOfDate(focused) - weekStart + 7) % 7;
      focusDate(addDaysToDate(focused, event.key === 'Home' ? -offset : 6 - offset));
    }
  };

  const weeks = monthGrid(month, weekStart);
  const header = weeks[0] ?? [];
  const label = monthFormat(locale).format(new Date(`${month}T00:00:00Z`));

  return (
    <section className="mini-month" aria-label={purpose} data-testid={testId}>
      <div className="mini-month__header">
        <span className="mini-month__title" aria-live="polite" data-testid="mini-month-title">
          {label}
        </span>
        <button
          type="button"
          className="button button--ghost button--icon button--small"
          onClick={() => setMonth(addMonths(month, -1))}
          aria-label="Show previous month"
        >
          ‹
        </button>
        <button
          type="button"
          className="button button--ghost button--icon button--small"
          onClick={() => setMonth(addMonths(month, 1))}
          aria-label="Show next month"
        >
          ›
        </button>
      </div>
      <table className="mini-month__grid" role="grid" aria-label={label} ref={gridRef} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {header.map((date) => (
              <th
                key={date}
                scope="col"
                abbr={dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
                  new Date(`${date}T00:00:00Z`),
                )}
              >
                {weekdayFormat(locale).format(new Date(`${date}T00:00:00Z`))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const outside = firstOfMonth(date) !== month;
                const inRange = date >= visibleFrom && date < visibleTo;
                // Still reached with the arrows, as a date picker's unavailable days are, but never picked.
                const unavailable = outsideRange(date, min, max);
                const classes = [
                  'mini-month__day',
                  outside ? 'mini-month__day--outside' : '',
                  inRange ? 'mini-month__day--visible' : '',
                  date === today ? 'mini-month__day--today' : '',
                  unavailable ? 'mini-month__day--unavailable' : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={date} role="gridcell" aria-selected={date === current}>
                    <button
                      type="button"
                      className={classes}
                      tabIndex={date === focused || (firstOfMonth(focused) !== month && date === month) ? 0 : -1}
                      onClick={() => {
                        if (unavailable) return;
                        setFocused(date);
                        onPick(date);
                      }}
                      aria-disabled={unavailable || undefined}
                      aria-label={dayFormat(locale).format(new Date(`${date}T00:00:00Z`))}
                      aria-current={date === today ? 'date' : undefined}
                      data-date={date}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
