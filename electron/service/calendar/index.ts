import { bindHandlers, type ServiceArea } from '../http/handler';
import { CalendarState } from './domain/calendar-state';
import { aclHandlers } from './handlers/acl';
import { calendarListHandlers } from './handlers/calendar-list';
import { calendarsHandlers } from './handlers/calendars';
import { channelsColorsHandlers } from './handlers/channels-colors';
import { eventReadHandlers } from './handlers/events-read';
import { eventWriteHandlers } from './handlers/events-write';
import { freebusyHandlers } from './handlers/freebusy';
import { settingsHandlers } from './handlers/settings';
import { watchHandlers } from './handlers/watch';
import { provisionCalendarUser } from './domain/provision';
import { calendarMigrations } from './schema';

export { calendarGroupMembers, setCalendarGroupMembers } from './domain/groups';

/** Every Calendar handler, by operation name. */
export const calendarHandlers = [
  aclHandlers,
  calendarListHandlers,
  calendarsHandlers,
  channelsColorsHandlers,
  eventReadHandlers,
  eventWriteHandlers,
  freebusyHandlers,
  settingsHandlers,
  watchHandlers,
] as const;

/** The Calendar v3 area of the embedded service: all 37 operations over SQLite. */
export const calendarModule: ServiceArea = {
  migrations: calendarMigrations,
  heavyReads: {
    // A series expanded over a window: instances, an expanded listing (sync included), free/busy.
    wants: (operation, params) =>
      operation === 'CalendarEventsInstances' ||
      operation === 'CalendarFreebusyQuery' ||
      (operation === 'CalendarEventsList' && params.singleEvents === true),
    create: (service) => bindHandlers(new CalendarState(service), eventReadHandlers, freebusyHandlers),
  },
  create(service) {
    const calendar = new CalendarState(service);
    return {
      handlers: bindHandlers(calendar, ...calendarHandlers),
      provisionUser: (user, defaults) => provisionCalendarUser(calendar.r, user, service.now(), defaults),
      close: () => calendar.close(),
    };
  },
};
