import type { ServiceModule } from '../http/handler';
import { aclHandlers } from './handlers/acl';
import { calendarListHandlers } from './handlers/calendar-list';
import { calendarsHandlers } from './handlers/calendars';
import { CalendarChannelsStop, CalendarColorsGet } from './handlers/channels-colors';
import { CalendarEventsGet, CalendarEventsInstances, CalendarEventsList } from './handlers/events-read';
import {
  CalendarEventsDelete,
  CalendarEventsImport,
  CalendarEventsInsert,
  CalendarEventsMove,
  CalendarEventsPatch,
  CalendarEventsQuickAdd,
  CalendarEventsUpdate,
} from './handlers/events-write';
import { CalendarFreebusyQuery } from './handlers/freebusy';
import { settingsHandlers } from './handlers/settings';
import {
  CalendarAclWatch,
  CalendarCalendarListWatch,
  CalendarEventsWatch,
  CalendarSettingsWatch,
} from './handlers/watch';
import { provisionCalendarUser } from './provision';
import { calendarMigrations } from './schema';

export { calendarGroupMembers, setCalendarGroupMembers } from './groups';

/** The Calendar v3 area of the embedded service: all 37 operations over SQLite. */
export const calendarModule: ServiceModule = {
  migrations: calendarMigrations,
  handlers: {
    ...aclHandlers,
    CalendarAclWatch,
    ...calendarListHandlers,
    CalendarCalendarListWatch,
    ...calendarsHandlers,
    CalendarChannelsStop,
    CalendarColorsGet,
    CalendarEventsGet,
    CalendarEventsInstances,
    CalendarEventsList,
    CalendarEventsImport,
    CalendarEventsInsert,
    CalendarEventsMove,
    CalendarEventsQuickAdd,
    CalendarEventsWatch,
    CalendarEventsUpdate,
    CalendarEventsPatch,
    CalendarEventsDelete,
    CalendarFreebusyQuery,
    ...settingsHandlers,
    CalendarSettingsWatch,
  },
  provisionUser: provisionCalendarUser,
};
