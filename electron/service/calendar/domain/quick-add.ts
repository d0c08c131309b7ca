import * as chrono from 'chrono-node';
import type { ParsedComponents } from 'chrono-node';
import type { EventDateTime } from './event-types';
import { DAY_MS, floatingToInstant, formatDate, formatInstant, instantToFloating, offsetMinutes } from './time';

/**
 * Turns quick-add text ("Lunch with Ana tomorrow at 12:30") into a summary and times with
 * chrono-node, reading times in the calendar's zone. Text with a date but no time makes an all-day
 * event; text without any date makes an all-day event today.
 */
export interface QuickAddResult {
  summary: string;
  start: EventDateTime;
  end: EventDateTime;
}

const connectors = /^(?:at|on|from|in|for|,|-)\s+|\s+(?:at|on|from|in|for|,|-)$/i;

function floatingOf(c: ParsedComponents): number {
  return Date.UTC(
    c.get('year') ?? 1970,
    (c.get('month') ?? 1) - 1,
    c.get('day') ?? 1,
    c.get('hour') ?? 0,
    c.get('minute') ?? 0,
    c.get('second') ?? 0,
  );
}

function instantOf(c: ParsedComponents, zone: string): number {
  const floating = floatingOf(c);
  const offset = c.isCertain('timezoneOffset') ? c.get('timezoneOffset') : null;
  return offset !== null ? floating - offset * 60_000 : floatingToInstant(zone, floating);
}

export function parseQuickAdd(text: string, zone: string, nowMs: number, defaultLengthMinutes: number): QuickAddResult {
  const reference = { instant: new Date(nowMs), timezone: offsetMinutes(zone, nowMs) };
  const result = chrono.parse(text, reference, { forwardDate: true })[0];
  if (!result) {
    const today = Math.floor(instantToFloating(zone, nowMs) / DAY_MS) * DAY_MS;
    return { summary: text.trim(), start: { date: formatDate(today) }, end: { date: formatDate(today + DAY_MS) } };
  }
  let summary = `${text.slice(0, result.index)} ${text.slice(result.index + result.text.length)}`
    .replace(/\s+/g, ' ')
    .trim();
  for (let previous = ''; previous !== summary;) {
    previous = summary;
    summary = summary.replace(connectors, '').trim();
  }
  if (summary === '') summary = text.trim();

  if (!result.start.isCertain('hour')) {
    const startDay = floatingOf(result.start);
    const endDay = result.end ? Math.max(floatingOf(result.end), startDay) + DAY_MS : startDay + DAY_MS;
    return { summary, start: { date: formatDate(startDay) }, end: { date: formatDate(endDay) } };
  }
  const startMs = instantOf(result.start, zone);
  let endMs = result.end ? instantOf(result.end, zone) : startMs + defaultLengthMinutes * 60_000;
  if (endMs <= startMs) endMs = result.end ? endMs + DAY_MS : startMs + defaultLengthMinutes * 60_000;
  return {
    summary,
    start: { dateTime: formatInstant(startMs, zone), timeZone: zone },
    end: { dateTime: formatInstant(endMs, zone), timeZone: zone },
  };
}
