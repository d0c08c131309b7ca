import type { OptimisticUpdate } from '../../lib/mutation';
import { eventListUpdate, removeEvents } from './event-cache';
import { eventTimesOf, googleTimesOf, type EventTimes, type GoogleEvent } from './event-mapping';
import { originalStartOf, type EventChange, type SeriesScope } from './series-plan';
import { addDaysToDate, daysBetween } from './time-zone';
import type { EventTarget } from './useEventCommands';

/** How a change to an event (or a series) looks in the cached lists before the service answers. */

function withTimes(event: GoogleEvent, to: EventTimes): GoogleEvent {
  return { ...event, ...googleTimesOf(to) };
}

/** An instance's times moved the way the dragged one moved: same shift, new length. */
function shiftLike(event: GoogleEvent, before: EventTimes, after: EventTimes): GoogleEvent {
  const times = eventTimesOf(event, 'UTC');
  if (!times || times.allDay !== before.allDay || before.allDay !== after.allDay) return event;
  if (times.allDay && before.allDay && after.allDay) {
    const startDate = addDaysToDate(times.startDate, daysBetween(before.startDate, after.startDate));
    return withTimes(event, {
      allDay: true,
      startDate,
      endDate: addDaysToDate(startDate, daysBetween(after.startDate, after.endDate)),
    });
  }
  if (!times.allDay && !before.allDay && !after.allDay) {
    const startMs = times.startMs + (after.startMs - before.startMs);
    return withTimes(event, {
      allDay: false,
      startMs,
      endMs: startMs + (after.endMs - after.startMs),
      timeZone: times.timeZone,
    });
  }
  return event;
}

/** Which cached instances a scoped change touches. */
function seriesMatcher(instance: GoogleEvent, scope: SeriesScope): (event: GoogleEvent) => boolean {
  const masterId = instance.recurringEventId;
  if (scope === 'this' || !masterId) return (event) => event.id === instance.id;
  const from = originalStartOf(instance, 'UTC')?.startMs ?? Number.NEGATIVE_INFINITY;
  return (event) =>
    event.id === instance.id ||
    (event.recurringEventId === masterId &&
      (scope === 'all' || (originalStartOf(event, 'UTC')?.startMs ?? Number.NEGATIVE_INFINITY) >= from));
}

/** The optimistic form of a change, for the cached lists of the calendar. */
export function optimisticChange(target: EventTarget, scope: SeriesScope, change: EventChange): OptimisticUpdate {
  const matches = seriesMatcher(target.event, scope);
  if (change.kind === 'delete') return eventListUpdate(target.calendar.id, removeEvents(matches));
  const before = eventTimesOf(target.event, 'UTC');
  const fields = change.kind === 'edit' ? (change.fields as Partial<GoogleEvent>) : {};
  return eventListUpdate(target.calendar.id, (items) =>
    items.map((event) => {
      if (event.id === target.event.id) return { ...withTimes(event, change.to), ...fields };
      if (!matches(event) || !before) return event;
      return { ...shiftLike(event, before, change.to), ...fields };
    }),
  );
}
