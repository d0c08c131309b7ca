import { useMemo } from 'react';
import {
  apiQueryPrefix,
  callApi,
  errorMessage,
  optimisticApiUpdate,
  queryClient,
  applyOptimisticUpdates,
  rollbackOptimisticUpdates,
} from '../../lib/api';
import { withListItemChanged, withListItemRemoved } from '../../lib/list-cache';
import type { CalendarInfo } from './calendar-data';
import type { ColorPair } from './colors';

/**
 * Changes to the person's calendar list: show/hide, rename (their own name for it), color,
 * create and delete calendars. Each shows at once and is undone with a message if refused.
 */
export function useCalendarListCommands(reportError: (message: string) => void) {
  return useMemo(() => {
    const refreshList = () => queryClient.invalidateQueries({ queryKey: apiQueryPrefix('CalendarCalendarListList') });

    async function patchEntry(
      calendar: CalendarInfo,
      change: Record<string, unknown>,
      params: { colorRgbFormat?: boolean },
      failure: string,
    ): Promise<boolean> {
      const context = await applyOptimisticUpdates(queryClient, [
        optimisticApiUpdate('CalendarCalendarListList', {}, (page) =>
          withListItemChanged(page, 'items', calendar.id, change),
        ),
      ]);
      try {
        await callApi('CalendarCalendarListPatch', { calendarId: calendar.id, ...params }, change);
        return true;
      } catch (error) {
        rollbackOptimisticUpdates(queryClient, context);
        reportError(`${failure}: ${errorMessage(error)}`);
        return false;
      } finally {
        void refreshList();
      }
    }

    return {
      setShown: (calendar: CalendarInfo, selected: boolean) =>
        patchEntry(calendar, { selected }, {}, `Couldn’t ${selected ? 'show' : 'hide'} ${calendar.name}`),

      rename: (calendar: CalendarInfo, name: string) => {
        const trimmed = name.trim();
        // The person's own name; the calendar's title stays as its owner set it. Empty goes back to the title.
        return patchEntry(
          calendar,
          { summaryOverride: trimmed && trimmed !== calendar.summary ? trimmed : null },
          {},
          `Couldn’t rename ${calendar.name}`,
        );
      },

      setColor: (calendar: CalendarInfo, color: ColorPair, colorId: string | null) =>
        patchEntry(
          calendar,
          { backgroundColor: color.background, foregroundColor: color.foreground, ...(colorId ? { colorId } : {}) },
          { colorRgbFormat: true },
          `Couldn’t change the color of ${calendar.name}`,
        ),

      /** Creates a calendar wearing `colorId` (see colorForNewCalendar). */
      async create(summary: string, timeZone: string, colorId?: string): Promise<string | null> {
        try {
          const created = await callApi('CalendarCalendarsInsert', {}, { summary: summary.trim(), timeZone });
          if (created.id && colorId)
            await callApi('CalendarCalendarListPatch', { calendarId: created.id }, { colorId });
          return created.id ?? null;
        } catch (error) {
          reportError(`Couldn’t create the calendar “${summary.trim()}”: ${errorMessage(error)}`);
          return null;
        } finally {
          void refreshList();
        }
      },

      /** Deletes a calendar the person owns; removes anyone else's from their list. */
      async remove(calendar: CalendarInfo): Promise<boolean> {
        const context = await applyOptimisticUpdates(queryClient, [
          optimisticApiUpdate('CalendarCalendarListList', {}, (page) =>
            withListItemRemoved(page, 'items', calendar.id),
          ),
        ]);
        try {
          if (calendar.owned) await callApi('CalendarCalendarsDelete', { calendarId: calendar.id });
          else await callApi('CalendarCalendarListDelete', { calendarId: calendar.id });
          return true;
        } catch (error) {
          rollbackOptimisticUpdates(queryClient, context);
          reportError(`Couldn’t ${calendar.owned ? 'delete' : 'remove'} ${calendar.name}: ${errorMessage(error)}`);
          return false;
        } finally {
          void refreshList();
        }
      },

      /** Adds a calendar shared with the person (or public) to their list by its id. */
      async subscribe(calendarId: string): Promise<boolean> {
        try {
          await callApi('CalendarCalendarListInsert', {}, { id: calendarId.trim(), selected: true });
          return true;
        } catch (error) {
          reportError(`Couldn’t add ${calendarId.trim()}: ${errorMessage(error)}`);
          return false;
        } finally {
          void refreshList();
        }
      },
    };
  }, [reportError]);
}
