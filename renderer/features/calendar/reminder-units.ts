/** Reminder times as people give them: in weeks, days, hours or minutes before (Google's units). */
export const reminderUnits = [
  { id: 'weeks', one: 'week', many: 'weeks', minutes: 10_080 },
  { id: 'days', one: 'day', many: 'days', minutes: 1_440 },
  { id: 'hours', one: 'hour', many: 'hours', minutes: 60 },
  { id: 'minutes', one: 'minute', many: 'minutes', minutes: 1 },
] as const;

export type ReminderUnit = (typeof reminderUnits)[number]['id'];

/** Every unit's word, one and many: a unit's menu is as wide as the longest, so rows line up. */
export const unitWords: readonly string[] = reminderUnits.flatMap((unit) => [unit.one, unit.many]);

/** Google allows a reminder up to four weeks before. */
export const mostReminderMinutes = 40_320;

export function unitMinutes(unit: ReminderUnit): number {
  return reminderUnits.find((candidate) => candidate.id === unit)?.minutes ?? 1;
}

/** The largest unit `minutes` is a whole number of ("1 day" for 1440, "90 minutes" for 90). */
export function largestUnit(minutes: number): ReminderUnit {
  return reminderUnits.find((unit) => minutes > 0 && minutes % unit.minutes === 0)?.id ?? 'minutes';
}
