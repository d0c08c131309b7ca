import type { OfflineAccountStatus } from '../../../shared/ipc/contract';

/**
 * The words of the sync status and panel: times as people say them, collections by what they
 * are, field values as they read. Pure functions, tested beside this file.
 */

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** "10:42" today, "Yesterday 18:05", "Mon 09:30" this week, "Nov 3, 09:30" before that; "" for no time. */
export function whenText(iso: string | undefined, now: Date = new Date(), locale?: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
  if (sameDay(at, now)) return time;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(at, yesterday)) return `Yesterday ${time}`;
  const days = (now.getTime() - at.getTime()) / 86_400_000;
  if (days > 0 && days < 6) return `${new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(at)} ${time}`;
  const date = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(at);
  return `${date}, ${time}`;
}

export function changesText(count: number): string {
  return count === 1 ? '1 change waiting' : `${count} changes waiting`;
}

export function conflictsText(count: number): string {
  return count === 1 ? '1 conflict' : `${count} conflicts`;
}

export type SyncTone = 'ok' | 'busy' | 'offline' | 'attention';

/** The sidebar's one line for an account: "Offline since 10:42 · 3 changes waiting", "Syncing…", "Synced". */
export function statusLine(status: OfflineAccountStatus, now: Date = new Date()): { text: string; tone: SyncTone } {
  const parts: string[] = [];
  let tone: SyncTone = 'ok';
  if (status.state === 'offline') {
    const since = whenText(status.offlineSince, now);
    parts.push(since ? `Offline since ${since}` : 'Offline');
    tone = 'offline';
  } else if (status.replaying) {
    parts.push('Syncing…');
    tone = 'busy';
  }
  if (status.pending > 0 && !(status.state === 'online' && status.replaying)) parts.push(changesText(status.pending));
  if (status.conflicts > 0) {
    parts.push(`${conflictsText(status.conflicts)} to resolve`);
    tone = 'attention';
  }
  if (parts.length === 0) parts.push('Synced');
  return { text: parts.join(' · '), tone };
}

const collectionLabels: Record<string, string> = {
  calendarList: 'Calendar list',
  calendars: 'Calendar details',
  acl: 'Calendar sharing',
  events: 'Events',
  settings: 'Calendar settings',
  colors: 'Calendar colours',
  tasklists: 'Task lists',
  tasks: 'Tasks',
  files: 'Drive files',
  permissions: 'File sharing',
  comments: 'Comments',
  replies: 'Replies',
  revisions: 'File versions',
  drives: 'Shared drives',
  changes: 'Drive changes',
  about: 'Drive storage',
};

/** Orders collections as the app does: Calendar's first, then Tasks', then Drive's; partitions by name. */
export function compareCollections(
  a: { collection: string; key?: string | undefined },
  b: { collection: string; key?: string | undefined },
  names: ReadonlyMap<string, string>,
): number {
  const order = Object.keys(collectionLabels);
  const rank = (collection: string) => {
    const index = order.indexOf(collection);
    return index < 0 ? order.length : index;
  };
  const name = (key: string | undefined) => (key ? (names.get(key) ?? key) : '');
  return rank(a.collection) - rank(b.collection) || name(a.key).localeCompare(name(b.key));
}

/** "Events · Work", "Tasks · Groceries", "Drive files": the collection, then its partition's name when known. */
export function collectionText(
  collection: string,
  key: string | undefined,
  names: ReadonlyMap<string, string>,
): string {
  const label = collectionLabels[collection] ?? collection;
  if (!key) return label;
  return `${label} · ${names.get(key) ?? key}`;
}

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A field's value as a person reads it; `(not set)` when absent or empty. */
export function valueText(value: unknown, locale?: string): string {
  if (value === undefined || value === null || value === '') return '(not set)';
  if (typeof value === 'string') {
    if (isoDateTime.test(value)) {
      const at = new Date(value);
      if (!Number.isNaN(at.getTime()))
        return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
    }
    if (isoDate.test(value)) {
      const at = new Date(`${value}T12:00:00`);
      if (!Number.isNaN(at.getTime())) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at);
    }
    return value;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    // Event times: { dateTime, timeZone } or { date }.
    if (typeof record.dateTime === 'string' || typeof record.date === 'string')
      return valueText(record.dateTime ?? record.date, locale);
  }
  return JSON.stringify(value);
}

const fieldLabels: Record<string, string> = {
  summary: 'Title',
  title: 'Title',
  name: 'Name',
  location: 'Location',
  description: 'Description',
  notes: 'Notes',
  start: 'Starts',
  'start.dateTime': 'Starts',
  'start.date': 'Starts',
  end: 'Ends',
  'end.dateTime': 'Ends',
  'end.date': 'Ends',
  due: 'Due',
  status: 'Status',
  starred: 'Starred',
  parents: 'Folder',
  colorId: 'Colour',
  recurrence: 'Repeats',
  attendees: 'Guests',
};

/** "Title", "Starts", or the dotted path itself for a field with no common name. */
export function fieldText(field: string): string {
  return fieldLabels[field] ?? field;
}
