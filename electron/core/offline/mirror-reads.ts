import { compileDriveQuery, driveOrder, UnsupportedQuery } from './drive-query';
import type { MirrorStore, Resource } from './mirror-store';
import { expandSeries, instantOf } from './occurrences';

/** An answer the mirror can give, and which collection partitions it was read from (for its freshness). */
export interface MirrorAnswer {
  readonly value: unknown;
  readonly sources: readonly { readonly collection: string; readonly key: string }[];
  /** The mirror may not hold everything asked (a time range outside its event window). */
  readonly partial?: boolean;
}

export interface ReadContext {
  readonly store: MirrorStore;
  /** The single events kept: [from, to) in ms. */
  readonly windowMs: readonly [number, number];
  /** Occurrences of each series over the whole window, by series version (expanding is the costly part). */
  readonly seriesCache?: Map<string, readonly Occurrence[]>;
}

/** Most series whose occurrences are kept in memory. */
const maxCachedSeries = 2_000;

interface Occurrence {
  readonly event: Resource;
  readonly start: number;
  readonly end: number;
}

function occurrencesOf(context: ReadContext, master: Resource, zone: string, from: number, to: number): Resource[] {
  const [windowFrom, windowTo] = context.windowMs;
  const cache = context.seriesCache;
  if (!cache || from < windowFrom || to > windowTo) return expandSeries(master, zone, from, to);
  const version = `${windowFrom}\u0000${zone}\u0000${String(master.id)}\u0000${String(master.etag)}\u0000${String(master.updated)}\u0000${JSON.stringify([master.start, master.end, master.recurrence])}`;
  let all = cache.get(version);
  if (!all) {
    if (cache.size >= maxCachedSeries) cache.clear();
    all = expandSeries(master, zone, windowFrom, windowTo).map((event) => {
      const start = instantOf(event.start, zone) ?? 0;
      return { event, start, end: instantOf(event.end, zone) ?? start };
    });
    cache.set(version, all);
  }
  const out: Resource[] = [];
  for (const { event, start, end } of all)
    if (start < to && (end > from || (end === start && start >= from))) out.push(event);
  return out;
}

/** Operations the mirror answers. */
export const mirroredReads = new Set([
  'CalendarCalendarListList',
  'CalendarCalendarListGet',
  'CalendarSettingsList',
  'CalendarSettingsGet',
  'CalendarColorsGet',
  'CalendarEventsList',
  'CalendarEventsGet',
  'CalendarEventsInstances',
  'TasksTasklistsList',
  'TasksTasklistsGet',
  'TasksTasksList',
  'TasksTasksGet',
  'DriveFilesList',
  'DriveFilesGet',
  'DriveDrivesList',
  'DriveAboutGet',
  'DrivePermissionsList',
]);

const pageTokenPrefix = 'mirror:';

/** A page of `items` from a sorted list, with Google's pageToken/maxResults. */
function page(
  items: Resource[],
  params: Record<string, unknown>,
  defaultSize: number,
  maxSize: number,
): { items: Resource[]; nextPageToken?: string } {
  const size = Math.min(Number(params.maxResults ?? params.pageSize ?? defaultSize) || defaultSize, maxSize);
  const token = typeof params.pageToken === 'string' ? params.pageToken : '';
  const offset = token.startsWith(pageTokenPrefix) ? Number(token.slice(pageTokenPrefix.length)) || 0 : 0;
  const slice = items.slice(offset, offset + size);
  return offset + size < items.length
    ? { items: slice, nextPageToken: `${pageTokenPrefix}${offset + size}` }
    : { items: slice };
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** The calendar id `primary` stands for. */
export function primaryCalendarId(store: MirrorStore): string | undefined {
  return str(store.list('calendarList', '').find((entry) => entry.primary === true)?.id);
}

export function calendarKey(store: MirrorStore, calendarId: unknown): string {
  const id = str(calendarId) ?? 'primary';
  return id === 'primary' ? (primaryCalendarId(store) ?? id) : id;
}

export function tasklistKey(store: MirrorStore, tasklist: unknown): string {
  const id = str(tasklist) ?? '@default';
  return id === '@default' ? (str(store.list('tasklists', '')[0]?.id) ?? id) : id;
}

function calendarZone(store: MirrorStore, calendarId: string): string {
  const entry = store.item('calendarList', '', calendarId)?.data;
  return str(entry?.timeZone) ?? str(store.item('settings', '', 'timezone')?.data?.value) ?? 'UTC';
}

/**
 * Answers a read from the mirror, or undefined when it cannot (not a mirrored read, a page token
 * of the network's, a search the mirror does not understand, a partition never synced).
 */
export function readFromMirror(
  context: ReadContext,
  operation: string,
  params: Record<string, unknown>,
): MirrorAnswer | undefined {
  if (!mirroredReads.has(operation)) return undefined;
  const token = str(params.pageToken);
  if (token && !token.startsWith(pageTokenPrefix)) return undefined;
  const { store } = context;
  switch (operation) {
    case 'CalendarCalendarListList': {
      const showHidden = bool(params.showHidden, false);
      const items = store
        .list('calendarList', '')
        .filter((entry) => showHidden || entry.hidden !== true)
        .sort((a, b) => Number(b.primary === true) - Number(a.primary === true) || cmp(a.summary, b.summary));
      return {
        value: { kind: 'calendar#calendarList', etag: '"mirror"', ...page(items, params, 100, 250) },
        sources: [{ collection: 'calendarList', key: '' }],
      };
    }
    case 'CalendarCalendarListGet': {
      const item = store.item('calendarList', '', calendarKey(store, params.calendarId))?.data;
      return item ? { value: item, sources: [{ collection: 'calendarList', key: '' }] } : undefined;
    }
    case 'CalendarSettingsList':
      return {
        value: { kind: 'calendar#settings', etag: '"mirror"', ...page(store.list('settings', ''), params, 100, 250) },
        sources: [{ collection: 'settings', key: '' }],
      };
    case 'CalendarSettingsGet': {
      const item = store.item('settings', '', str(params.setting) ?? '')?.data;
      return item ? { value: item, sources: [{ collection: 'settings', key: '' }] } : undefined;
    }
    case 'CalendarColorsGet': {
      const item = store.item('colors', '', 'colors')?.data;
      return item ? { value: item, sources: [{ collection: 'colors', key: '' }] } : undefined;
    }
    case 'CalendarEventsList':
    case 'CalendarEventsInstances':
      return listEvents(context, operation, params);
    case 'CalendarEventsGet': {
      const key = calendarKey(store, params.calendarId);
      const item = eventById(store, key, str(params.eventId) ?? '');
      return item ? { value: item, sources: [{ collection: 'events', key }] } : undefined;
    }
    case 'TasksTasklistsList':
      return {
        value: { kind: 'tasks#taskLists', etag: '"mirror"', ...page(store.list('tasklists', ''), params, 1000, 1000) },
        sources: [{ collection: 'tasklists', key: '' }],
      };
    case 'TasksTasklistsGet': {
      const item = store.item('tasklists', '', tasklistKey(store, params.tasklist))?.data;
      return item ? { value: item, sources: [{ collection: 'tasklists', key: '' }] } : undefined;
    }
    case 'TasksTasksList':
      return listTasks(store, params);
    case 'TasksTasksGet': {
      const key = tasklistKey(store, params.tasklist);
      const item = store.item('tasks', key, str(params.task) ?? '')?.data;
      return item ? { value: item, sources: [{ collection: 'tasks', key }] } : undefined;
    }
    case 'DriveFilesList':
      return listFiles(store, params);
    case 'DriveFilesGet': {
      if (params.alt === 'media') return undefined;
      const fileId = str(params.fileId) ?? '';
      const id = fileId === 'root' ? (store.fact('driveRootId') ?? fileId) : fileId;
      const item = store.item('files', '', id)?.data;
      return item ? { value: item, sources: [{ collection: 'files', key: '' }] } : undefined;
    }
    case 'DriveDrivesList':
      return {
        value: { kind: 'drive#driveList', ...renamePage(page(store.list('drives', ''), params, 10, 100), 'drives') },
        sources: [{ collection: 'drives', key: '' }],
      };
    case 'DriveAboutGet': {
      const item = store.item('about', '', 'about')?.data;
      return item ? { value: item, sources: [{ collection: 'about', key: '' }] } : undefined;
    }
    case 'DrivePermissionsList': {
      const key = str(params.fileId) ?? '';
      if (!store.syncState('permissions', key)) return undefined;
      return {
        value: {
          kind: 'drive#permissionList',
          ...renamePage(page(store.list('permissions', key), params, 100, 100), 'permissions'),
        },
        sources: [{ collection: 'permissions', key }],
      };
    }
    default:
      return undefined;
  }
}

function renamePage(answer: { items: Resource[]; nextPageToken?: string }, field: string): Record<string, unknown> {
  return { [field]: answer.items, ...(answer.nextPageToken ? { nextPageToken: answer.nextPageToken } : {}) };
}

const cmp = (a: unknown, b: unknown): number => String(a ?? '').localeCompare(String(b ?? ''));

/** An event by id: stored, or an occurrence of a stored series (`<master>_<start>`). */
export function eventById(store: MirrorStore, key: string, eventId: string): Resource | undefined {
  const stored = store.item('events', key, eventId);
  if (stored) return stored.data ?? undefined;
  const match = /^(.+)_(\d{8}(?:T\d{6}Z)?)$/.exec(eventId);
  if (!match) return undefined;
  const master = store.item('events', key, match[1]!)?.data;
  if (!master) return undefined;
  const zone = calendarZone(store, key);
  const stamp = match[2]!;
  const iso =
    stamp.length === 8
      ? `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T00:00:00Z`
      : `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;
  const at = Date.parse(iso);
  return expandSeries(master, zone, at - 2 * 86_400_000, at + 2 * 86_400_000).find((e) => e.id === eventId);
}

function eventMatches(event: Resource, q: string): boolean {
  const needle = q.toLowerCase();
  const attendees = Array.isArray(event.attendees)
    ? (event.attendees as Resource[]).map((a) => `${String(a.email ?? '')} ${String(a.displayName ?? '')}`).join(' ')
    : '';
  return `${String(event.summary ?? '')} ${String(event.description ?? '')} ${String(event.location ?? '')} ${attendees}`
    .toLowerCase()
    .includes(needle);
}

function listEvents(context: ReadContext, operation: string, params: Record<string, unknown>): MirrorAnswer {
  const { store, windowMs } = context;
  const key = calendarKey(store, params.calendarId);
  const zone = calendarZone(store, key);
  const timeMin = str(params.timeMin) ? Date.parse(String(params.timeMin)) : undefined;
  const timeMax = str(params.timeMax) ? Date.parse(String(params.timeMax)) : undefined;
  const from = timeMin ?? Number.NEGATIVE_INFINITY;
  const to = timeMax ?? Number.POSITIVE_INFINITY;
  const showDeleted = bool(params.showDeleted, false);
  const updatedMin = str(params.updatedMin);
  const q = str(params.q);
  const instancesOf = operation === 'CalendarEventsInstances' ? str(params.eventId) : undefined;
  const singleEvents = instancesOf !== undefined || bool(params.singleEvents, false);
  const stored =
    timeMin !== undefined || timeMax !== undefined ? store.eventsAround(key, from, to) : store.list('events', key);

  let events: Resource[];
  if (singleEvents) {
    // Series are expanded over the asked range, clipped to the window when the range is open-ended.
    const expandFrom = Math.max(from, windowMs[0]);
    const expandTo = Math.min(to, windowMs[1]);
    const exceptions = new Map<string, Resource>();
    for (const event of stored) {
      if (str(event.recurringEventId)) {
        const original = instantOf(event.originalStartTime, zone);
        exceptions.set(`${String(event.recurringEventId)}\u0000${original}`, event);
      }
    }
    events = [];
    for (const event of stored) {
      if (Array.isArray(event.recurrence) && event.recurrence.length > 0) {
        if (instancesOf !== undefined && event.id !== instancesOf) continue;
        if (event.status === 'cancelled') continue;
        for (const occurrence of occurrencesOf(context, event, zone, expandFrom, expandTo)) {
          const original = instantOf(occurrence.originalStartTime, zone);
          const exception = exceptions.get(`${String(event.id)}\u0000${original}`);
          if (exception) continue;
          events.push(occurrence);
        }
      } else if (instancesOf === undefined || event.recurringEventId === instancesOf) {
        events.push(event);
      }
    }
  } else {
    events = stored;
  }
  const startOf = new Map<Resource, number>();
  const startMs = (event: Resource): number => {
    let value = startOf.get(event);
    if (value === undefined) {
      value = instantOf(event.start, zone) ?? instantOf(event.originalStartTime, zone) ?? 0;
      startOf.set(event, value);
    }
    return value;
  };
  events = events.filter((event) => {
    if (!showDeleted && event.status === 'cancelled') return false;
    if (singleEvents || !Array.isArray(event.recurrence)) {
      const start = startMs(event);
      const end = instantOf(event.end, zone) ?? start;
      if (end <= from && !(end === start && start >= from)) return false;
      if (start >= to) return false;
    } else if (startMs(event) >= to) return false;
    if (updatedMin && String(event.updated ?? '') < updatedMin) return false;
    if (q && !eventMatches(event, q)) return false;
    if (str(params.iCalUID) && event.iCalUID !== params.iCalUID) return false;
    return true;
  });
  if (params.orderBy === 'updated') events.sort((a, b) => cmp(a.updated, b.updated));
  else events.sort((a, b) => startMs(a) - startMs(b) || cmp(a.id, b.id));
  const entry = store.item('calendarList', '', key)?.data;
  const partial = from < windowMs[0] || to > windowMs[1];
  return {
    value: {
      kind: 'calendar#events',
      etag: '"mirror"',
      summary: entry?.summaryOverride ?? entry?.summary ?? key,
      ...(entry?.description ? { description: entry.description } : {}),
      updated: new Date().toISOString(),
      timeZone: zone,
      accessRole: entry?.accessRole ?? 'reader',
      defaultReminders: entry?.defaultReminders ?? [],
      ...page(events, params, 250, 2500),
    },
    sources: [{ collection: 'events', key }],
    ...(partial ? { partial } : {}),
  };
}

function listTasks(store: MirrorStore, params: Record<string, unknown>): MirrorAnswer {
  const key = tasklistKey(store, params.tasklist);
  const showCompleted = bool(params.showCompleted, true);
  const showHidden = bool(params.showHidden, false);
  const showDeleted = bool(params.showDeleted, false);
  const range = (value: unknown, min: unknown, max: unknown): boolean => {
    const text = str(value);
    if (str(min) && (!text || Date.parse(text) < Date.parse(String(min)))) return false;
    if (str(max) && (!text || Date.parse(text) >= Date.parse(String(max)))) return false;
    return true;
  };
  const items = store
    .list('tasks', key)
    .filter((task) => {
      if (!showDeleted && task.deleted === true) return false;
      if (!showHidden && task.hidden === true) return false;
      if (!showCompleted && task.status === 'completed') return false;
      if (!range(task.due, params.dueMin, params.dueMax)) return false;
      if (!range(task.completed, params.completedMin, params.completedMax)) return false;
      if (str(params.updatedMin) && Date.parse(String(task.updated ?? 0)) < Date.parse(String(params.updatedMin)))
        return false;
      return true;
    })
    .sort((a, b) => cmp(a.parent, b.parent) || cmp(a.position, b.position) || cmp(a.id, b.id));
  return {
    value: { kind: 'tasks#tasks', etag: '"mirror"', ...page(items, params, 20, 100) },
    sources: [{ collection: 'tasks', key }],
  };
}

function listFiles(store: MirrorStore, params: Record<string, unknown>): MirrorAnswer | undefined {
  let predicate: (file: Resource) => boolean;
  try {
    const rootId = store.fact('driveRootId');
    predicate = compileDriveQuery(str(params.q) ?? 'trashed = false', rootId ? { rootId } : {});
  } catch (error) {
    if (error instanceof UnsupportedQuery) return undefined;
    throw error;
  }
  const driveId = params.corpora === 'drive' ? str(params.driveId) : undefined;
  const files = store
    .list('files', '')
    .filter((file) => (driveId ? file.driveId === driveId : true))
    .filter(predicate)
    .sort(driveOrder(str(params.orderBy)));
  return {
    value: { kind: 'drive#fileList', incompleteSearch: false, ...renamePage(page(files, params, 100, 1000), 'files') },
    sources: [{ collection: 'files', key: '' }],
  };
}
