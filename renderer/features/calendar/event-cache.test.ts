import { describe, expect, it } from 'vitest';
import { undoUpdates } from './event-cache';
import type { GoogleEvent } from './event-mapping';

const page = (items: GoogleEvent[]) => ({ kind: 'calendar#events', items });
const ids = (value: unknown) => ((value as { items: GoogleEvent[] }).items ?? []).map((event) => event.id);

describe('undoUpdates', () => {
  it('takes a deleted series off the expanded lists with every instance of it', () => {
    const items: GoogleEvent[] = [
      { id: 'old_20261130T140000Z', recurringEventId: 'old' },
      { id: 'new_20261207T180000Z', recurringEventId: 'new' },
      { id: 'new_20261214T180000Z', recurringEventId: 'new' },
      { id: 'single' },
    ];
    const [update, ...rest] = undoUpdates([{ op: 'delete', calendarId: 'c1', eventId: 'new' }]);
    expect(rest).toHaveLength(0);
    expect(ids(update?.update(page(items)))).toEqual(['old_20261130T140000Z', 'single']);
    expect(update?.predicate?.(['api', 'a', 'CalendarEventsList', { calendarId: 'c1' }])).toBe(true);
    expect(update?.predicate?.(['api', 'a', 'CalendarEventsList', { calendarId: 'c2' }])).toBe(false);
  });

  it('puts a single event written back in place, and leaves a restored series to the refetch', () => {
    const items: GoogleEvent[] = [{ id: 'e1', summary: 'Moved' }];
    const updates = undoUpdates([
      { op: 'update', calendarId: 'c1', eventId: 'e1', body: { summary: 'Dentist' } },
      { op: 'update', calendarId: 'c1', eventId: 's1', body: { summary: 'Sync', recurrence: ['RRULE:FREQ=WEEKLY'] } },
    ]);
    expect(updates).toHaveLength(1);
    const after = updates[0]?.update(page(items)) as { items: GoogleEvent[] };
    expect(after.items).toEqual([{ id: 'e1', summary: 'Dentist' }]);
  });
});
