import { describe, expect, it } from 'vitest';
import { compileDriveQuery, driveOrder, UnsupportedQuery } from './drive-query';
import { expandSeries } from './occurrences';

const files = [
  {
    id: 'a',
    name: 'Plan',
    mimeType: 'application/vnd.google-apps.document',
    parents: ['root-id'],
    trashed: false,
    starred: true,
    ownedByMe: true,
  },
  {
    id: 'b',
    name: 'Projects',
    mimeType: 'application/vnd.google-apps.folder',
    parents: ['root-id'],
    trashed: false,
    ownedByMe: true,
  },
  { id: 'c', name: 'Old plan', mimeType: 'text/plain', parents: ['b'], trashed: true, ownedByMe: true },
  {
    id: 'd',
    name: 'Shared notes',
    mimeType: 'text/plain',
    parents: [],
    sharedWithMeTime: '2026-01-01T00:00:00Z',
    ownedByMe: false,
  },
];

const matching = (q: string): string[] => files.filter(compileDriveQuery(q, { rootId: 'root-id' })).map((f) => f.id);

describe('Drive searches over mirrored metadata', () => {
  it('answers the queries the Files view sends', () => {
    expect(matching(`'root' in parents and trashed = false`)).toEqual(['a', 'b']);
    expect(matching('sharedWithMe and trashed = false')).toEqual(['d']);
    expect(matching('starred = true and trashed = false')).toEqual(['a']);
    expect(matching('trashed = true')).toEqual(['c']);
    expect(matching(`trashed = false and mimeType != 'application/vnd.google-apps.folder'`)).toEqual(['a', 'd']);
    expect(matching(`name contains 'plan' and not trashed = true`)).toEqual(['a']);
    expect(matching(`('b' in parents or 'me' in owners) and name contains 'old'`)).toEqual(['c']);
  });

  it('refuses what it does not understand, so the read goes to the network', () => {
    expect(() => compileDriveQuery(`properties has { key='x' and value='y' }`)).toThrow(UnsupportedQuery);
    expect(() => compileDriveQuery(`name = 'unterminated`)).toThrow(UnsupportedQuery);
  });

  it('orders folders first, then by the keys asked', () => {
    expect([...files].sort(driveOrder('folder,name')).map((f) => f.id)).toEqual(['b', 'c', 'a', 'd']);
    expect([...files].sort(driveOrder('folder,name desc')).map((f) => f.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});

describe('recurring events expanded like singleEvents=true', () => {
  it('keeps the wall-clock time across a daylight-saving change, with Google-style instance ids', () => {
    const master = {
      id: 'series',
      summary: 'Standup',
      start: { dateTime: '2026-03-27T09:00:00+01:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-03-27T09:15:00+01:00', timeZone: 'Europe/Berlin' },
      recurrence: ['RRULE:FREQ=DAILY;COUNT=5', 'EXDATE;TZID=Europe/Berlin:20260328T090000'],
    };
    const occurrences = expandSeries(
      master,
      'UTC',
      Date.parse('2026-03-01T00:00:00Z'),
      Date.parse('2026-04-30T00:00:00Z'),
    );
    expect(occurrences.map((o) => o.id)).toEqual([
      'series_20260327T080000Z',
      'series_20260329T070000Z',
      'series_20260330T070000Z',
      'series_20260331T070000Z',
    ]);
    expect(occurrences[1]).toMatchObject({
      recurringEventId: 'series',
      start: { dateTime: '2026-03-29T09:00:00+02:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-03-29T09:15:00+02:00' },
    });
    expect(occurrences[0]).not.toHaveProperty('recurrence');
  });

  it('expands all-day series by date and only over the asked range', () => {
    const master = {
      id: 'bins',
      start: { date: '2026-01-05' },
      end: { date: '2026-01-06' },
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'],
    };
    const occurrences = expandSeries(
      master,
      'Europe/London',
      Date.parse('2026-02-01T00:00:00Z'),
      Date.parse('2026-02-15T00:00:00Z'),
    );
    expect(occurrences.map((o) => o.start)).toEqual([{ date: '2026-02-02' }, { date: '2026-02-09' }]);
    expect(occurrences.map((o) => o.id)).toEqual(['bins_20260202', 'bins_20260209']);
  });
});
