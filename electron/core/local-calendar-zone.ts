import type { ApiClient } from './api-client';

/** The zone the embedded service gives a calendar when it is told none. */
const placeholderZone = 'UTC';

/**
 * The local account's primary calendar keeps times in this machine's zone, so that quick add
 * reads "lunch at 12:30" as 12:30 here. A new user is created in that zone; a calendar created
 * before the zone was passed still has the service's placeholder and is set once, here.
 */
export async function settleLocalCalendarZone(
  api: Pick<ApiClient, 'call'>,
  zone: string,
  log: (message: string) => void,
): Promise<void> {
  if (zone === placeholderZone) return;
  try {
    const primary = await api.call('CalendarCalendarsGet', { calendarId: 'primary' });
    if (primary.timeZone && primary.timeZone !== placeholderZone) return;
    await api.call('CalendarCalendarsPatch', { calendarId: 'primary' }, { timeZone: zone });
  } catch (error) {
    log(
      `Could not set the local calendar's time zone to ${zone}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
