import type { CalendarApi } from '@fullcalendar/react';
import { describe, expect, it } from 'vitest';
import { CalendarDates, showCalendarTitle } from './calendar-dates';

/** Just what the controller asks of FullCalendar's API: its `datesSet` listeners, view and date. */
function fakeGrid() {
  const listeners = new Set<() => void>();
  const grid = {
    title: 'Nov 22 – 28, 2026',
    date: new Date('2026-11-27T12:00:00Z'),
    on: (name: string, listener: () => void) => name === 'datesSet' && listeners.add(listener),
    off: (name: string, listener: () => void) => name === 'datesSet' && listeners.delete(listener),
    get view() {
      return { title: grid.title, type: 'timeGridWeek' };
    },
    getDate: () => grid.date,
    /** FullCalendar shows other dates. */
    move(title: string, date: string) {
      grid.title = title;
      grid.date = new Date(date);
      for (const listener of listeners) listener();
    },
  };
  return grid;
}

describe('CalendarDates', () => {
  it('tells its listeners of each change of dates, and stops when they leave', () => {
    const dates = new CalendarDates();
    const grid = fakeGrid();
    const heard: number[] = [];
    const leave = dates.subscribe(() => heard.push(dates.changes()));
    expect(dates.controller.getDate()).toBeUndefined();

    dates.controller._setApi(grid as unknown as CalendarApi);
    grid.move('Nov 29 – Dec 5, 2026', '2026-12-01T12:00:00Z');
    grid.move('December 2026', '2026-12-01T12:00:00Z');
    expect(heard).toEqual([1, 2]);
    expect(dates.controller.getDate()?.toISOString()).toBe('2026-12-01T12:00:00.000Z');

    leave();
    grid.move('Nov 22 – 28, 2026', '2026-11-27T12:00:00Z');
    expect(heard).toEqual([1, 2]);
    expect(dates.changes()).toBe(3);
  });

  it('keeps a heading on the title shown, "Calendar" until the grid has one', () => {
    const dates = new CalendarDates();
    const grid = fakeGrid();
    const heading = { current: { textContent: '' } as HTMLElement };
    const stop = showCalendarTitle(dates, heading);
    expect(heading.current.textContent).toBe('Calendar');

    dates.controller._setApi(grid as unknown as CalendarApi);
    grid.move('Nov 29 – Dec 5, 2026', '2026-12-01T12:00:00Z');
    expect(heading.current.textContent).toBe('Nov 29 – Dec 5, 2026');

    stop();
    grid.move('December 2026', '2026-12-01T12:00:00Z');
    expect(heading.current.textContent).toBe('Nov 29 – Dec 5, 2026');
  });
});
