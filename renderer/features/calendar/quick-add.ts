import * as chrono from 'chrono-node';
import { RRule, type Options as RRuleOptions } from 'rrule';
import type { Frequency, RepeatEnd, RepeatRule, WeekdayCode } from './recurrence-rule';
import { weekdayCodes } from './recurrence-rule';
import { addDaysToDate, formatDateParts, wallTimeOf, weekdayOfDate } from './time-zone';

/**
 * Quick add: one line of text ("Gym every Monday 7am", "Dentist next Thursday 4pm for 30 min at
 * Main St") read into an event. Repeats are normalised into rrule's English and read by
 * `RRule.parseText`; dates and times by chrono; durations and places by the patterns below. Each
 * recognised phrase is taken out of the text, and what remains is the title.
 */

export interface QuickAddResult {
  summary: string;
  location: string;
  allDay: boolean;
  /** `YYYY-MM-DD`, wall clock in the zone given. */
  startDate: string;
  /** `HH:MM`; meaningless for all-day events. */
  startTime: string;
  /** Inclusive for all-day events, as the editor shows it. */
  endDate: string;
  endTime: string;
  repeat: RepeatRule;
}

export interface QuickAddContext {
  /** The moment "today", "tomorrow" and "4pm" are read against. */
  now: number;
  /** The zone the times are in (the calendar's display zone). */
  zone: string;
  /** Length of an event given no end or duration. */
  defaultMinutes: number;
}

const dayNames = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const dayPattern =
  '(?:sun(?:day)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?)';
const pluralDays = `(?:${dayNames.map((name) => `${name}s`).join('|')})`;
const dayListPattern = `${dayPattern}s?(?:\\s*(?:,|and|&)\\s*${dayPattern}s?)*`;

function dayIndex(word: string): number {
  const lower = word.toLowerCase().replace(/s$/, '');
  return dayNames.findIndex((name) => name.startsWith(lower.slice(0, 3)));
}

function dayList(text: string): string[] {
  return text
    .split(/\s*(?:,|\band\b|&)\s*/i)
    .map((word) => word.trim())
    .filter(Boolean)
    .map((word) => dayNames[dayIndex(word)] ?? '')
    .filter(Boolean);
}

const unitNoun: Record<string, string> = { day: 'day', week: 'week', month: 'month', year: 'year' };

interface RepeatPattern {
  pattern: RegExp;
  /** rrule's English for the phrase matched. */
  english: (match: RegExpExecArray) => string;
}

/** Most specific first: "every other Monday" before "every Monday". */
const repeatPatterns: RepeatPattern[] = [
  {
    pattern: new RegExp(`\\bevery\\s+other\\s+(${dayListPattern})\\b`, 'i'),
    english: (m) => `every 2 weeks on ${dayList(m[1] ?? '').join(', ')}`,
  },
  {
    pattern: /\bevery\s+other\s+(day|week|month|year)\b/i,
    english: (m) => `every 2 ${unitNoun[(m[1] ?? 'week').toLowerCase()] ?? 'week'}s`,
  },
  {
    pattern: /\bevery\s+(\d+)\s+(days?|weeks?|months?|years?)\b/i,
    english: (m) => `every ${m[1]} ${(m[2] ?? 'weeks').toLowerCase().replace(/s?$/, 's')}`,
  },
  { pattern: /\b(?:every\s+weekday|(?:on\s+)?weekdays)\b/i, english: () => 'every weekday' },
  {
    pattern: new RegExp(`\\bevery\\s+(${dayListPattern})\\b`, 'i'),
    english: (m) => `every week on ${dayList(m[1] ?? '').join(', ')}`,
  },
  {
    // "Yoga on Tuesdays": a plural day is a repeat.
    pattern: new RegExp(`\\b(?:on\\s+)?(${pluralDays}(?:\\s*(?:,|and|&)\\s*${pluralDays})*)\\b`, 'i'),
    english: (m) => `every week on ${dayList(m[1] ?? '').join(', ')}`,
  },
  { pattern: /\bevery\s+(day|week|month|year)\b/i, english: (m) => `every ${(m[1] ?? 'day').toLowerCase()}` },
  {
    pattern: /\b(daily|weekly|monthly|yearly|annually)\b/i,
    english: (m) =>
      `every ${
        { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year', annually: 'year' }[
          (m[1] ?? 'daily').toLowerCase() as 'daily'
        ]
      }`,
  },
];

const frequencyOf: Record<number, Frequency> = {
  [RRule.DAILY]: 'DAILY',
  [RRule.WEEKLY]: 'WEEKLY',
  [RRule.MONTHLY]: 'MONTHLY',
  [RRule.YEARLY]: 'YEARLY',
};

function weekdayCodesOf(options: Partial<RRuleOptions>): WeekdayCode[] {
  const raw = options.byweekday;
  if (raw === undefined || raw === null) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  // rrule counts Monday as 0; weekdayCodes start on Sunday.
  return list.map((day) => {
    const index = typeof day === 'number' ? day : typeof day === 'string' ? dayIndex(day) - 1 : day.weekday;
    return weekdayCodes[(index + 1) % 7] ?? 'MO';
  });
}

/** A span of the text a reader has claimed. */
interface Claim {
  index: number;
  length: number;
}

/** The text with claimed spans blanked, so indices into it stay those of the original. */
function blank(text: string, claim: Claim): string {
  return text.slice(0, claim.index) + ' '.repeat(claim.length) + text.slice(claim.index + claim.length);
}

interface FoundRepeat {
  frequency: Frequency;
  interval: number;
  byDay: WeekdayCode[];
  end: { type: 'never' } | { type: 'until'; text: string } | { type: 'count'; count: number };
}

function readRepeat(text: string): { found: FoundRepeat | null; rest: string } {
  for (const { pattern, english } of repeatPatterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const options = RRule.parseText(english(match));
    if (!options || options.freq === undefined) continue;
    const frequency = frequencyOf[options.freq];
    if (!frequency) continue;
    let rest = blank(text, { index: match.index, length: match[0].length });
    let end: FoundRepeat['end'] = { type: 'never' };
    const count = /\bfor\s+(\d+)\s+(?:times|occurrences|sessions)\b/i.exec(rest);
    if (count) {
      end = { type: 'count', count: Number(count[1]) };
      rest = blank(rest, { index: count.index, length: count[0].length });
    }
    const until = /\b(?:until|till|til|through)\s+/i.exec(rest);
    if (until) {
      const after = rest.slice(until.index + until[0].length);
      const date = chrono.parse(after)[0];
      if (date && date.index <= 1) {
        end = { type: 'until', text: after.slice(0, date.index + date.text.length) };
        rest = blank(rest, { index: until.index, length: until[0].length + date.index + date.text.length });
      }
    }
    return {
      found: { frequency, interval: options.interval ?? 1, byDay: weekdayCodesOf(options), end },
      rest,
    };
  }
  return { found: null, rest: text };
}

const hourUnits = '(?:h|hrs?|hours?)';
const minuteUnits = '(?:m|mins?|minutes?)';

/** Durations: "for 30 minutes", "30 min", "2h", "1h30", "1.5 hours", "for an hour", "half an hour". */
function readDuration(text: string): { minutes: number | null; rest: string } {
  const patterns: [RegExp, (m: RegExpExecArray) => number][] = [
    [
      new RegExp(
        `(?<!\\bin\\s+)\\b(?:for\\s+)?(\\d+(?:\\.\\d+)?)\\s*${hourUnits}\\s*(?:and\\s+)?(\\d+)\\s*${minuteUnits}?(?![\\w:])`,
        'i',
      ),
      (m) => Number(m[1]) * 60 + Number(m[2]),
    ],
    [
      new RegExp(`(?<!\\bin\\s+)\\b(?:for\\s+)?(\\d+(?:\\.\\d+)?)\\s*${hourUnits}(?![\\w:])`, 'i'),
      (m) => Math.round(Number(m[1]) * 60),
    ],
    [new RegExp(`(?<!\\bin\\s+)\\b(?:for\\s+)?(\\d+)\\s*${minuteUnits}(?![\\w:])`, 'i'), (m) => Number(m[1])],
    [/\b(?:for\s+)?(?:half\s+an\s+hour|a\s+half\s+hour)\b/i, () => 30],
    [/\bfor\s+(?:an|one|1)\s+hour\b/i, () => 60],
  ];
  for (const [pattern, minutesOf] of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const minutes = minutesOf(match);
    if (!(minutes > 0)) continue;
    return { minutes, rest: blank(text, { index: match.index, length: match[0].length }) };
  }
  return { minutes: null, rest: text };
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** chrono reads in the process's own clock; a Date built from the zone's wall clock makes that the zone's. */
function referenceDate(now: WallParts): Date {
  return new Date(now.year, now.month - 1, now.day, now.hour, now.minute);
}

function partsOf(date: Date): WallParts {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
  };
}

function dateOf(parts: WallParts): string {
  return formatDateParts(parts.year, parts.month, parts.day);
}

/**
 * The clock time of a parsed time, its hour read as Google reads one said without am or pm: 1 to 7
 * is in the afternoon or evening ("Call Bob at 3" is at 3pm), 8 to 11 in the morning, 12 is noon.
 * An hour written with a leading zero ("06:45") is a 24-hour clock's, and stays as it is.
 */
function clockTimeOf(component: chrono.ParsedComponents, text: string): { hour: number; minute: number } {
  const { hour, minute } = partsOf(component.date());
  const bare = !component.isCertain('meridiem') && !/(?:^|\D)0\d:\d\d/.test(text);
  return { hour: bare && hour >= 1 && hour <= 7 ? hour + 12 : hour, minute };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Adds minutes to a wall date and time (wall-clock arithmetic: the event keeps its length on the clock). */
function addMinutes(date: string, time: string, minutes: number): { date: string; time: string } {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const total = hour * 60 + minute + minutes;
  const days = Math.floor(total / 1440);
  const within = total - days * 1440;
  return { date: addDaysToDate(date, days), time: `${pad(Math.floor(within / 60))}:${pad(within % 60)}` };
}

const connectors = /^(?:on|at|from|to|for|by|this|in|until|starting|and|with|-|–|,|@)$/i;

/** Tidies the leftovers into a title: single spaces, no dangling "on" or "at". */
function tidy(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  while (words.length > 0 && connectors.test(words[words.length - 1] ?? '')) words.pop();
  while (words.length > 0 && connectors.test(words[0] ?? '')) words.shift();
  return words
    .join(' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/[,;:\-–]+$/, '')
    .trim();
}

/**
 * "at Blue Bottle" or "@ office" in what is left once dates, times and repeats are out. The place
 * runs to the next gap a removed phrase left ("at Blue Bottle tomorrow with Ann": "Blue Bottle").
 */
function readLocation(text: string): { location: string; rest: string } {
  let index = text.indexOf('@');
  let length = 1;
  if (index < 0) {
    const last = [...text.matchAll(/\sat\s+(?=\S)/gi)].pop();
    if (!last) return { location: '', rest: text };
    index = last.index;
    length = last[0].length;
  }
  const after = text.slice(index + length);
  const gap = /\s{3,}/.exec(after.trimStart());
  const lead = after.length - after.trimStart().length;
  const placeEnd = gap ? lead + gap.index : after.length;
  const location = tidy(after.slice(0, placeEnd));
  if (!location) return { location: '', rest: text };
  return { location, rest: `${text.slice(0, index)} ${after.slice(placeEnd)}` };
}

/** The text read into an event. Always answers: the worst case is an all-day event today titled with the text. */
export function parseQuickAdd(input: string, context: QuickAddContext): QuickAddResult {
  let text = ` ${input.replace(/\s+/g, ' ').trim()} `;
  const wall = wallTimeOf(context.now, context.zone);
  const now: WallParts = { year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute };
  const reference = referenceDate(now);
  const today = dateOf(now);

  let allDay = false;
  const allDayMatch = /\b(?:all[\s-]day|whole\s+day)\b/i.exec(text);
  if (allDayMatch) {
    allDay = true;
    text = blank(text, { index: allDayMatch.index, length: allDayMatch[0].length });
  }

  const repeatRead = readRepeat(text);
  text = repeatRead.rest;
  const durationRead = readDuration(text);
  text = durationRead.rest;

  // Dates and times: the day from one phrase and the time from another ("next Thursday … 4pm").
  let date: string | null = null;
  // A time alone implies its day; a day named elsewhere in the text wins over that.
  let dateNamed = false;
  let time: string | null = null;
  let endTime: string | null = null;
  let endDate: string | null = null;
  for (const result of chrono.parse(text, reference, { forwardDate: true })) {
    const start = result.start;
    const dayKnown = start.isCertain('day') || start.isCertain('weekday') || start.isCertain('month');
    const hourKnown = start.isCertain('hour');
    if (!dayKnown && !hourKnown) continue;
    if (dayKnown && !dateNamed) {
      date = dateOf(partsOf(start.date()));
      dateNamed = true;
    }
    if (hourKnown && time === null) {
      const parts = partsOf(start.date());
      const clock = clockTimeOf(start, result.text);
      time = `${pad(clock.hour)}:${pad(clock.minute)}`;
      // A time alone is its next one. chrono chose the day for the morning's hour; in the afternoon
      // it may still be ahead today.
      if (!dayKnown && date === null)
        date =
          clock.hour === parts.hour || clock.hour * 60 + clock.minute <= now.hour * 60 + now.minute
            ? dateOf(parts)
            : today;
      const end = result.end;
      if (end?.isCertain('hour')) {
        const endClock = clockTimeOf(end, result.text);
        endTime = `${pad(endClock.hour)}:${pad(endClock.minute)}`;
      }
    } else if (dayKnown && !hourKnown && result.end && (result.end.isCertain('day') || result.end.isCertain('month'))) {
      endDate = dateOf(partsOf(result.end.date()));
    }
    text = blank(text, { index: result.index, length: result.text.length });
  }

  const locationRead = readLocation(text);
  const summary = tidy(locationRead.rest) || '(No title)';

  let repeat: RepeatRule = { kind: 'none' };
  let startDate = date ?? today;
  const found = repeatRead.found;
  if (found) {
    // A weekly series starts on its first named day on or after the date given (today if none).
    if (found.byDay.length > 0) {
      for (let step = 0; step < 7; step += 1) {
        const candidate = addDaysToDate(startDate, step);
        if (found.byDay.includes(weekdayCodes[weekdayOfDate(candidate)] ?? 'SU')) {
          startDate = candidate;
          break;
        }
      }
    }
    let end: RepeatEnd = { type: 'never' };
    if (found.end.type === 'count') end = found.end;
    if (found.end.type === 'until') {
      const until = chrono.parseDate(found.end.text, referenceDate({ ...now, ...splitDate(startDate) }), {
        forwardDate: true,
      });
      if (until) end = { type: 'until', date: dateOf(partsOf(until)) };
    }
    repeat = { kind: 'simple', frequency: found.frequency, interval: found.interval, byDay: found.byDay, end };
  }

  if (allDay || time === null) {
    if (time === null && durationRead.minutes !== null && !allDay) {
      // A length but no time: the next half hour today (or the day named).
      const minutes = date === null || date === today ? Math.ceil((now.hour * 60 + now.minute + 1) / 30) * 30 : 9 * 60;
      const startTime = `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
      const start = minutes >= 1440 ? addDaysToDate(startDate, 1) : startDate;
      const finish = addMinutes(start, startTime, durationRead.minutes);
      return {
        summary,
        location: locationRead.location,
        allDay: false,
        startDate: start,
        startTime,
        endDate: finish.date,
        endTime: finish.time,
        repeat,
      };
    }
    const last = endDate && endDate >= startDate ? endDate : startDate;
    return {
      summary,
      location: locationRead.location,
      allDay: true,
      startDate,
      startTime: '09:00',
      endDate: last,
      endTime: '10:00',
      repeat,
    };
  }

  let finish = addMinutes(startDate, time, durationRead.minutes ?? context.defaultMinutes);
  if (endTime !== null && durationRead.minutes === null) {
    // "11pm-1am" ends the next day.
    finish = { date: endTime > time ? startDate : addDaysToDate(startDate, 1), time: endTime };
  }
  return {
    summary,
    location: locationRead.location,
    allDay: false,
    startDate,
    startTime: time,
    endDate: finish.date,
    endTime: finish.time,
    repeat,
  };
}

function splitDate(date: string): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day };
}
