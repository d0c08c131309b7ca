import type { Query, QueryKey } from '@tanstack/react-query';
import type { IpcEvent } from '../../shared/ipc/contract';

type ChangedEvent = Extract<IpcEvent, { type: 'changed' }>;

/**
 * Which cached operations a pushed change touches. A resource is `<collection>` or
 * `<collection>:<id>` (e.g. `events:<calendarId>`, `tasks:<tasklistId>`, `calendarList`); the id,
 * when present, must equal the query's `param` for the query to be refetched.
 */
interface CollectionRule {
  /** Operation names of the collection's queries. */
  operations: RegExp;
  /** The parameter that carries the collection id. */
  param?: string;
  /** Ids that name some collection without saying which (`primary`, `@default`): always refetched. */
  aliases?: readonly string[];
}

const collectionRules: Record<ChangedEvent['area'], Record<string, CollectionRule>> = {
  calendar: {
    events: { operations: /^Calendar(Events[A-Z]|FreebusyQuery$)/, param: 'calendarId', aliases: ['primary'] },
    calendarList: { operations: /^Calendar(CalendarList|Calendars)[A-Z]/ },
    acl: { operations: /^CalendarAcl[A-Z]/, param: 'calendarId', aliases: ['primary'] },
    settings: { operations: /^CalendarSettings[A-Z]/ },
  },
  tasks: {
    tasks: { operations: /^TasksTasks[A-Z]/, param: 'tasklist', aliases: ['@default'] },
    tasklists: { operations: /^TasksTasklists[A-Z]/ },
  },
  // Drive's change feed is global (a move or share affects several listings), so any Drive change refetches all of Drive.
  drive: {},
};

/** A query-filter predicate for the API queries a `changed` event makes stale. */
export function invalidationFilterFor(
  event: ChangedEvent,
  areaOfOperation: (operation: string) => string | undefined,
): { queryKey: QueryKey; predicate: (query: Query) => boolean } {
  const separator = event.resource.indexOf(':');
  const collection = separator === -1 ? event.resource : event.resource.slice(0, separator);
  const id = separator === -1 ? undefined : event.resource.slice(separator + 1);
  const rule = collectionRules[event.area][collection];

  return {
    queryKey: ['api'],
    predicate: (query) => {
      const [, account, operation, params] = query.queryKey;
      if (typeof operation !== 'string') return false;
      // Keys made before the account was known carry '' and belong to whichever account is active.
      if (account !== event.account && account !== '') return false;
      if (!rule) return areaOfOperation(operation) === event.area;
      if (!rule.operations.test(operation)) return false;
      if (id === undefined || !rule.param) return true;
      const value = params && typeof params === 'object' ? (params as Record<string, unknown>)[rule.param] : undefined;
      return value === undefined || value === id || (typeof value === 'string' && (rule.aliases ?? []).includes(value));
    },
  };
}
