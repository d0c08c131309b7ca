import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import { alice, startCalendarService, type CalendarTestService } from './test-support';
import { floatingToInstant } from './domain/time';

/**
 * Wall times around DST changes (RFC 5545 §3.3.5): a wall time that occurs twice means its first
 * instant; one skipped by the change is read with the offset before the gap, so it moves forward
 * by the gap. Zones east and west of UTC, north and south. (Asia/Tehran has kept +03:30 all year
 * since 2023, so it has no change to test.)
 */

interface ZoneCase {
  zone: string;
  /** A wall time occurring twice, and its first instant. */
  repeated: [string, string];
  /** A wall time that does not exist, and the instant it stands for. */
  skipped: [string, string];
  /** Daily series starting two days before each change, at the same wall time. */
  fallSeries: { start: string; instants: string[] };
  springSeries: { start: string; instants: string[] };
}

const cases: ZoneCase[] = [
  {
    zone: 'Europe/Berlin',
    repeated: ['2026-10-25T02:30:00', '2026-10-25T00:30:00Z'],
    skipped: ['2026-03-29T02:30:00', '2026-03-29T01:30:00Z'],
    fallSeries: {
      start: '2026-10-23T02:30:00',
      instants: [
        '2026-10-23T00:30:00Z',
        '2026-10-24T00:30:00Z',
        '2026-10-25T00:30:00Z',
        '2026-10-26T01:30:00Z',
        '2026-10-27T01:30:00Z',
      ],
    },
    springSeries: {
      start: '2026-03-27T02:30:00',
      instants: [
        '2026-03-27T01:30:00Z',
        '2026-03-28T01:30:00Z',
        '2026-03-29T01:30:00Z',
        '2026-03-30T00:30:00Z',
        '2026-03-31T00:30:00Z',
      ],
    },
  },
  {
    zone: 'Australia/Sydney',
    repeated: ['2026-04-05T02:30:00', '2026-04-04T15:30:00Z'],
    skipped: ['2026-10-04T02:30:00', '2026-10-03T16:30:00Z'],
    fallSeries: {
      start: '2026-04-03T02:30:00',
      instants: [
        '2026-04-02T15:30:00Z',
        '2026-04-03T15:30:00Z',
        '2026-04-04T15:30:00Z',
        '2026-04-05T16:30:00Z',
        '2026-04-06T16:30:00Z',
      ],
    },
    springSeries: {
      start: '2026-10-02T02:30:00',
      instants: [
        '2026-10-01T16:30:00Z',
        '2026-10-02T16:30:00Z',
        '2026-10-03T16:30:00Z',
        '2026-10-04T15:30:00Z',
        '2026-10-05T15:30:00Z',
      ],
    },
  },
  {
    zone: 'Pacific/Auckland',
    repeated: ['2026-04-05T02:30:00', '2026-04-04T13:30:00Z'],
    skipped: ['2026-09-27T02:30:00', '2026-09-26T14:30:00Z'],
    fallSeries: {
      start: '2026-04-03T02:30:00',
      instants: [
        '2026-04-02T13:30:00Z',
        '2026-04-03T13:30:00Z',
        '2026-04-04T13:30:00Z',
        '2026-04-05T14:30:00Z',
        '2026-04-06T14:30:00Z',
      ],
    },
    springSeries: {
      start: '2026-09-25T02:30:00',
      instants: [
        '2026-09-24T14:30:00Z',
        '2026-09-25T14:30:00Z',
        '2026-09-26T14:30:00Z',
        '2026-09-27T13:30:00Z',
        '2026-09-28T13:30:00Z',
      ],
    },
  },
  {
    zone: 'America/New_York',
    repeated: ['2026-11-01T01:30:00', '2026-11-01T05:30:00Z'],
    skipped: ['2026-03-08T02:30:00', '2026-03-08T07:30:00Z'],
    fallSeries: {
      start: '2026-10-30T01:30:00',
      instants: [
        '2026-10-30T05:30:00Z',
        '2026-10-31T05:30:00Z',
        '2026-11-01T05:30:00Z',
        '2026-11-02T06:30:00Z',
        '2026-11-03T06:30:00Z',
      ],
    },
    springSeries: {
      start: '2026-03-06T02:30:00',
      instants: [
        '2026-03-06T07:30:00Z',
        '2026-03-07T07:30:00Z',
        '2026-03-08T07:30:00Z',
        '2026-03-09T06:30:00Z',
        '2026-03-10T06:30:00Z',
      ],
    },
  },
  {
    zone: 'America/Santiago',
    repeated: ['2026-04-04T23:30:00', '2026-04-05T02:30:00Z'],
    skipped: ['2026-09-06T00:30:00', '2026-09-06T04:30:00Z'],
    fallSeries: {
      start: '2026-04-02T23:30:00',
      instants: [
        '2026-04-03T02:30:00Z',
        '2026-04-04T02:30:00Z',
        '2026-04-05T02:30:00Z',
        '2026-04-06T03:30:00Z',
        '2026-04-07T03:30:00Z',
      ],
    },
    springSeries: {
      start: '2026-09-04T00:30:00',
      instants: [
        '2026-09-04T04:30:00Z',
        '2026-09-05T04:30:00Z',
        '2026-09-06T04:30:00Z',
        '2026-09-07T03:30:00Z',
        '2026-09-08T03:30:00Z',
      ],
    },
  },
];

const floating = (wall: string): number => Date.parse(`${wall}Z`);
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const instantOf = (edt: calendar_v3.Schema$EventDateTime | undefined): string => iso(Date.parse(edt?.dateTime ?? ''));

describe('wall times at DST changes', () => {
  for (const c of cases) {
    it(`${c.zone}: a repeated wall time is its first instant, a skipped one moves forward by the gap`, () => {
      expect(iso(floatingToInstant(c.zone, floating(c.repeated[0])))).toBe(c.repeated[1]);
      expect(iso(floatingToInstant(c.zone, floating(c.skipped[0])))).toBe(c.skipped[1]);
    });
  }
});

describe('events at DST changes through the service', () => {
  let t: CalendarTestService;
  let client: calendar_v3.Calendar;

  beforeAll(async () => {
    t = await startCalendarService({ start: new Date('2026-01-01T00:00:00Z') });
    client = t.client(alice.token);
  });
  afterAll(async () => t.close());

  for (const c of cases) {
    it(`${c.zone}: daily series across both changes keep their wall time, at the first instant when repeated`, async () => {
      const { data: calendar } = await client.calendars.insert({ requestBody: { summary: c.zone, timeZone: c.zone } });
      for (const s of [c.fallSeries, c.springSeries]) {
        const end = iso(floating(s.start) + 30 * 60_000).slice(0, 19);
        const { data: series } = await client.events.insert({
          calendarId: calendar.id!,
          requestBody: {
            summary: 'Daily',
            start: { dateTime: s.start, timeZone: c.zone },
            end: { dateTime: end, timeZone: c.zone },
            recurrence: ['RRULE:FREQ=DAILY;COUNT=5'],
          },
        });
        const { data: instances } = await client.events.instances({ calendarId: calendar.id!, eventId: series.id! });
        expect(instances.items?.map((e) => instantOf(e.start))).toEqual(s.instants);
        expect(instances.items?.map((e) => e.id)).toEqual(
          s.instants.map((i) => `${series.id}_${i.replaceAll('-', '').replaceAll(':', '')}`),
        );
        const { data: listed } = await client.events.list({
          calendarId: calendar.id!,
          singleEvents: true,
          orderBy: 'startTime',
          timeMin: iso(Date.parse(s.instants[0]!) - 1000),
          timeMax: iso(Date.parse(s.instants[4]!) + 1000),
          q: 'Daily',
        });
        expect(listed.items?.filter((e) => e.recurringEventId === series.id).map((e) => instantOf(e.start))).toEqual(
          s.instants,
        );
      }
    });

    it(`${c.zone}: a single event starting or ending at a repeated or skipped wall time`, async () => {
      const { data: calendar } = await client.calendars.insert({ requestBody: { summary: c.zone, timeZone: c.zone } });
      // Ends at the repeated wall time: its first instant, so the event lasts 30 minutes.
      const repeatedMs = floating(c.repeated[0]);
      const { data: ending } = await client.events.insert({
        calendarId: calendar.id!,
        requestBody: {
          start: {
            dateTime: c.repeated[0].slice(0, 11) + iso(repeatedMs - 30 * 60_000).slice(11, 19),
            timeZone: c.zone,
          },
          end: { dateTime: c.repeated[0], timeZone: c.zone },
        },
      });
      expect(instantOf(ending.end)).toBe(c.repeated[1]);
      expect(Date.parse(ending.end!.dateTime!) - Date.parse(ending.start!.dateTime!)).toBe(30 * 60_000);
      // Starts at the skipped wall time: moved forward by the gap.
      const { data: skipped } = await client.events.insert({
        calendarId: calendar.id!,
        requestBody: {
          start: { dateTime: c.skipped[0], timeZone: c.zone },
          end: { dateTime: iso(floating(c.skipped[0]) + 2 * 3_600_000).slice(0, 19), timeZone: c.zone },
        },
      });
      expect(instantOf(skipped.start)).toBe(c.skipped[1]);
      const { data: read } = await client.events.get({
        calendarId: calendar.id!,
        eventId: skipped.id!,
        timeZone: 'UTC',
      });
      expect(instantOf(read.start)).toBe(c.skipped[1]);
    });
  }
});
