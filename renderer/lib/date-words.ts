import { addDaysToDate } from './civil-date';
import { dateTimeFormat } from './intl-format';

/**
 * The date fields (the event editor's, a task's due date): a date written as people read it ("Sun, Nov 29"), typed over freely
 * ("Dec 3", "12/3", "2026-12-03", "tomorrow") or picked from a month below the field.
 *
 * Dates are "YYYY-MM-DD" strings, as the draft keeps them.
 */

const shownFormat = (locale: string | undefined, withYear: boolean) =>
  dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });

/**
 * "2026-11-29" as the field shows it: "Sun, Nov 29", with its year when that is not this year's
 * ("Fri, Jan 1, 2027").
 */
export function dateFieldWords(date: string, today: string, locale?: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return shownFormat(locale, date.slice(0, 4) !== today.slice(0, 4)).format(at);
}

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthOf(word: string): number | null {
  if (word.length < 3) return null;
  const index = monthNames.findIndex((name) => word.startsWith(name));
  // "sept" and whole names are fine; "novembre" is not English, but reads the same.
  return index === -1 ? null : index + 1;
}

function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const at = new Date(Date.UTC(year, month - 1, day));
  // 1–99 would be taken as 1901–1999 by Date.UTC: set the year itself.
  at.setUTCFullYear(year);
  if (at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function fullYear(typed: string | undefined, fallback: number): number {
  if (typed === undefined) return fallback;
  const year = Number(typed);
  return typed.length <= 2 ? 2000 + year : year;
}

/**
 * A date as typed, or null when it is none. Reads "2026-12-03", "12/3/2026", "12/3/26", "12/3" (month
 * first, as the field's own words are), "Dec 3", "December 3, 2026", "3 Dec 2026", the field's own
 * "Thu, Dec 3, 2026", and "today", "tomorrow", "yesterday". A date without its year takes the year of
 * `shown`, the date the field showed.
 */
export function parseDateText(text: string, shown: string, today: string): string | null {
  const typed = text
    .trim()
    .toLowerCase()
    .replace(/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s*/, '')
    .replace(/,/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (typed === 'today') return today;
  if (typed === 'tomorrow') return addDaysToDate(today, 1);
  if (typed === 'yesterday') return addDaysToDate(today, -1);
  const year = Number(shown.slice(0, 4)) || Number(today.slice(0, 4));
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  if (match) return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/.exec(typed);
  if (match) return isoOf(fullYear(match[3], year), Number(match[1]), Number(match[2]));
  match = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?(?: (\d{4}))?$/.exec(typed);
  if (match) {
    const month = monthOf(match[1] ?? '');
    return month === null ? null : isoOf(fullYear(match[3], year), month, Number(match[2]));
  }
  match = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.?(?: (\d{4}))?$/.exec(typed);
  if (match) {
    const month = monthOf(match[2] ?? '');
    return month === null ? null : isoOf(fullYear(match[3], year), month, Number(match[1]));
  }
  return null;
}
