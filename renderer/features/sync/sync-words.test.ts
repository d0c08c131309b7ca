import { describe, expect, it } from 'vitest';
import type { OfflineAccountStatus } from '../../../shared/ipc/contract';
import { collectionText, compareCollections, statusLine, valueText, whenText } from './sync-words';

const now = new Date(2026, 10, 26, 15, 0); // Thu Nov 26 2026, 15:00 local

function status(overrides: Partial<OfflineAccountStatus>): OfflineAccountStatus {
  return {
    account: 'google-ann',
    kind: 'google',
    state: 'online',
    mirrored: true,
    collections: [],
    pending: 0,
    conflicts: 0,
    replaying: false,
    ...overrides,
  };
}

describe('whenText', () => {
  it('says times as people do: today, yesterday, this week, earlier, other years', () => {
    expect(whenText(new Date(2026, 10, 26, 10, 42).toISOString(), now, 'en-GB')).toBe('10:42');
    expect(whenText(new Date(2026, 10, 25, 18, 5).toISOString(), now, 'en-GB')).toBe('Yesterday 18:05');
    expect(whenText(new Date(2026, 10, 23, 9, 30).toISOString(), now, 'en-GB')).toBe('Mon 9:30');
    expect(whenText(new Date(2026, 10, 3, 9, 30).toISOString(), now, 'en-GB')).toBe('3 Nov, 9:30');
    expect(whenText(new Date(2025, 0, 3, 9, 30).toISOString(), now, 'en-GB')).toBe('3 Jan 2025, 9:30');
  });

  it('answers nothing for a missing or unreadable time', () => {
    expect(whenText(undefined, now)).toBe('');
    expect(whenText('not a time', now)).toBe('');
  });
});

describe('statusLine', () => {
  it('says Synced when nothing waits', () => {
    expect(statusLine(status({}), now)).toEqual({ text: 'Synced', tone: 'ok' });
  });

  it('says since when an account is offline and how many changes wait', () => {
    const line = statusLine(
      status({ state: 'offline', offlineSince: new Date(2026, 10, 26, 10, 42).toISOString(), pending: 3 }),
      now,
    );
    expect(line.tone).toBe('offline');
    expect(line.text).toMatch(/^Offline since 10:42\s?(AM)? · 3 changes waiting$/);
  });

  it('says Syncing while the outbox is sent, and conflicts outrank everything', () => {
    expect(statusLine(status({ replaying: true, pending: 2 }), now)).toEqual({ text: 'Syncing…', tone: 'busy' });
    expect(statusLine(status({ pending: 1 }), now)).toEqual({ text: '1 change waiting', tone: 'ok' });
    expect(statusLine(status({ conflicts: 1 }), now)).toEqual({ text: '1 conflict to resolve', tone: 'attention' });
  });
});

describe('collectionText and valueText', () => {
  it('names a partition by its calendar or list name when known', () => {
    const names = new Map([['cal-1', 'Work']]);
    expect(collectionText('events', 'cal-1', names)).toBe('Events · Work');
    expect(collectionText('tasks', 'list-9', names)).toBe('Tasks · list-9');
    expect(collectionText('files', undefined, names)).toBe('Drive files');
  });

  it('orders collections Calendar, Tasks, Drive, and partitions by name', () => {
    const names = new Map([
      ['l1', 'Groceries'],
      ['l2', 'Errands'],
    ]);
    const sorted = [
      { collection: 'files' },
      { collection: 'tasks', key: 'l1' },
      { collection: 'events', key: 'work' },
      { collection: 'tasks', key: 'l2' },
      { collection: 'calendarList' },
    ].sort((a, b) => compareCollections(a, b, names));
    expect(sorted.map((c) => collectionText(c.collection, c.key, names))).toEqual([
      'Calendar list',
      'Events · work',
      'Tasks · Errands',
      'Tasks · Groceries',
      'Drive files',
    ]);
  });

  it('reads values: absent, booleans, event times, plain text', () => {
    expect(valueText(undefined)).toBe('(not set)');
    expect(valueText('')).toBe('(not set)');
    expect(valueText(true)).toBe('Yes');
    expect(valueText('Room 4')).toBe('Room 4');
    expect(valueText({ dateTime: '2026-11-26T10:00:00Z', timeZone: 'UTC' }, 'en-GB')).toMatch(/26 Nov 2026/);
    expect(valueText(['a', 'b'])).toBe('["a","b"]');
  });
});
