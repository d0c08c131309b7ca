import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, errorMessage, useActiveAccount } from '../../../lib/api';
import { mergeIntervals, nextFreeSlot, overlapsBusy, type Interval } from '../free-slots';
import { addDaysToDate, dateInZone, startOfDay } from '../time-zone';

export interface ScheduledPerson {
  /** Calendar id asked for (an email for people, or the person's own calendar). */
  id: string;
  label: string;
}

interface SchedulingStripProps {
  people: ScheduledPerson[];
  /** The event being planned. */
  slot: Interval;
  zone: string;
  hour12: boolean;
  /** The event's own stored time, which is not a conflict with itself. */
  ownTime: Interval | null;
  onPick: (slot: Interval) => void;
}

const firstHour = 7;
const lastHour = 21;
const searchDays = 7;

function subtract(busy: Interval[], hole: Interval | null): Interval[] {
  if (!hole) return busy;
  return busy.flatMap((block) => {
    if (block.end <= hole.start || block.start >= hole.end) return [block];
    const parts: Interval[] = [];
    if (block.start < hole.start) parts.push({ start: block.start, end: hole.start });
    if (block.end > hole.end) parts.push({ start: hole.end, end: block.end });
    return parts;
  });
}

/** "Bob is busy", "You and Bob are busy", "3 people are busy": who has something on at the event's time. */
function busyWords(labels: readonly string[]): string {
  if (labels.length > 2) return `${labels.length} people are busy at this time.`;
  const names = new Intl.ListFormat('en', { type: 'conjunction' }).format(labels);
  return `${names} ${labels.length === 1 && labels[0] !== 'You' ? 'is' : 'are'} busy at this time.`;
}

/** "Availability unknown for carol@example.com", or for "2 guests". */
function unknownWords(labels: readonly string[]): string {
  return `Availability unknown for ${labels.length === 1 ? labels[0] : `${labels.length} guests`}.`;
}

/**
 * What the strip says of the event's time, only what is known: a guest whose calendar cannot be
 * read is said to be unknown, never counted as free. `next` is the next time the others are free,
 * when someone is busy ("Tue, Nov 24, 2:00 – 3:00 PM"); null when there is none.
 */
function summaryWords(busy: readonly string[], unknown: readonly string[], known: number, next: string | null): string {
  const everyone = unknown.length > 0 ? 'Everyone else' : 'Everyone';
  const parts: string[] = [];
  if (busy.length > 0) parts.push(busyWords(busy));
  if (unknown.length > 0) parts.push(unknownWords(unknown));
  if (busy.length > 0)
    parts.push(
      next
        ? `Next time ${everyone.toLowerCase()} is free: ${next}.`
        : 'No common free time in the next week during working hours.',
    );
  else if (known > 0) parts.push(`${everyone} is free at this time.`);
  return parts.join(' ');
}

/**
 * Free/busy of the guests (CalendarFreebusyQuery) on the event's day, with the event's slot marked,
 * and the next time everyone is free (working hours, weekdays, within a week), one click away.
 */
export function SchedulingStrip({ people, slot, zone, hour12, ownTime, onPick }: SchedulingStripProps) {
  const account = useActiveAccount() ?? '';
  const day = dateInZone(slot.start, zone);
  const dayStart = startOfDay(day, zone);
  const searchEnd = startOfDay(addDaysToDate(day, searchDays), zone);
  const body = {
    timeMin: new Date(dayStart).toISOString(),
    timeMax: new Date(searchEnd).toISOString(),
    timeZone: zone,
    items: people.map((person) => ({ id: person.id })),
  };

  const query = useQuery({
    queryKey: ['api', account, 'CalendarFreebusyQuery', { body }],
    queryFn: () => callApi('CalendarFreebusyQuery', {}, body, account ? { account } : {}),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const rows = people.map((person) => {
    const entry = query.data?.calendars?.[person.id];
    const unavailable = (entry?.errors ?? []).length > 0;
    const raw = (entry?.busy ?? []).flatMap((period) => {
      const start = Date.parse(period.start ?? '');
      const end = Date.parse(period.end ?? '');
      return Number.isNaN(start) || Number.isNaN(end) ? [] : [{ start, end }];
    });
    return { person, unavailable, busy: subtract(raw, ownTime) };
  });
  const allBusy = mergeIntervals(rows.map((row) => row.busy));
  const conflict = overlapsBusy(slot, allBusy);
  const unknown = rows.filter((row) => row.unavailable).map((row) => row.person.label);
  const busyNow = rows.filter((row) => overlapsBusy(slot, row.busy)).map((row) => row.person.label);
  const suggestion =
    query.data && conflict
      ? nextFreeSlot(allBusy, {
          from: slot.start,
          durationMs: slot.end - slot.start,
          zone,
          dayStartHour: 8,
          dayEndHour: 18,
          weekdaysOnly: true,
          days: searchDays,
          stepMs: 15 * 60_000,
        })
      : null;

  const viewStart = dayStart + firstHour * 3_600_000;
  const viewLength = (lastHour - firstHour) * 3_600_000;
  const position = (interval: Interval) => {
    const left = Math.max(0, (interval.start - viewStart) / viewLength);
    const right = Math.min(1, (interval.end - viewStart) / viewLength);
    return right > left ? { left: `${left * 100}%`, width: `${(right - left) * 100}%` } : null;
  };
  const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', hour12, timeZone: zone });
  const dayTime = new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12,
    timeZone: zone,
  });
  const eventBox = position(slot);

  return (
    <section className="scheduling" aria-label="Guests’ availability" data-testid="scheduling-strip">
      {query.isError ? (
        <p className="field__hint field__hint--problem">Couldn’t check availability: {errorMessage(query.error)}</p>
      ) : null}
      <div className="scheduling__grid">
        {rows.map(({ person, unavailable, busy }) => {
          const personConflict = overlapsBusy(slot, busy);
          const dayBusy = busy.filter((block) => block.end > viewStart && block.start < viewStart + viewLength);
          return (
            <div key={person.id} className="scheduling__row" data-testid="scheduling-row" data-person={person.id}>
              <span className="scheduling__name" title={person.id}>
                {person.label}
              </span>
              <div
                className={`scheduling__track${unavailable ? ' scheduling__track--unknown' : ''}`}
                aria-hidden="true"
              >
                {dayBusy.map((block) => {
                  const style = position(block);
                  return style ? <span key={block.start} className="scheduling__busy" style={style} /> : null;
                })}
                {eventBox ? (
                  <span
                    className={`scheduling__event${personConflict ? ' scheduling__event--conflict' : ''}`}
                    style={eventBox}
                  />
                ) : null}
              </div>
              <span className="scheduling__status" data-testid="scheduling-status">
                {query.isPending
                  ? 'Checking…'
                  : unavailable
                    ? 'Availability unknown'
                    : personConflict
                      ? 'Busy'
                      : 'Free'}
              </span>
              {/* The track in words; while it is being checked there is nothing to say yet. */}
              {query.isPending ? null : (
                <span className="visually-hidden">
                  {unavailable
                    ? 'Busy times this day can’t be seen.'
                    : dayBusy.length === 0
                      ? 'No busy times this day.'
                      : `Busy ${dayBusy.map((block) => time.formatRange(block.start, block.end)).join(', ')}.`}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <p className="scheduling__summary" role="status">
        {query.isPending
          ? 'Checking availability…'
          : summaryWords(
              busyNow,
              unknown,
              rows.length - unknown.length,
              suggestion ? dayTime.formatRange(suggestion.start, suggestion.end) : null,
            )}
        {suggestion ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => onPick(suggestion)}
            data-testid="scheduling-use-suggestion"
          >
            Use this time
          </button>
        ) : null}
      </p>
    </section>
  );
}
