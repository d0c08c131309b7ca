import { deviceTimeZone, isValidTimeZone } from './time-zone';

/** The Calendar settings (CalendarSettingsList) the calendar view follows. */
export interface CalendarPreferences {
  /** First day of the week: 0 Sunday, 1 Monday, 6 Saturday. */
  weekStart: number;
  /** Clock style for times on the grid and in the editor. */
  hour12: boolean;
  /** The user's time zone setting: what the grid shows unless the person picked another. */
  timeZone: string;
  /** Length of a new event, in minutes. */
  defaultEventMinutes: number;
  hideWeekends: boolean;
  /** BCP 47 locale for dates, from the `locale` setting. */
  locale: string | undefined;
}

export const fallbackPreferences: CalendarPreferences = {
  weekStart: 0,
  hour12: true,
  timeZone: deviceTimeZone(),
  defaultEventMinutes: 60,
  hideWeekends: false,
  locale: undefined,
};

interface SettingItem {
  id?: string | null;
  value?: string | null;
}

/** Reads the settings list into preferences; unknown or malformed values fall back to defaults. */
export function preferencesFromSettings(
  items: readonly SettingItem[] | undefined,
  fallback: CalendarPreferences = fallbackPreferences,
): CalendarPreferences {
  const values = new Map<string, string>();
  for (const item of items ?? []) if (item.id && typeof item.value === 'string') values.set(item.id, item.value);

  const weekStart = Number(values.get('weekStart'));
  const minutes = Number(values.get('defaultEventLength'));
  const zone = values.get('timezone');
  const locale = values.get('locale');
  return {
    weekStart: [0, 1, 6].includes(weekStart) ? weekStart : fallback.weekStart,
    hour12: values.has('format24HourTime') ? values.get('format24HourTime') !== 'true' : fallback.hour12,
    timeZone: zone && isValidTimeZone(zone) ? zone : fallback.timeZone,
    defaultEventMinutes:
      Number.isInteger(minutes) && minutes > 0 && minutes <= 24 * 60 ? minutes : fallback.defaultEventMinutes,
    hideWeekends: values.has('hideWeekends') ? values.get('hideWeekends') === 'true' : fallback.hideWeekends,
    locale: locale && isSupportedLocale(locale) ? locale : fallback.locale,
  };
}

function isSupportedLocale(locale: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}
