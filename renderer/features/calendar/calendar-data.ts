import { useMemo } from 'react';
import type { CalendarListEntry } from '../../../shared/api/schemas/calendar';
import { useApiQuery } from '../../lib/api';
import { listItems } from '../../lib/list-cache';
import { preferencesFromSettings, type CalendarPreferences } from './calendar-settings';
import { calendarColor, palettesFrom, type ColorPair, type Palettes } from './colors';

/** A calendar on the person's list, with what the UI derives from its entry. */
export interface CalendarInfo {
  id: string;
  /** The person's own name for it (summaryOverride) or its title. */
  name: string;
  summary: string;
  color: ColorPair;
  colorId: string | null;
  accessRole: 'freeBusyReader' | 'reader' | 'writer' | 'owner';
  primary: boolean;
  /** Shown on the grid. */
  selected: boolean;
  writable: boolean;
  owned: boolean;
  timeZone: string | null;
  description: string | null;
  /** The person's default reminders for this calendar's events. */
  defaultReminders: { method: 'email' | 'popup'; minutes: number }[];
  /** Which email notifications the person gets for this calendar (`eventCreation`, `agenda`, …). */
  emailNotifications: string[];
}

export function calendarInfo(entry: CalendarListEntry, palettes: Palettes): CalendarInfo | null {
  if (!entry.id || entry.deleted || entry.hidden) return null;
  const accessRole = entry.accessRole ?? 'reader';
  return {
    id: entry.id,
    name: entry.summaryOverride?.trim() || entry.summary?.trim() || entry.id,
    summary: entry.summary ?? entry.id,
    color: calendarColor(entry, palettes),
    colorId: entry.colorId ?? null,
    accessRole,
    primary: entry.primary === true,
    // Google omits `selected` when false (its default).
    selected: entry.selected === true,
    writable: accessRole === 'writer' || accessRole === 'owner',
    owned: accessRole === 'owner',
    timeZone: entry.timeZone ?? null,
    description: entry.description ?? null,
    defaultReminders: (entry.defaultReminders ?? []).flatMap(({ method, minutes }) =>
      method && minutes !== undefined ? [{ method, minutes }] : [],
    ),
    emailNotifications: (entry.notificationSettings?.notifications ?? [])
      .filter((notification) => notification.method === 'email' && notification.type)
      .map((notification) => notification.type ?? ''),
  };
}

/** Primary first, then the person's own calendars, then the others, each by name. */
export function sortCalendars(calendars: CalendarInfo[]): CalendarInfo[] {
  const rank = (c: CalendarInfo) => (c.primary ? 0 : c.owned ? 1 : 2);
  return [...calendars].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

export function usePalettes() {
  const query = useApiQuery('CalendarColorsGet', {}, { staleTime: Number.POSITIVE_INFINITY });
  const palettes = useMemo(() => palettesFrom(query.data), [query.data]);
  return { ...query, palettes };
}

export function useCalendarPreferences(): {
  preferences: CalendarPreferences;
  isPending: boolean;
  error: Error | null;
} {
  const query = useApiQuery(
    'CalendarSettingsList',
    { maxResults: 250 },
    { allPagesOf: 'items', staleTime: 5 * 60_000 },
  );
  const preferences = useMemo(() => preferencesFromSettings(listItems(query.data, 'items')), [query.data]);
  return { preferences, isPending: query.isPending, error: query.error };
}

export function useCalendars(palettes: Palettes) {
  const query = useApiQuery('CalendarCalendarListList', { maxResults: 250 }, { allPagesOf: 'items' });
  const calendars = useMemo(
    () =>
      sortCalendars(
        listItems<CalendarListEntry>(query.data, 'items').flatMap((entry) => calendarInfo(entry, palettes) ?? []),
      ),
    [query.data, palettes],
  );
  return { ...query, calendars };
}
