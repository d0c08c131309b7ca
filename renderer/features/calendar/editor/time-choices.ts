/**
 * The editor's time fields, as Google Calendar's: a time written as people write it ("6:00pm", or "18:00"
 * on a 24-hour clock), typed freely ("6pm", "6:30 p", "1830", "noon"), or picked from a list every quarter
 * hour, the end's list saying how long the event would last ("7:00pm (1 hr)").
 *
 * Times are wall-clock "HH:MM" strings, as the draft keeps them.
 */

const minutesInDay = 24 * 60;

/** Choices a quarter of an hour apart, as Google offers them. */
export const choiceStepMinutes = 15;

export interface TimeChoice {
  /** "HH:MM". */
  value: string;
  /** "6:00pm" or "18:00". */
  label: string;
  /** How long the event would last with this end: "1 hr", "30 mins". */
  length?: string;
}

function minutesOf(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

function valueOf(minutes: number): string {
  const wrapped = ((minutes % minutesInDay) + minutesInDay) % minutesInDay;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

/** "18:30" as the clock says it: "6:30pm", "12:00am", or "18:30" on a 24-hour clock; "" for no time. */
export function timeWords(value: string, hour12: boolean): string {
  const minutes = minutesOf(value);
  if (minutes === null) return value;
  if (!hour12) return value;
  const hours = Math.floor(minutes / 60);
  const clockHour = hours % 12 === 0 ? 12 : hours % 12;
  return `${clockHour}:${String(minutes % 60).padStart(2, '0')}${hours < 12 ? 'am' : 'pm'}`;
}

/** "15 mins", "1 hr", "1.5 hrs", "2.25 hrs": how Google says an event's length beside an end time. */
export function lengthWords(minutes: number): string {
  if (minutes < 60) return `${minutes} mins`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hr' : `${Number(hours.toFixed(2))} hrs`;
}

/**
 * A time as typed, or null when it is none: "6pm", "6:30 PM", "6.30p", "630pm", "18:30", "1830", "9",
 * "noon", "midnight". Without am or pm on a 12-hour clock, an hour from 1 to 12 is taken as the one of
 * its two times that comes first at or after `near` (the start, for an end; for a start, its
 * current time), so "3" after a 2pm start is 3pm.
 */
export function parseTimeText(text: string, hour12: boolean, near?: string): string | null {
  const typed = text.trim().toLowerCase().replace(/\s+/g, '').replace(/\./g, '');
  if (typed === 'noon') return '12:00';
  if (typed === 'midnight') return '00:00';
  const match = /^(\d{1,2})(?:[:h]?(\d{2}))?(am?|pm?)?$/.exec(typed);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = match[2] === undefined ? 0 : Number(match[2]);
  const period = match[3]?.[0];
  if (minute > 59) return null;
  if (period) {
    if (hour < 1 || hour > 12) return null;
    return valueOf((hour % 12) * 60 + (period === 'p' ? 12 * 60 : 0) + minute);
  }
  if (hour > 23) return null;
  // "0:30", "13:00", "18": a 24-hour time whatever the clock.
  if (!hour12 || hour === 0 || hour > 12 || (match[1]?.length === 2 && match[1].startsWith('0'))) {
    return valueOf(hour * 60 + minute);
  }
  const morning = (hour % 12) * 60 + minute;
  const candidates = [morning, morning + 12 * 60];
  const from = near === undefined ? null : minutesOf(near);
  if (from === null) return valueOf(hour === 12 ? 12 * 60 + minute : morning);
  const after = candidates.find((candidate) => candidate >= from);
  return valueOf(after ?? candidates[0] ?? morning);
}

/**
 * The times offered in a field's list: every quarter hour of the day, or, for an end on its start's
 * day, every quarter hour from the start on with the length each would give.
 */
export function timeChoices(hour12: boolean, lengthFrom?: string): TimeChoice[] {
  const from = lengthFrom === undefined ? null : minutesOf(lengthFrom);
  const choices: TimeChoice[] = [];
  const first = from ?? 0;
  for (let minutes = first; minutes < minutesInDay; minutes += choiceStepMinutes) {
    const value = valueOf(minutes);
    choices.push({
      value,
      label: timeWords(value, hour12),
      ...(from === null ? {} : { length: lengthWords(minutes - from) }),
    });
  }
  return choices;
}

/** The choice to show highlighted when a list opens: the time itself, or the first after it. */
export function nearestChoiceIndex(choices: readonly TimeChoice[], value: string): number {
  const minutes = minutesOf(value);
  if (minutes === null || choices.length === 0) return 0;
  const index = choices.findIndex((choice) => (minutesOf(choice.value) ?? 0) >= minutes);
  return index === -1 ? choices.length - 1 : index;
}
