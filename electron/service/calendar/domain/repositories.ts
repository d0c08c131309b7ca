import type { Store } from '../../store/store';
import { AclRepository } from './acl-repository';
import { CalendarListRepository } from './calendar-list-repository';
import { CalendarsRepository } from './calendars-repository';
import { EventCache } from './event-cache';
import { EventsRepository } from './events-repository';
import { GroupsRepository } from './groups-repository';
import { ExpansionCache } from './occurrences';
import { SettingsRepository } from './settings-repository';

/** The calendar area's repositories over one store, and the caches they fill between requests. */
export interface CalendarRepositories {
  readonly store: Store;
  readonly calendars: CalendarsRepository;
  readonly acl: AclRepository;
  readonly calendarList: CalendarListRepository;
  readonly events: EventsRepository;
  readonly settings: SettingsRepository;
  readonly groups: GroupsRepository;
  /** Parsed and rendered events. */
  readonly eventCache: EventCache;
  /** Expanded recurring events. */
  readonly expansions: ExpansionCache;
}

export function createCalendarRepositories(store: Store): CalendarRepositories {
  const events = new EventsRepository(store);
  return {
    store,
    calendars: new CalendarsRepository(store),
    acl: new AclRepository(store),
    calendarList: new CalendarListRepository(store),
    events,
    settings: new SettingsRepository(store),
    groups: new GroupsRepository(store),
    eventCache: new EventCache(events),
    expansions: new ExpansionCache(),
  };
}
