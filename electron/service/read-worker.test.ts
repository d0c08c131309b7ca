import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService, type EmbeddedService } from './server';

/**
 * Heavy reads answered by the read workers (./read-worker.ts) see what the service thread wrote: a
 * write acknowledged under group commit is in the next expanded listing, instances and free/busy.
 */
describe('read workers', () => {
  let dir: string;
  let service: EmbeddedService;
  let client: calendar_v3.Calendar;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-read-worker-'));
    service = await startEmbeddedService({
      dataDir: dir,
      users: [{ email: 'rw@example.com', token: 'rw-token' }],
      groupCommit: true,
      readWorker: true,
      log: (message) => {
        throw new Error(`unexpected log: ${message}`);
      },
    });
    const oauth = new auth.OAuth2();
    oauth.setCredentials({ access_token: 'rw-token' });
    client = calendar({ version: 'v3', rootUrl: `${service.url}/`, auth: oauth, retry: false });
  });
  afterAll(async () => {
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads back every acknowledged write, several writing at once', async () => {
    const day = (i: number) => `2031-03-${String(1 + (i % 28)).padStart(2, '0')}`;
    await Promise.all(
      Array.from({ length: 8 }, async (_, writer) => {
        for (let round = 0; round < 4; round++) {
          const i = writer * 4 + round;
          const { data } = await client.events.insert({
            calendarId: 'primary',
            requestBody: {
              // No summary is a prefix of another ("Written 3" of "Written 31"): another writer's series
              // on the same day must not match this one's search.
              summary: `Written w${writer}r${round}`,
              start: { dateTime: `${day(i)}T09:00:00Z`, timeZone: 'UTC' },
              end: { dateTime: `${day(i)}T10:00:00Z`, timeZone: 'UTC' },
              recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
            },
          });
          // Expanded listing, instances and free/busy: each answered by a read worker.
          const list = await client.events.list({
            calendarId: 'primary',
            singleEvents: true,
            timeMin: `${day(i)}T00:00:00Z`,
            timeMax: `${day(i)}T23:59:59Z`,
            q: `Written w${writer}r${round}`,
          });
          expect(list.data.items?.map((e) => e.recurringEventId)).toEqual([data.id]);
          const instances = await client.events.instances({ calendarId: 'primary', eventId: data.id! });
          expect(instances.data.items).toHaveLength(3);
          const patched = await client.events.patch({
            calendarId: 'primary',
            eventId: data.id!,
            requestBody: { summary: `Renamed ${i}` },
          });
          expect(patched.data.summary).toBe(`Renamed ${i}`);
          const after = await client.events.instances({ calendarId: 'primary', eventId: data.id! });
          expect(after.data.items?.map((e) => e.summary)).toEqual([`Renamed ${i}`, `Renamed ${i}`, `Renamed ${i}`]);
        }
      }),
    );
    const busy = await client.freebusy.query({
      requestBody: {
        timeMin: '2031-03-01T00:00:00Z',
        timeMax: '2031-03-02T00:00:00Z',
        items: [{ id: 'rw@example.com' }],
      },
    });
    expect(busy.data.calendars?.['rw@example.com']?.busy).toEqual([
      { start: '2031-03-01T09:00:00Z', end: '2031-03-01T10:00:00Z' },
    ]);
  });

  it('answers conditional and partial reads there as on the service thread', async () => {
    const { data } = await client.events.insert({
      calendarId: 'primary',
      requestBody: {
        summary: 'Conditional',
        start: { dateTime: '2031-05-01T09:00:00Z', timeZone: 'UTC' },
        end: { dateTime: '2031-05-01T10:00:00Z', timeZone: 'UTC' },
        recurrence: ['RRULE:FREQ=DAILY;COUNT=2'],
      },
    });
    const path = `${service.url}/calendar/v3/calendars/primary/events/${data.id}/instances`;
    const headers = { Authorization: 'Bearer rw-token' };
    const first = await fetch(`${path}?fields=items(id)&prettyPrint=true`, { headers });
    expect(first.status).toBe(200);
    const text = await first.text();
    expect(text).toContain('\n  "items"');
    expect(Object.keys((JSON.parse(text) as { items: object[] }).items[0]!)).toEqual(['id']);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(path, { headers: { ...headers, 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    const missing = await fetch(`${service.url}/calendar/v3/calendars/primary/events/nothing-here/instances`, {
      headers,
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'notFound',
    );
  });
});
