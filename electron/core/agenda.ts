import type { AppRoute } from '../../shared/ipc/contract';
import type { AccountConnection } from './accounts';

/** One event occurrence in a time window, as the tray and reminders need it. */
export interface AgendaItem {
  readonly account: string;
  readonly calendarId: string;
  readonly eventId: string;
  readonly title: string;
  /** Milliseconds since the epoch; an all-day event starts at local midnight. */
  readonly start: number;
  readonly end: number;
  readonly allDay: boolean;
  /** Minutes before the start at which to show a reminder (popup reminders only). */
  readonly reminderMinutes: readonly number[];
  readonly route: AppRoute;
}

type Json = Record<string, unknown>;

const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(record) : []);

/** `2031-03-04` at local midnight, or a date-time. */
function timeOf(value: unknown): { ms: number; allDay: boolean } | undefined {
  const time = record(value);
  if (typeof time.dateTime === 'string') {
    const ms = Date.parse(time.dateTime);
    return Number.isNaN(ms) ? undefined : { ms, allDay: false };
  }
  if (typeof time.date === 'string') {
    const [y, m, d] = time.date.split('-').map(Number);
    if (!y || !m || !d) return undefined;
    return { ms: new Date(y, m - 1, d).getTime(), allDay: true };
  }
  return undefined;
}

function popupMinutes(reminders: Json[]): number[] {
  return reminders.filter((r) => r.method === 'popup' && typeof r.minutes === 'number').map((r) => r.minutes as number);
}

const maxPages = 20;

async function allPages(connection: AccountConnection, operation: string, params: Json): Promise<Json[]> {
  const items: Json[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const answer = record(
      await connection.api.callByName(operation, { ...params, ...(pageToken ? { pageToken } : {}) }),
    );
    items.push(...list(answer.items));
    pageToken = typeof answer.nextPageToken === 'string' && answer.nextPageToken ? answer.nextPageToken : undefined;
    if (!pageToken) break;
  }
  return items;
}

/**
 * The event occurrences of one account between two instants, on the calendars the person shows
 * (`selected`), recurring events expanded, in start order. Each carries its popup reminders (the
 * event's own, or its calendar's defaults).
 */
export async function eventsBetween(connection: AccountConnection, from: Date, to: Date): Promise<AgendaItem[]> {
  const account = connection.account.id;
  const calendars = (await allPages(connection, 'CalendarCalendarListList', { maxResults: 250 })).filter(
    (entry) => entry.selected !== false && entry.deleted !== true,
  );
  const perCalendar = await Promise.all(
    calendars.map(async (calendar) => {
      const calendarId = String(calendar.id);
      const defaults = popupMinutes(list(calendar.defaultReminders));
      const events = await allPages(connection, 'CalendarEventsList', {
        calendarId,
        timeMin: from.toISOString(),
        timeMax: to.toISOString(),
        singleEvents: true,
        orderBy: 'startTime',
        maxResults: 250,
      });
      return events.flatMap((event): AgendaItem[] => {
        const start = timeOf(event.start);
        const end = timeOf(event.end);
        if (!start || !end || event.status === 'cancelled' || typeof event.id !== 'string') return [];
        const reminders = record(event.reminders);
        const eventId = event.id;
        return [
          {
            account,
            calendarId,
            eventId,
            title: typeof event.summary === 'string' && event.summary ? event.summary : '(No title)',
            start: start.ms,
            end: end.ms,
            allDay: start.allDay,
            reminderMinutes: reminders.useDefault === false ? popupMinutes(list(reminders.overrides)) : defaults,
            route: { kind: 'event', account, calendarId, eventId },
          },
        ];
      });
    }),
  );
  return perCalendar.flat().sort((a, b) => a.start - b.start || a.title.localeCompare(b.title));
}

/** What is on today (local time) for the given accounts, in start order; an account that cannot be read is left out. */
export async function todayAgenda(connections: readonly AccountConnection[], now = new Date()): Promise<AgendaItem[]> {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const answers = await Promise.allSettled(connections.map((connection) => eventsBetween(connection, from, to)));
  return answers
    .flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []))
    .sort((a, b) => a.start - b.start);
}
