import { badRequest, forbidden } from '../../http/api-error';
import { RRule } from './rrule-lib';
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

const YEARLY = 0;
const MONTHLY = 1;
const WEEKLY = 2;
const DAILY = 3;
const HOURLY = 4;
const MINUTELY = 5;

/** Gregorian dates repeat (weekdays and leap years alike) every 400 years, which is 146,097 days. */
const CYCLE_MS = 146_097 * DAY_MS;
/** rrule stops at the end of this year whatever the rule says. */
const LAST_YEAR = 9999;

const present = (v: unknown): boolean => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);

/**
 * A request's share of expansion work: every candidate occurrence the rules produce is charged,
 * those before the window included. The handler thread serves every user, so one series may use
 * a small share (its rule, not the number of series, decides what it costs) and a request a larger
 * one; past either it answers an error instead of running on. Google answers requests it will not
 * serve at this cost with 403 `quotaExceeded` ("Calendar usage limits exceeded"), so that is the
 * answer here.
 */
export class ExpansionBudget {
  private examined = 0;
  private readonly deadline: number;
  private seriesExamined = 0;
  private seriesDeadline = 0;

  constructor(
    private readonly limits: { examined: number; ms: number; seriesExamined: number; seriesMs: number } = {
      examined: 500_000,
      ms: 2000,
      seriesExamined: 20_000,
      seriesMs: 500,
    },
  ) {
    this.deadline = performance.now() + limits.ms;
  }

  /** Called as each series' expansion begins. */
  startSeries(): void {
    this.seriesExamined = 0;
    this.seriesDeadline = performance.now() + this.limits.seriesMs;
  }

  charge(): void {
    this.examined += 1;
    this.seriesExamined += 1;
    if (this.examined > this.limits.examined || this.seriesExamined > this.limits.seriesExamined) throw tooCostly();
    if ((this.seriesExamined & 1023) === 0) {
      const now = performance.now();
      if (now > this.seriesDeadline || now > this.deadline) throw tooCostly();
    }
  }
}

/** No limit: for tests and for work bounded otherwise. */
export const unlimitedBudget = (): ExpansionBudget =>
  new ExpansionBudget({ examined: Infinity, ms: Infinity, seriesExamined: Infinity, seriesMs: Infinity });

const tooCostly = () =>
  forbidden(
    'Calendar usage limits exceeded: the request expands too many occurrences of a recurring event. Narrow timeMin and timeMax.',
    'quotaExceeded',
  );

/** A rule ready to run: options for rrule in floating time, or nothing left to produce. */
interface PreparedRule {
  options: Partial<RRuleOptions>;
  dtstart: number;
  /** Set when the rule runs as a yearly one: which of its candidates are the rule's own. */
  keep?: (floating: number) => boolean;
  /** The rule's COUNT, when kept here rather than by rrule (it counts only kept candidates). */
  count?: number;
}

/** The parts that name days; a period of the rule may hold none of them. */
const DAY_PARTS: (keyof RRuleOptions)[] = ['bymonth', 'bymonthday', 'byyearday', 'byweekno', 'byweekday', 'byeaster'];
const TIME_PARTS: (keyof RRuleOptions)[] = ['byhour', 'byminute', 'bysecond', 'bysetpos'];

const weekdayNumber = (day: unknown): number =>
  typeof day === 'number' ? day : ((day as { weekday?: number } | null)?.weekday ?? 0);

const dayNumber = (floating: number): number => Math.floor(floating / DAY_MS);
const monthNumber = (floating: number): number => {
  const d = new Date(floating);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/**
 * rrule walks a DAILY, WEEKLY or MONTHLY rule period by period, and a rule whose day parts leave
 * most periods empty (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30` names no day at all) would walk every
 * day to the year 9999. The same days are named by a YEARLY rule with those parts, walked a year at
 * a time; the rule's INTERVAL then keeps every n-th day, week or month of them. BYSETPOS picks
 * within a period, so a rule with it is left as it is.
 */
function asYearly(options: Partial<RRuleOptions>, written: Partial<RRuleOptions>, start: number): PreparedRule['keep'] {
  const freq = options.freq;
  if (freq !== DAILY && freq !== WEEKLY && freq !== MONTHLY) return undefined;
  if (present(written.bysetpos)) return undefined;
  const named = DAY_PARTS.filter((part) => present(written[part]));
  if (named.length === 0 || (freq === WEEKLY && named.length === 1 && named[0] === 'byweekday')) return undefined;
  const interval = options.interval && options.interval > 0 ? options.interval : 1;
  if (freq !== MONTHLY && Array.isArray(options.byweekday)) {
    // Ordinals mean nothing in a daily or weekly rule, and would mean the year's n-th day here.
    options.byweekday = options.byweekday.map(weekdayNumber);
  }
  if (freq === MONTHLY && !present(options.bymonth)) {
    // With BYMONTH a yearly rule counts BYDAY ordinals within each month, as a monthly one does.
    options.bymonth = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  }
  if (
    !['bymonthday', 'byyearday', 'byweekno', 'byweekday', 'byeaster'].some((part) =>
      present(options[part as keyof RRuleOptions]),
    )
  ) {
    // Otherwise rrule would take the day of the month from the start.
    options.bymonthday = Array.from({ length: 31 }, (_, i) => i + 1);
  }
  options.freq = YEARLY;
  options.interval = 1;
  if (interval === 1) return () => true;
  if (freq === DAILY) return (f) => (dayNumber(f) - dayNumber(start)) % interval === 0;
  if (freq === MONTHLY) return (f) => (monthNumber(f) - monthNumber(start)) % interval === 0;
  const wkst = weekdayNumber(options.wkst);
  const weekOf = (f: number) => {
    const day = dayNumber(f);
    // 1970-01-01 was a Thursday: weekday 3 counting from Monday.
    return Math.floor((day - ((((day + 3 - wkst) % 7) + 7) % 7)) / 7);
  };
  return (f) => (weekOf(f) - weekOf(start)) % interval === 0;
}

/**
 * The rule with its implied parts (RFC 5545: what the rule leaves out comes from DTSTART) written
 * out, so that its start can move without changing which dates it names.
 */
function withImpliedParts(options: Partial<RRuleOptions>, start: Date): Partial<RRuleOptions> {
  const out = { ...options };
  const namesDays =
    present(out.byweekno) ||
    present(out.byyearday) ||
    present(out.bymonthday) ||
    present(out.byweekday) ||
    present(out.byeaster);
  if (!namesDays) {
    if (out.freq === YEARLY) {
      if (!present(out.bymonth)) out.bymonth = [start.getUTCMonth() + 1];
      out.bymonthday = [start.getUTCDate()];
    } else if (out.freq === MONTHLY) {
      out.bymonthday = [start.getUTCDate()];
    } else if (out.freq === WEEKLY) {
      out.byweekday = [(start.getUTCDay() + 6) % 7];
    }
  }
  return out;
}

/** Whether every period of the rule holds exactly one occurrence (so skipped periods can be counted). */
function onePerPeriod(options: Partial<RRuleOptions>, start: Date): boolean {
  const parts: (keyof RRuleOptions)[] = [
    'bysetpos',
    'bymonth',
    'bymonthday',
    'byyearday',
    'byweekno',
    'byweekday',
    'byhour',
    'byminute',
    'bysecond',
    'byeaster',
  ];
  if (parts.some((part) => present(options[part]))) return false;
  if (options.freq === MONTHLY) return start.getUTCDate() <= 28;
  if (options.freq === YEARLY) return !(start.getUTCMonth() === 1 && start.getUTCDate() === 29);
  return true;
}

/**
 * Moves the rule's start forward by whole periods to one period before `fromFloating`, so that
 * expansion never walks the occurrences of the years in between. A COUNT is lowered by the
 * occurrences skipped; where a period's count is not fixed, a counted rule starts where it starts.
 * Undefined when the rule has nothing left.
 */
function prepareRule(line: RuleLine, timing: SeriesTiming, fromFloating: number): PreparedRule | undefined {
  const start = new Date(timing.startFloating);
  const options: Partial<RRuleOptions> = withImpliedParts(line.options, start);
  options.tzid = null;
  if (line.untilRaw && options.until) {
    const raw = line.untilRaw.toUpperCase();
    if (raw.endsWith('Z')) {
      options.until = new Date(instantToFloating(timing.zone, options.until.getTime()));
    } else if (/^\d{8}$/.test(raw) && !timing.allDay) {
      // A date-only UNTIL includes that whole day.
      options.until = new Date(options.until.getTime() + DAY_MS - 1000);
    }
  }
  let dtstart = timing.startFloating;
  const interval = options.interval && options.interval > 0 ? options.interval : 1;
  const counted = typeof options.count === 'number';
  if (fromFloating > dtstart && (!counted || onePerPeriod(line.options, start))) {
    let periods: number;
    const freq = options.freq ?? DAILY;
    if (freq === YEARLY || freq === MONTHLY) {
      const from = new Date(fromFloating);
      const months =
        freq === YEARLY
          ? (from.getUTCFullYear() - start.getUTCFullYear()) * 12
          : (from.getUTCFullYear() - start.getUTCFullYear()) * 12 + from.getUTCMonth() - start.getUTCMonth();
      const step = (freq === YEARLY ? 12 : 1) * interval;
      periods = Math.floor(months / step) - 1;
      if (periods > 0) {
        // The first day of the period: the named days are explicit, so the day itself does not matter.
        dtstart = Date.UTC(
          start.getUTCFullYear(),
          (freq === YEARLY ? 0 : start.getUTCMonth()) + periods * step,
          1,
          start.getUTCHours(),
          start.getUTCMinutes(),
          start.getUTCSeconds(),
        );
      }
    } else {
      const unit =
        freq === WEEKLY
          ? 7 * DAY_MS
          : freq === DAILY
            ? DAY_MS
            : freq === HOURLY
              ? 3_600_000
              : freq === MINUTELY
                ? 60_000
                : 1000;
      periods = Math.floor((fromFloating - dtstart) / (unit * interval)) - 1;
      if (periods > 0) dtstart += periods * unit * interval;
    }
    if (periods > 0 && counted) {
      const left = (options.count ?? 0) - periods;
      if (left <= 0) return undefined;
      options.count = left;
    }
  }
  const freq = options.freq ?? DAILY;
  if (freq > DAILY && [...DAY_PARTS, ...TIME_PARTS].some((part) => present(line.options[part]))) {
    // Writes refuse rules finer than daily; a stored one with parts is not walked second by second.
    throw tooCostly();
  }
  const keep = asYearly(options, line.options, timing.startFloating);
  if (!keep) return { options, dtstart };
  const count = options.count ?? undefined;
  delete options.count;
  return count === undefined ? { options, dtstart, keep } : { options, dtstart, keep, count };
}

/**
 * Runs one rule over [from, to], calling `emit` with each floating start in the window in order
 * until it answers false. Every candidate is charged to the budget. rrule only stops at a date
 * past the window or at the end of year 9999: a rule whose periods are mostly empty would run
 * to that year, so the dates are moved by whole 400-year cycles to put the window's end within
 * the last cycle before it.
 */
function runRule(
  prepared: PreparedRule,
  from: number,
  to: number,
  budget: ExpansionBudget,
  emit: (floating: number) => boolean,
): void {
  const cycles = Math.floor((LAST_YEAR - new Date(to).getUTCFullYear()) / 400);
  const shift = cycles * CYCLE_MS;
  const options: Partial<RRuleOptions> = { ...prepared.options, dtstart: new Date(prepared.dtstart + shift) };
  if (options.until) options.until = new Date(options.until.getTime() + shift);
  const { keep, count } = prepared;
  let kept = 0;
  new RRule(options).all((date) => {
    budget.charge();
    const floating = date.getTime() - shift;
    if (floating > to) return false;
    if (keep && !keep(floating)) return true;
    kept += 1;
    if (count !== undefined && kept > count) return false;
    return floating < from || emit(floating);
  });
}

/**
 * Floating start times of the occurrences between `fromFloating` and `toFloating` (inclusive), at
 * most `limit` of them. Every RDATE is in the set, before the series' start too (RFC 5545).
 */
export function expandFloating(
  rec: ParsedRecurrence,
  timing: SeriesTiming,
  fromFloating: number,
  toFloatingBound: number,
  limit = 100_000,
  budget: ExpansionBudget = new ExpansionBudget(),
): number[] {
  if (toFloatingBound < fromFloating) return [];
  budget.startSeries();
  const excluded = new Set<number>();
  for (const date of rec.exdates) excluded.add(toFloating(date, timing));
  for (const rule of rec.exrules) {
    const prepared = prepareRule(rule, timing, fromFloating);
    if (prepared) {
      runRule(prepared, fromFloating, toFloatingBound, budget, (floating) => {
        excluded.add(floating);
        return true;
      });
    }
  }
  const found = new Set<number>();
  const inWindow = (f: number) => f >= fromFloating && f <= toFloatingBound && !excluded.has(f);
  for (const date of rec.rdates) {
    const floating = toFloating(date, timing);
    if (inWindow(floating)) found.add(floating);
  }
  if (rec.rrules.length === 0 && rec.rdates.length === 0 && inWindow(timing.startFloating)) {
    found.add(timing.startFloating);
  }
  for (const rule of rec.rrules) {
    const prepared = prepareRule(rule, timing, fromFloating);
    if (!prepared) continue;
    // Each rule's first `limit` occurrences are enough: the merged set keeps the first `limit`.
    let taken = 0;
    runRule(prepared, fromFloating, toFloatingBound, budget, (floating) => {
      if (excluded.has(floating)) return true;
      found.add(floating);
      taken += 1;
      return taken < limit;
    });
  }
  return [...found].sort((a, b) => a - b).slice(0, limit);
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
  const budget = unlimitedBudget();
  budget.startSeries();
  // A counted rule still running after one 400-year cycle is treated as endless.
  const horizon = timing.startFloating + CYCLE_MS;
  let last = timing.startFloating;
  for (const date of rec.rdates) last = Math.max(last, toFloating(date, timing));
  for (const rule of rec.rrules) {
    let prepared: PreparedRule | undefined;
    try {
      prepared = prepareRule(rule, timing, Number.NEGATIVE_INFINITY);
    } catch {
      return undefined;
    }
    if (!prepared) continue;
    const until = prepared.options.until?.getTime();
    const to = until !== undefined ? Math.min(until, horizon) : horizon;
    let count = 0;
    let tooMany = false;
    runRule(prepared, Number.NEGATIVE_INFINITY, to, budget, (floating) => {
      count += 1;
      if (count > 50_000) {
        tooMany = true;
        return false;
      }
      last = Math.max(last, floating);
      return true;
    });
    const counted = prepared.count ?? prepared.options.count ?? 0;
    if (tooMany || (until === undefined && count < counted)) return undefined;
    if (until !== undefined && until > horizon) return undefined;
  }
  return last;
}

/**
 * Rules a write may store. Google Calendar repeats events daily at the finest: SECONDLY, MINUTELY
 * and HOURLY rules are refused with its 400 "Invalid recurrence rule".
 */
export function checkWritableRecurrence(lines: readonly string[], rec: ParsedRecurrence): void {
  for (const [i, rule] of [...rec.rrules, ...rec.exrules].entries()) {
    if (rule.options.freq !== undefined && rule.options.freq !== null && rule.options.freq > DAILY) {
      const line = lines.filter((l) => /^(RRULE|EXRULE)[:;]/i.test(l))[i] ?? '';
      throw invalidRecurrence(line, 'repeating more often than daily is not supported');
    }
  }
}
