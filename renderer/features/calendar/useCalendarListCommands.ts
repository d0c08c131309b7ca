import { useMemo } from 'react';
import { apiQueryPrefix, callApi, optimisticApiUpdate } from '../../lib/api';
import { withListItemChanged, withListItemRemoved } from '../../lib/list-cache';
import { runOptimisticMutation } from '../../lib/mutation';
import type { CalendarInfo } from './calendar-data';
import type { ColorPair } from './colors';

const listFilters = () => [{ queryKey: apiQueryPrefix('CalendarCalendarListList') }];

/**
 * Changes to the person's calendar list: show/hide, rename (their own name for it), color,
 * create and delete calendars. Each is an optimistic mutation: shown at once, put back with a
 * toast saying why if refused.
 */
export function useCalendarListCommands() {
  return useMemo(() => {
    async function patchEntry(
      calendar: CalendarInfo,
      change: Record<string, unknown>,
      params: { colorRgbFormat?: boolean },
      failure: string,
    ): Promise<boolean> {
      const done = await runOptimisticMutation(
        {
          apply: () => [
            optimisticApiUpdate('CalendarCalendarListList', {}, (page) =>
              withListItemChanged(page, 'items', calendar.id, change),
            ),
          ],
          call: () => callApi('CalendarCalendarListPatch', { calendarId: calendar.id, ...params }, change),
          failure: () => failure,
        },
        undefined,
      );
      return done !== undefined;
    }

    return {
      setShown: (calendar: CalendarInfo, selected: boolean) =>
        patchEntry(calendar, { selected }, {}, `Couldn’t ${selected ? 'show' : 'hide'} ${calendar.name}.`),

      rename: (calendar: CalendarInfo, name: string) => {
        const trimmed = name.trim();
        // The person's own name; the calendar's title stays as its owner set it. Empty goes back to the title.
        return patchEntry(
          calendar,
          { summaryOverride: trimmed && trimmed !== calendar.summary ? trimmed : null },
          {},
          `Couldn’t rename ${calendar.name}.`,
        );
      },

      setColor: (calendar: CalendarInfo, color: ColorPair, colorId: string | null) =>
        patchEntry(
          calendar,
          { backgroundColor: color.background, foregroundColor: color.foreground, ...(colorId ? { colorId } : {}) },
          { colorRgbFormat: true },
          `Couldn’t change the color of ${calendar.name}.`,
        ),

      /** The reminders events on this calendar get when they use the calendar's defaults. */
      setDefaultReminders: (calendar: CalendarInfo, defaultReminders: CalendarInfo['defaultReminders']) =>
        patchEntry(calendar, { defaultReminders }, {}, `Couldn’t save the default reminders of ${calendar.name}.`),

      /** Which changes to this calendar's events the person hears of by email. */
      setEmailNotifications: (calendar: CalendarInfo, types: string[]) =>
        patchEntry(
          calendar,
          { notificationSettings: { notifications: types.map((type) => ({ type, method: 'email' })) } },
          {},
          `Couldn’t save the notifications of ${calendar.name}.`,
        ),

      /** Creates a calendar wearing `colorId` (see colorForNewCalendar). */
      async create(summary: string, timeZone: string, colorId?: string): Promise<string | null> {
        const created = await runOptimisticMutation(
          {
            call: async () => {
              const calendar = await callApi('CalendarCalendarsInsert', {}, { summary: summary.trim(), timeZone });
              if (calendar.id && colorId)
                await callApi('CalendarCalendarListPatch', { calendarId: calendar.id }, { colorId });
              return calendar;
            },
            refetch: listFilters,
            failure: () => `Couldn’t create the calendar “${summary.trim()}”.`,
          },
          undefined,
        );
        return created?.id ?? null;
      },

      /** Deletes a calendar the person owns; removes anyone else's from their list. */
      async remove(calendar: CalendarInfo): Promise<boolean> {
        const done = await runOptimisticMutation(
          {
            apply: () => [
              optimisticApiUpdate('CalendarCalendarListList', {}, (page) =>
                withListItemRemoved(page, 'items', calendar.id),
              ),
            ],
            call: async () => {
              if (calendar.owned) await callApi('CalendarCalendarsDelete', { calendarId: calendar.id });
              else await callApi('CalendarCalendarListDelete', { calendarId: calendar.id });
              return true;
            },
            failure: () => `Couldn’t ${calendar.owned ? 'delete' : 'remove'} ${calendar.name}.`,
          },
          undefined,
        );
        return done === true;
      },

      /** Adds a calendar shared with the person (or public) to their list by its id. */
      async subscribe(calendarId: string): Promise<boolean> {
        const done = await runOptimisticMutation(
          {
            call: () => callApi('CalendarCalendarListInsert', {}, { id: calendarId.trim(), selected: true }),
            refetch: listFilters,
            failure: () => `Couldn’t add ${calendarId.trim()}.`,
          },
          undefined,
        );
        return done !== undefined;
      },
    };
  }, []);
}
