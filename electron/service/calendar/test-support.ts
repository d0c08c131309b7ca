import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import { expect } from 'vitest';
import type { ServiceConfig } from '../http/handler';
import type { NewEventRow } from './domain/events-repository';
import { startEmbeddedService, type EmbeddedService } from '../server';

/** A running embedded service in a temporary folder with users, and official clients for them. */
export interface CalendarTestService {
  service: EmbeddedService;
  client(token: string): calendar_v3.Calendar;
  /** Moves the service clock. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export const alice = { email: 'alice@example.com', token: 'alice-token', displayName: 'Alice' };
export const bob = { email: 'bob@example.com', token: 'bob-token', displayName: 'Bob' };
export const carol = { email: 'carol@example.com', token: 'carol-token', displayName: 'Carol' };

export async function startCalendarService(
  options: { config?: Partial<ServiceConfig>; start?: Date; readWorker?: boolean } = {},
): Promise<CalendarTestService> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-calendar-'));
  let offset = 0;
  const base = options.start ? options.start.getTime() - Date.now() : 0;
  const service = await startEmbeddedService({
    dataDir: dir,
    port: 0,
    users: [alice, bob, carol],
    now: () => new Date(Date.now() + base + offset),
    ...(options.config ? { config: options.config } : {}),
    ...((options.readWorker ?? true) ? { readWorker: true } : {}),
    channels: { retryBaseDelayMs: 20, maxAttempts: 3 },
    log: process.env.ATRIUM_TEST_LOG ? (m) => console.error(m) : () => undefined,
  });
  return {
    service,
    client(token) {
      const oauth = new auth.OAuth2();
      oauth.setCredentials({ access_token: token });
      return calendar({ version: 'v3', rootUrl: `${service.url}/`, auth: oauth, retry: false });
    },
    advance(ms) {
      offset += ms;
    },
    async close() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface GaxiosLikeError {
  status?: number;
  response?: { status?: number; data?: { error?: { errors?: { reason?: string; location?: string }[] } } };
}

/** Awaits a call expected to fail with `status` and Google's `reason`. */
export async function expectApiError(call: Promise<unknown>, status: number, reason?: string): Promise<void> {
  let caught: unknown;
  try {
    await call;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected HTTP ${status}${reason ? ` ${reason}` : ''}`).toBeDefined();
  const error = caught as GaxiosLikeError;
  expect(error.response?.status ?? error.status).toBe(status);
  if (reason !== undefined) expect(error.response?.data?.error?.errors?.[0]?.reason).toBe(reason);
}

/** Every page of an events listing. */
export async function listAllEvents(
  client: calendar_v3.Calendar,
  params: calendar_v3.Params$Resource$Events$List,
): Promise<{ items: calendar_v3.Schema$Event[]; pages: number; nextSyncToken?: string }> {
  const items: calendar_v3.Schema$Event[] = [];
  let pageToken: string | undefined;
  let pages = 0;
  for (;;) {
    const { data } = await client.events.list({ ...params, ...(pageToken ? { pageToken } : {}) });
    pages += 1;
    items.push(...(data.items ?? []));
    if (!data.nextPageToken)
      return { items, pages, ...(data.nextSyncToken ? { nextSyncToken: data.nextSyncToken } : {}) };
    expect(data.nextSyncToken).toBeFalsy();
    pageToken = data.nextPageToken;
  }
}

/** A stored event row for repository tests: a single event of `calendarId`, its uid given. */
export function storedEventRow(
  eventId: string,
  fields: { icalUid?: string; status?: string; calendarId?: string } = {},
): NewEventRow {
  return {
    calendar_id: fields.calendarId ?? 'cal@example.com',
    event_id: eventId,
    ical_uid: fields.icalUid ?? `${eventId}@google.com`,
    status: fields.status ?? 'confirmed',
    is_series: 0,
    recurring_event_id: null,
    original_start_ms: null,
    start_ms: 0,
    end_ms: 1,
    range_end_ms: 1,
    updated_ms: 0,
    change_seq: 1,
    search_text: '',
    resource: '{}',
  };
}
