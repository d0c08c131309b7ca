import { badRequest } from '../http/api-error';
import { RRule, RRuleSet } from './rrule-lib';
import type { RRuleOptions } from './rrule-lib';
import { DAY_MS, floatingToInstant, instantToFloating, isValidTimeZone } from './time';

/**
 * Recurrence lines (RFC 5545 RRULE, EXRULE, RDATE, EXDATE) parsed and expanded with the rrule
 * library. Expansion runs in floating (wall-clock) time in the series' zone, then each occurrence
 * is converted to an instant, so local times survive DST changes.
 */

type DateValue =
  | { kind: 'instant'; ms: number }
  | { kind: 'wall'; floating: number; tzid?: string }
  | { kind: 'date'; floating: number };

interface RuleLine {
  options: Partial<RRuleOptions>;
  /** Raw UNTIL value: `Z` suffix means an instant, 8 digits a date, otherwise wall time. */
  untilRaw?: string;
}

export interface ParsedRecurrence {
  rrules: RuleLine[];
  exrules: RuleLine[];
  rdates: DateValue[];
  exdates: DateValue[];
}

/** How a series sits in time: its zone, first start in floating time, and whether it is all-day. */
export interface SeriesTiming {
  allDay: boolean;
  zone: string;
  startFloating: number;
}

const invalidRecurrence = (line: string, why: string) =>
  badRequest('invalid', `Invalid recurrence rule "${line}": ${why}.`, 'recurrence');

function checkRuleOptions(line: string, options: Partial<RRuleOptions>): void {
  if (options.freq === undefined || options.freq === null) throw invalidRecurrence(line, 'FREQ is missing or unknown');
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) throw invalidRecurrence(line, `bad ${key}`);
    if (Array.isArray(value) && value.some((v) => v === undefined || (typeof v === 'number' && Number.isNaN(v)))) {
      throw invalidRecurrence(line, `bad ${key}`);
    }
    if (typeof value === 'number' && Number.isNaN(value)) throw invalidRecurrence(line, `bad ${key}`);
  }
  if (options.count !== undefined && options.count !== null) {
    if (typeof options.count !== 'number' || !Number.isInteger(options.count) || options.count < 1) {
      throw invalidRecurrence(line, 'COUNT must be a positive integer');
    }
    if (options.until) throw invalidRecurrence(line, 'COUNT and UNTIL cannot both be given');
  }
  if (options.interval !== undefined && (typeof options.interval !== 'number' || options.interval < 1)) {
    throw invalidRecurrence(line, 'INTERVAL must be a positive integer');
  }
  if (options.until !== undefined && options.until !== null && Number.isNaN(options.until.getTime())) {
    throw invalidRecurrence(line, 'bad UNTIL');
  }
}

function parseRule(line: string, value: string): RuleLine {
  if (/(^|;)DTSTART[=:]/i.test(value)) throw invalidRecurrence(line, 'DTSTART is not allowed');
  let options: Partial<RRuleOptions>;
  try {
    options = RRule.parseString(value);
  } catch (error) {
    throw invalidRecurrence(line, error instanceof Error ? error.message : 'unreadable');
  }
  checkRuleOptions(line, options);
  const untilRaw = /(?:^|;)UNTIL=([^;]+)/i.exec(value)?.[1];
  return untilRaw ? { options, untilRaw } : { options };
}

const basicDateTime = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;

function parseDateValue(line: string, raw: string, params: Map<string, string>): DateValue {
  const m = basicDateTime.exec(raw.trim());
  if (!m) throw invalidRecurrence(line, `bad date ${raw}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const floatingDay = Date.UTC(year, month - 1, day);
  const check = new Date(floatingDay);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) throw invalidRecurrence(line, `bad date ${raw}`);
  if (m[4] === undefined) return { kind: 'date', floating: floatingDay };
  const floating = floatingDay + (Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6])) * 1000;
  if (m[7]) return { kind: 'instant', ms: floating };
  const tzid = params.get('TZID');
  if (tzid !== undefined) {
    if (!isValidTimeZone(tzid)) throw invalidRecurrence(line, `unknown TZID ${tzid}`);
    return { kind: 'wall', floating, tzid };
  }
  return { kind: 'wall', floating };
}

/** Parses recurrence lines; a 400 names the first bad one. */
export function parseRecurrence(lines: readonly string[]): ParsedRecurrence {
  const parsed: ParsedRecurrence = { rrules: [], exrules: [], rdates: [], exdates: [] };
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) throw invalidRecurrence(line, 'expected NAME:VALUE');
    const [name = '', ...paramParts] = line.slice(0, colon).split(';');
    const value = line.slice(colon + 1);
    const params = new Map<string, string>();
    for (const part of paramParts) {
      const eq = part.indexOf('=');
      if (eq > 0) params.set(part.slice(0, eq).toUpperCase(), part.slice(eq + 1));
    }
    switch (name.toUpperCase()) {
      case 'RRULE':
        parsed.rrules.push(parseRule(line, value));
        break;
      case 'EXRULE':
        parsed.exrules.push(parseRule(line, value));
        break;
      case 'RDATE':
      case 'EXDATE': {
        if (params.get('VALUE') === 'PERIOD') throw invalidRecurrence(line, 'PERIOD values are not supported');
        const dates = value.split(',').map((raw) => parseDateValue(line, raw, params));
        (name.toUpperCase() === 'RDATE' ? parsed.rdates : parsed.exdates).push(...dates);
        break;
      }
      default:
        throw invalidRecurrence(line, `${name || 'the line'} is not one of RRULE, EXRULE, RDATE, EXDATE`);
    }
  }
  return parsed;
}

/** A date value in the series' floating time. */
function toFloating(value: DateValue, timing: SeriesTiming): number {
  switch (value.kind) {
    case 'instant':
      return timing.allDay
        ? startOfDay(instantToFloating(timing.zone, value.ms))
        : instantToFloating(timing.zone, value.ms);
    case 'wall':
      if (value.tzid && value.tzid !== timing.zone) {
        return instantToFloating(timing.zone, floatingToInstant(value.tzid, value.floating));
      }
      return timing.allDay ? startOfDay(value.floating) : value.floating;
    case 'date':
      // A date on a timed series names that day's occurrence at the series' time of day.
      return timing.allDay
        ? value.floating
        : value.floating + (timing.startFloating - startOfDay(timing.startFloating));
  }
}

const startOfDay = (floating: number): number => Math.floor(floating / DAY_MS) * DAY_MS;

function ruleFor(line: RuleLine, timing: SeriesTiming): InstanceType<typeof RRule> {
  const options: Partial<RRuleOptions> = { ...line.options, dtstart: new Date(timing.startFloating), tzid: null };
  if (line.untilRaw && options.until) {
    const raw = line.untilRaw.toUpperCase();
    if (raw.endsWith('Z')) {
      options.until = new Date(instantToFloating(timing.zone, options.until.getTime()));
    } else if (/^\d{8}$/.test(raw) && !timing.allDay) {
      // A date-only UNTIL includes that whole day.
      options.until = new Date(options.until.getTime() + DAY_MS - 1000);
    }
  }
  return new RRule(options);
}

function buildSet(rec: ParsedRecurrence, timing: SeriesTiming): InstanceType<typeof RRuleSet> {
  const set = new RRuleSet();
  for (const rule of rec.rrules) set.rrule(ruleFor(rule, timing));
  for (const rule of rec.exrules) set.exrule(ruleFor(rule, timing));
  for (const date of rec.rdates) set.rdate(new Date(toFloating(date, timing)));
  for (const date of rec.exdates) set.exdate(new Date(toFloating(date, timing)));
  if (rec.rrules.length === 0 && rec.rdates.length === 0) set.rdate(new Date(timing.startFloating));
  return set;
}

/**
 * Floating start times of the occurrences between `fromFloating` and `toFloating` (inclusive),
 * at most `limit` of them.
 */
export function expandFloating(
  rec: ParsedRecurrence,
  timing: SeriesTiming,
  fromFloating: number,
  toFloatingBound: number,
  limit = 100_000,
): number[] {
  const out: number[] = [];
  if (toFloatingBound < fromFloating) return out;
  const set = buildSet(rec, timing);
  set.between(new Date(fromFloating), new Date(toFloatingBound), true, (date) => {
    if (out.length >= limit) return false;
    out.push(date.getTime());
    return true;
  });
  // RRuleSet yields RDATEs apart from the rule occurrences, not in time order.
  return out.sort((a, b) => a - b);
}

/** Whether every rule ends (COUNT or UNTIL); a series of RDATEs alone also ends. */
export function isBounded(rec: ParsedRecurrence): boolean {
  return rec.rrules.every((rule) => Boolean(rule.options.count) || Boolean(rule.options.until));
}

/**
 * Floating start of the last occurrence of a bounded series, or undefined for an endless one (or
 * one too long to enumerate, which callers treat as endless).
 */
export function lastOccurrenceFloating(rec: ParsedRecurrence, timing: SeriesTiming): number | undefined {
  if (!isBounded(rec)) return undefined;
  const set = buildSet(rec, timing);
  let last: number | undefined;
  let count = 0;
  let tooMany = false;
  set.all((date) => {
    count += 1;
    if (count > 50_000) {
      tooMany = true;
      return false;
    }
    last = Math.max(last ?? date.getTime(), date.getTime());
    return true;
  });
  return tooMany ? undefined : (last ?? timing.startFloating);
}
