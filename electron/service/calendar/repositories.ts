import type { Database } from 'better-sqlite3';
import { AclRepository } from './acl-repository';
import { CalendarListRepository } from './calendar-list-repository';
import { CalendarsRepository } from './calendars-repository';
import { EventsRepository } from './events-repository';
import { GroupsRepository } from './groups-repository';
import { SettingsRepository } from './settings-repository';

/** The calendar area's repositories over one database, with statements prepared once. */
export interface CalendarRepositories {
  readonly db: Database;
  readonly calendars: CalendarsRepository;
  readonly acl: AclRepository;
  readonly calendarList: CalendarListRepository;
  readonly events: EventsRepository;
  readonly settings: SettingsRepository;
  readonly groups: GroupsRepository;
}

const cache = new WeakMap<Database, CalendarRepositories>();

export function repositoriesFor(db: Database): CalendarRepositories {
  let repos = cache.get(db);
  if (!repos) {
    repos = {
      db,
      calendars: new CalendarsRepository(db),
      acl: new AclRepository(db),
      calendarList: new CalendarListRepository(db),
      events: new EventsRepository(db),
      settings: new SettingsRepository(db),
      groups: new GroupsRepository(db),
    };
    cache.set(db, repos);
  }
  return repos;
}
