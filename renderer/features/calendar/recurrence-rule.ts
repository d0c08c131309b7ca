import {
  addDaysToDate,
  dateInZone,
  formatDateParts,
  instantOfWallTime,
  parseWallTime,
  weekdayOfDate,
} from './time-zone';

/**
 * The editor's model of an event's `recurrence` lines (RFC 5545 RRULE/EXDATE/RDATE/EXRULE). Rules
 * the simple form can express (one RRULE of FREQ, INTERVAL, plain weekly BYDAY, a monthly
 * "second Tuesday" or "last Friday" BYDAY, UNTIL or COUNT) edit as fields; anything else is kept
 * and edited as text, never silently rewritten.
 */

export const frequencies = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof frequencies)[number];

/** RFC 5545 weekday codes, indexed like Date#getDay (0 = Sunday). */
export const weekdayCodes = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];

export type RepeatEnd = { type: 'never' } | { type: 'until'; date: string } | { type: 'count'; count: number };

/**
 * A monthly rule's weekday: the first to fourth, or the last, of its kind in each month (`BYDAY=2TU`,
 * `BYDAY=-1FR`), as Google Calendar writes "Monthly on the second Tuesday".
 */
export interface MonthWeekday {
  ordinal: 1 | 2 | 3 | 4 | -1;
  day: WeekdayCode;
}

export type RepeatRule =
  | { kind: 'none' }
  | {
      kind: 'simple';
      frequency: Frequency;
      interval: number;
      byDay: WeekdayCode[];
      end: RepeatEnd;
      /** Monthly only: on this weekday of the month rather than on the start's day of the month. */
      monthWeekday?: MonthWeekday;
    }
  | { kind: 'custom'; text: string };

/** Monday to Friday, as "Every weekday" repeats. */
export const workWeekdays: readonly WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** Whether a rule is "Every weekday (Monday to Friday)". */
export function isEveryWeekday(rule: RepeatRule): boolean {
  return (
    rule.kind === 'simple' &&
    rule.frequency === 'WEEKLY' &&
    rule.interval === 1 &&
    rule.byDay.length === workWeekdays.length &&
    workWeekdays.every((day) => rule.byDay.includes(day))
  );
}

/**
 * The weekdays of the month a date can repeat on: its place counted from the month's start ("the
 * fourth Tuesday"; a fifth is "the last", as Google Calendar offers it) and, when it is also the
 * month's last of its weekday, "the last" as a second choice.
 */
export function monthWeekdaysOf(date: string): { nth: MonthWeekday; last: MonthWeekday | null } {
  const [year = 2000, month = 1, day = 1] = date.split('-').map(Number);
  const code = weekdayCodes[weekdayOfDate(date)] ?? 'MO';
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const place = Math.ceil(day / 7);
  const isLast = day + 7 > daysInMonth;
  if (place > 4) return { nth: { ordinal: -1, day: code }, last: null };
  return { nth: { ordinal: place as 1 | 2 | 3 | 4, day: code }, last: isLast ? { ordinal: -1, day: code } : null };
}

/**
 * The rule once the series' first date moves from `from` to `to`, as Google Calendar's menu follows
 * the date: "Weekly on Tuesday" becomes "Weekly on Thursday", "Monthly on the fourth Tuesday" the
 * new date's weekday of the month. A rule that names other days than the start's own stays as it is.
 */
export function repeatFollowingDate(rule: RepeatRule, from: string, to: string): RepeatRule {
  if (rule.kind !== 'simple' || from === to || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return rule;
  const weekdayOf = (date: string) => weekdayCodes[weekdayOfDate(date)];
  const [fromDay, toDay] = [weekdayOf(from), weekdayOf(to)];
  if (rule.frequency === 'WEEKLY' && rule.byDay.length === 1 && rule.byDay[0] === fromDay && toDay)
    return { ...rule, byDay: [toDay] };
  if (rule.frequency === 'MONTHLY' && rule.monthWeekday) {
    const before = monthWeekdaysOf(from);
    const after = monthWeekdaysOf(to);
    const { ordinal, day } = rule.monthWeekday;
    if (day !== before.nth.day) return rule;
    if (ordinal === before.nth.ordinal) return { ...rule, monthWeekday: after.nth };
    if (ordinal === -1 && before.last) return { ...rule, monthWeekday: after.last ?? after.nth };
  }
  return rule;
}

const monthWeekdayPattern = /^(-1|\+?[1-4])(SU|MO|TU|WE|TH|FR|SA)$/;

/** How the series' first instance is placed: UNTIL is written and read relative to it. */
export interface SeriesAnchor {
  allDay: boolean;
  timeZone: string;
}

type RuleParts = Map<string, string>;

function parseRuleParts(line: string): RuleParts | null {
  const match = /^RRULE:(.*)$/i.exec(line.trim());
  if (!match?.[1]) return null;
  const parts: RuleParts = new Map();
  for (const pair of match[1].split(';')) {
    const [key, value] = pair.split('=');
    if (!key || value === undefined) return null;
    parts.set(key.toUpperCase(), value.toUpperCase());
  }
  return parts;
}

function formatRuleParts(parts: RuleParts): string {
  const order = ['FREQ', 'INTERVAL', 'BYDAY', 'UNTIL', 'COUNT'];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = [...parts.keys()].sort((a, b) => rank(a) - rank(b));
  return `RRULE:${keys.map((key) => `${key}=${parts.get(key)}`).join(';')}`;
}

/** `UNTIL` value → the last date it allows, read in the series' zone. */
function untilToDate(value: string, anchor: SeriesAnchor): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!m[4]) return formatDateParts(year, month, day);
  const ms = Date.UTC(year, month - 1, day, Number(m[4]), Number(m[5]), Number(m[6]));
  return m[7] === 'Z' ? dateInZone(ms, anchor.timeZone) : formatDateParts(year, month, day);
}

/** The last moment of `date` in the series' terms: a DATE for all-day series, a UTC DATE-TIME otherwise. */
export function untilValue(date: string, anchor: SeriesAnchor): string {
  if (anchor.allDay) return date.replace(/-/g, '');
  const wall = parseWallTime(date, '23:59');
  const ms = wall ? instantOfWallTime(wall, anchor.timeZone) + 59_000 : Date.parse(`${date}T23:59:59Z`);
  return utcStamp(ms);
}

export function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function parseRecurrence(lines: readonly string[] | null | undefined, anchor: SeriesAnchor): RepeatRule {
  const list = (lines ?? []).map((line) => line.trim()).filter(Boolean);
  if (list.length === 0) return { kind: 'none' };
  const custom: RepeatRule = { kind: 'custom', text: list.join('\n') };
  if (list.length !== 1) return custom;
  const parts = parseRuleParts(list[0] ?? '');
  if (!parts) return custom;
  const allowed = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'UNTIL', 'COUNT', 'WKST']);
  if ([...parts.keys()].some((key) => !allowed.has(key))) return custom;
  const frequency = parts.get('FREQ') as Frequency | undefined;
  if (!frequency || !frequencies.includes(frequency)) return custom;
  const interval = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1;
  if (!Number.isInteger(interval) || interval < 1) return custom;
  const byDayText = parts.get('BYDAY');
  let byDay = byDayText ? byDayText.split(',') : [];
  let monthWeekday: MonthWeekday | undefined;
  const monthly = frequency === 'MONTHLY' && byDay.length === 1 ? monthWeekdayPattern.exec(byDay[0] ?? '') : null;
  if (monthly) {
    monthWeekday = { ordinal: Number(monthly[1]) as MonthWeekday['ordinal'], day: monthly[2] as WeekdayCode };
    byDay = [];
  }
  if (byDay.length > 0 && (frequency !== 'WEEKLY' || byDay.some((code) => !weekdayCodes.includes(code as WeekdayCode))))
    return custom;

  let end: RepeatEnd = { type: 'never' };
  if (parts.has('UNTIL') && parts.has('COUNT')) return custom;
  if (parts.has('UNTIL')) {
    const date = untilToDate(parts.get('UNTIL') ?? '', anchor);
    if (!date) return custom;
    end = { type: 'until', date };
  } else if (parts.has('COUNT')) {
    const count = Number(parts.get('COUNT'));
    if (!Number.isInteger(count) || count < 1) return custom;
    end = { type: 'count', count };
  }
  return {
    kind: 'simple',
    frequency,
    interval,
    byDay: byDay as WeekdayCode[],
    end,
    ...(monthWeekday ? { monthWeekday } : {}),
  };
}

/** The `recurrence` lines for a rule; an empty list means a single event. */
export function formatRecurrence(rule: RepeatRule, anchor: SeriesAnchor): string[] {
  if (rule.kind === 'none') return [];
  if (rule.kind === 'custom') {
    return rule.text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
  }
  const parts: RuleParts = new Map([['FREQ', rule.frequency]]);
  if (rule.interval > 1) parts.set('INTERVAL', String(rule.interval));
  if (rule.frequency === 'WEEKLY' && rule.byDay.length > 0) {
    parts.set('BYDAY', [...rule.byDay].sort((a, b) => weekdayCodes.indexOf(a) - weekdayCodes.indexOf(b)).join(','));
  }
  if (rule.frequency === 'MONTHLY' && rule.monthWeekday)
    parts.set('BYDAY', `${rule.monthWeekday.ordinal}${rule.monthWeekday.day}`);
  if (rule.end.type === 'until') parts.set('UNTIL', untilValue(rule.end.date, anchor));
  if (rule.end.type === 'count') parts.set('COUNT', String(rule.end.count));
  return [formatRuleParts(parts)];
}

/** Lines a custom rule must satisfy to be sent; a readable problem otherwise. */
export function checkCustomRecurrence(text: string): string | null {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return 'Enter at least one RRULE line, e.g. RRULE:FREQ=WEEKLY;BYDAY=MO.';
  for (const line of lines) {
    if (!/^(RRULE|EXRULE|RDATE|EXDATE)[:;]/i.test(line))
      return `“${line}” is not an RRULE, EXRULE, RDATE or EXDATE line.`;
    if (/^RRULE:/i.test(line) && !parseRuleParts(line)?.get('FREQ')) return `“${line}” has no FREQ.`;
  }
  if (!lines.some((line) => /^(RRULE|RDATE)/i.test(line))) return 'A series needs an RRULE or RDATE line.';
  return null;
}

/**
 * Ends a series just before one of its instances ("this and following" splits there): every RRULE
 * gets UNTIL one second (all-day: one day) before the instance's original start, replacing COUNT.
 */
export function endSeriesBefore(
  lines: readonly string[],
  instance: { startMs: number; date: string },
  anchor: SeriesAnchor,
): string[] {
  return lines.map((line) => {
    const parts = parseRuleParts(line);
    if (!parts || !/^RRULE:/i.test(line.trim())) return line;
    parts.delete('COUNT');
    parts.set(
      'UNTIL',
      anchor.allDay ? addDaysToDate(instance.date, -1).replace(/-/g, '') : utcStamp(instance.startMs - 1000),
    );
    return formatRuleParts(parts);
  });
}

/**
 * The rule lines for the series that continues from a split point: `COUNT` reduced by the
 * occurrences already past, and a single weekly BYDAY moved along with the instance's weekday.
 */
export function continueSeries(
  lines: readonly string[],
  options: { occurrencesBefore: number; fromWeekday: number; toWeekday: number },
): string[] {
  return lines.map((line) => {
    const parts = parseRuleParts(line);
    if (!parts || !/^RRULE:/i.test(line.trim())) return line;
    const count = Number(parts.get('COUNT'));
    if (parts.has('COUNT') && Number.isInteger(count))
      parts.set('COUNT', String(Math.max(1, count - options.occurrencesBefore)));
    const movedTo = weekdayCodes[options.toWeekday];
    if (
      movedTo &&
      options.fromWeekday !== options.toWeekday &&
      parts.get('BYDAY') === weekdayCodes[options.fromWeekday]
    )
      parts.set('BYDAY', movedTo);
    return formatRuleParts(parts);
  });
}

/** Whether the rule lines limit the series by COUNT (then splitting needs the occurrences before). */
export function usesCount(lines: readonly string[]): boolean {
  return lines.some((line) => parseRuleParts(line)?.has('COUNT') ?? false);
}

const frequencyNouns: Record<Frequency, [string, string]> = {
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  YEARLY: ['year', 'years'],
};
const frequencyAdverbs: Record<Frequency, string> = {
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
  YEARLY: 'Yearly',
};
const weekdayNames: Record<WeekdayCode, string> = {
  SU: 'Sun',
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
};

export const weekdayFullNames: Record<WeekdayCode, string> = {
  SU: 'Sunday',
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
};
const ordinalWords: Record<MonthWeekday['ordinal'], string> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  [-1]: 'last',
};

/** A series' first date (`YYYY-MM-DD`) in its own zone, from its `start`; undefined without one. */
export function seriesStartDate(
  start: { date?: string | null; dateTime?: string | null; timeZone?: string | null } | null | undefined,
  fallbackZone: string,
): string | undefined {
  if (start?.date) return start.date;
  const ms = start?.dateTime ? Date.parse(start.dateTime) : Number.NaN;
  return Number.isNaN(ms) ? undefined : dateInZone(ms, start?.timeZone || fallbackZone);
}

/** "the second Tuesday", "the last Friday". */
export function describeMonthWeekday(weekday: MonthWeekday): string {
  return `the ${ordinalWords[weekday.ordinal]} ${weekdayFullNames[weekday.day]}`;
}

/** "November 29" for a `YYYY-MM-DD` date. */
export function monthAndDay(date: string, locale?: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1)),
  );
}

/**
 * A one-line summary, e.g. "Every 2 weeks on Mon, Wed · until Dec 31, 2026" or "Monthly on the
 * second Tuesday". Given the series' first date, a rule that repeats on it says which day
 * ("Annually on November 29", "Monthly on day 29", "Weekly on Sun").
 */
export function describeRepeat(rule: RepeatRule, locale?: string, startDate?: string): string {
  if (rule.kind === 'none') return 'Does not repeat';
  if (rule.kind === 'custom') return 'Custom rule';
  const [one, many] = frequencyNouns[rule.frequency];
  const startDay = startDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(startDate) : null;
  let text =
    rule.interval === 1
      ? rule.frequency === 'YEARLY' && startDay
        ? 'Annually'
        : frequencyAdverbs[rule.frequency]
      : `Every ${rule.interval} ${rule.interval === 1 ? one : many}`;
  if (isEveryWeekday(rule)) text = 'Every weekday';
  else if (rule.frequency === 'WEEKLY' && rule.byDay.length > 0)
    text += ` on ${rule.byDay.map((code) => weekdayNames[code]).join(', ')}`;
  else if (rule.frequency === 'MONTHLY' && rule.monthWeekday) text += ` on ${describeMonthWeekday(rule.monthWeekday)}`;
  else if (startDay && startDate) {
    if (rule.frequency === 'WEEKLY') text += ` on ${weekdayNames[weekdayCodes[weekdayOfDate(startDate)] ?? 'MO']}`;
    if (rule.frequency === 'MONTHLY') text += ` on day ${Number(startDay[3])}`;
    if (rule.frequency === 'YEARLY') text += ` on ${monthAndDay(startDate, locale)}`;
  }
  if (rule.end.type === 'count') text += ` · ${rule.end.count} ${rule.end.count === 1 ? 'time' : 'times'}`;
  if (rule.end.type === 'until') {
    const [y, m, d] = rule.end.date.split('-').map(Number);
    const label = new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
    text += ` · until ${label}`;
  }
  return text;
}
