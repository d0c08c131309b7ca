import type { EventTimes } from './event-mapping';
import { addDaysToDate } from './time-zone';
import { dateTimeFormat } from '../../lib/intl-format';

/**
 * When an event happens, said the way people say it and the way Google's event card shows it:
 * "Tuesday, November 24 · 10:00 – 10:30am".
 */

function dayWords(date: Date, zone: string, locale?: string, withWeekday = true): string {
  return dateTimeFormat(locale, {
    ...(withWeekday ? { weekday: 'long' } : {}),
    month: 'long',
    day: 'numeric',
    timeZone: zone,
  }).format(date);
}

interface ClockParts {
  clock: string;
  period: string;
}

// The clock's formatter per zone and clock, found without building a key from its options: the grid asks
// for two times per event block it draws.
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(zone: string, hour12: boolean, locale = 'en-US'): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${hour12 ? 12 : 24}`;
  let found = clockFormats.get(key);
  if (!found) {
    found = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12, timeZone: zone });
    clockFormats.set(key, found);
  }
  return found;
}

function clockParts(ms: number, zone: string, hour12: boolean, locale?: string): ClockParts {
  const parts = clockFormat(zone, hour12, locale).formatToParts(new Date(ms));
  const clock = parts
    .filter((part) => part.type !== 'dayPeriod')
    .map((part) => part.value)
    .join('')
    .trim();
  const period = (parts.find((part) => part.type === 'dayPeriod')?.value ?? '').toLowerCase().replace(/\./g, '');
  return { clock, period };
}

/** "10:00 – 10:30am", "11:30am – 12:30pm", or "10:00 – 10:30" on a 24-hour clock. */
export function timeRangeWords(startMs: number, endMs: number, zone: string, hour12: boolean): string {
  const start = clockParts(startMs, zone, hour12);
  const end = clockParts(endMs, zone, hour12);
  if (!hour12) return `${start.clock} – ${end.clock}`;
  const startText = start.period === end.period ? start.clock : `${start.clock}${start.period}`;
  return `${startText} – ${end.clock}${end.period}`;
}

export function clockWords(ms: number, zone: string, hour12: boolean): string {
  const { clock, period } = clockParts(ms, zone, hour12);
  return `${clock}${period}`;
}

/**
 * A time alone, as short as it reads, as the grid writes it beside a title: "10am", "3:30pm", or
 * "09:00" on a 24-hour clock.
 */
export function shortClockWords(ms: number, zone: string, hour12: boolean): string {
  const { clock, period } = clockParts(ms, zone, hour12);
  return hour12 ? `${clock.replace(/:00$/, '')}${period}` : clock;
}

/**
 * An event's times as the week grid writes them under its title, as Google Calendar does: "10 – 11am",
 * "11:15am – 12:45pm", "11pm – 1:30am"; the start's am/pm only where it differs from the end's. On a
 * 24-hour clock, "10:00 – 11:00".
 */
export function gridRangeWords(startMs: number, endMs: number, zone: string, hour12: boolean): string {
  // Blocks are drawn again on every hover, selection and sync: their words are kept.
  const key = `${startMs}|${endMs}|${zone}|${hour12 ? 12 : 24}`;
  let words = rangeWordsMade.get(key);
  if (words === undefined) {
    if (rangeWordsMade.size >= 4096) rangeWordsMade.clear();
    words = makeGridRangeWords(startMs, endMs, zone, hour12);
    rangeWordsMade.set(key, words);
  }
  return words;
}

const rangeWordsMade = new Map<string, string>();

function makeGridRangeWords(startMs: number, endMs: number, zone: string, hour12: boolean): string {
  if (!hour12) return `${clockParts(startMs, zone, false).clock} – ${clockParts(endMs, zone, false).clock}`;
  const start = clockParts(startMs, zone, true);
  const end = clockParts(endMs, zone, true);
  const startClock = start.clock.replace(/:00$/, '');
  const endClock = end.clock.replace(/:00$/, '');
  return `${start.period === end.period ? startClock : `${startClock}${start.period}`} – ${endClock}${end.period}`;
}

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** The whole sentence for an event's times, in the zone the calendar is shown in. */
export function whenWords(times: EventTimes, zone: string, hour12: boolean, locale?: string): string {
  if (times.allDay) {
    const last = addDaysToDate(times.endDate, -1);
    const first = dayWords(noon(times.startDate), 'UTC', locale);
    return last <= times.startDate ? first : `${first} – ${dayWords(noon(last), 'UTC', locale)}`;
  }
  const startDay = dayWords(new Date(times.startMs), zone, locale);
  const endDay = dayWords(new Date(times.endMs), zone, locale);
  if (startDay === endDay || times.endMs === times.startMs) {
    return `${startDay} · ${timeRangeWords(times.startMs, times.endMs, zone, hour12)}`;
  }
  return `${startDay}, ${clockWords(times.startMs, zone, hour12)} – ${endDay}, ${clockWords(times.endMs, zone, hour12)}`;
}

const reminderUnits = [
  { minutes: 10_080, one: 'week', many: 'weeks' },
  { minutes: 1_440, one: 'day', many: 'days' },
  { minutes: 60, one: 'hour', many: 'hours' },
  { minutes: 1, one: 'minute', many: 'minutes' },
] as const;

/** One reminder in words: "30 minutes before, by notification", "1 day before, by email", "At the start, by email". */
export function reminderWords(reminder: { method: 'email' | 'popup'; minutes: number }): string {
  const by = reminder.method === 'email' ? 'by email' : 'by notification';
  if (reminder.minutes <= 0) return `At the start, ${by}`;
  const unit = reminderUnits.find((candidate) => reminder.minutes % candidate.minutes === 0) ?? reminderUnits[3];
  const amount = reminder.minutes / unit.minutes;
  return `${amount} ${amount === 1 ? unit.one : unit.many} before, ${by}`;
}

/** A calendar's default reminders in words, earliest first, or that it has none. */
export function defaultRemindersWords(reminders: readonly { method: 'email' | 'popup'; minutes: number }[]): string {
  if (reminders.length === 0) return 'None set for this calendar';
  return [...reminders]
    .sort((a, b) => b.minutes - a.minutes)
    .map(reminderWords)
    .join('; ');
}
