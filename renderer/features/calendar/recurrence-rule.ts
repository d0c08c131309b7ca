import { addDaysToDate, dateInZone, formatDateParts, instantOfWallTime, parseWallTime } from './time-zone';

/**
 * The editor's model of an event's `recurrence` lines (RFC 5545 RRULE/EXDATE/RDATE/EXRULE). Rules
 * the simple form can express (one RRULE of FREQ, INTERVAL, plain weekly BYDAY, UNTIL or COUNT)
 * edit as fields; anything else is kept and edited as text, never silently rewritten.
 */

export const frequencies = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof frequencies)[number];

/** RFC 5545 weekday codes, indexed like Date#getDay (0 = Sunday). */
export const weekdayCodes = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];

export type RepeatEnd = { type: 'never' } | { type: 'until'; date: string } | { type: 'count'; count: number };

export type RepeatRule =
  | { kind: 'none' }
  | { kind: 'simple'; frequency: Frequency; interval: number; byDay: WeekdayCode[]; end: RepeatEnd }
  | { kind: 'custom'; text: string };

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
  const byDay = byDayText ? byDayText.split(',') : [];
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
  return { kind: 'simple', frequency, interval, byDay: byDay as WeekdayCode[], end };
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

/** A one-line summary, e.g. "Every 2 weeks on Mon, Wed · until Dec 31, 2026". */
export function describeRepeat(rule: RepeatRule, locale?: string): string {
  if (rule.kind === 'none') return 'Does not repeat';
  if (rule.kind === 'custom') return 'Custom rule';
  const [one, many] = frequencyNouns[rule.frequency];
  let text =
    rule.interval === 1
      ? frequencyAdverbs[rule.frequency]
      : `Every ${rule.interval} ${rule.interval === 1 ? one : many}`;
  if (rule.frequency === 'WEEKLY' && rule.byDay.length > 0)
    text += ` on ${rule.byDay.map((code) => weekdayNames[code]).join(', ')}`;
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
