import { describe, expect, it } from 'vitest';
import { CalendarEvent, CalendarEventInput } from '../../../shared/api/schemas/calendar';
import { DriveFile, DriveFileInput } from '../../../shared/api/schemas/drive';
import { Task, TaskInput } from '../../../shared/api/schemas/tasks';
import { mergePatch, mergedPatchFields, withoutNulls } from './merge-patch';
import { pythonJsonDumps } from './python-client-request';

describe('mergePatch (JSON merge patch, as Google applies a PATCH)', () => {
  it('merges objects member by member at any depth, replaces arrays and clears with null', () => {
    const stored = {
      start: { dateTime: '2026-12-01T10:00:00-05:00', timeZone: 'America/New_York' },
      reminders: {
        useDefault: false,
        overrides: [
          { method: 'popup', minutes: 10 },
          { method: 'email', minutes: 60 },
        ],
      },
      extendedProperties: { private: { a: '1', b: '2' }, shared: { c: '3' } },
      summary: 'Kept',
    };
    const patched = mergePatch(stored, {
      start: { dateTime: '2026-12-01T11:00:00-05:00' },
      reminders: { overrides: [{ method: 'email', minutes: 5 }] },
      extendedProperties: { private: { a: null, d: '4' } },
    });
    expect(patched).toEqual({
      start: { dateTime: '2026-12-01T11:00:00-05:00', timeZone: 'America/New_York' },
      reminders: { useDefault: false, overrides: [{ method: 'email', minutes: 5 }] },
      extendedProperties: { private: { b: '2', d: '4' }, shared: { c: '3' } },
      summary: 'Kept',
    });
    // The stored value is left as it was.
    expect(stored.extendedProperties.private).toEqual({ a: '1', b: '2' });
  });

  it('turns an all-day start into a timed one when date is cleared and dateTime set', () => {
    expect(
      mergePatch(
        { date: '2026-12-01' },
        { date: null, dateTime: '2026-12-01T10:00:00-05:00', timeZone: 'America/New_York' },
      ),
    ).toEqual({ dateTime: '2026-12-01T10:00:00-05:00', timeZone: 'America/New_York' });
  });

  it('drops nulls inside a value that replaces a non-object', () => {
    expect(mergePatch('text', { a: null, b: { c: null, d: 1 } })).toEqual({ b: { d: 1 } });
    expect(mergePatch({ a: 1 }, [1, null])).toEqual([1, null]);
  });

  it('mergedPatchFields names only the body fields, keeps a top-level null and merges inner objects', () => {
    const stored = { start: { date: '2026-12-01', timeZone: 'UTC' }, summary: 'S', location: 'L' };
    expect(mergedPatchFields(stored, { start: { date: null, dateTime: 'x' }, location: null, colorId: '3' })).toEqual({
      start: { dateTime: 'x', timeZone: 'UTC' },
      location: null,
      colorId: '3',
    });
    expect(mergedPatchFields(stored, 'not an object')).toEqual({});
  });

  it('withoutNulls removes null members at any depth, leaving array items', () => {
    expect(withoutNulls({ a: null, b: { c: null, d: [{ e: null, f: 1 }] }, g: [null] })).toEqual({
      b: { d: [{ f: 1 }] },
      g: [null],
    });
  });
});

describe('hostile keys', () => {
  it('keeps __proto__ a plain member and never reads inherited members as stored ones', () => {
    const patch = JSON.parse('{"__proto__": {"admin": true}, "a": {"constructor": null}}') as unknown;
    const merged = mergePatch({}, patch) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect((merged as { admin?: unknown }).admin).toBeUndefined();
    expect(merged.a).toEqual({});
    const cleaned = withoutNulls(patch) as Record<string, unknown>;
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect(mergedPatchFields({}, JSON.parse('{"toString": {"x": 1}}'))).toEqual({ toString: { x: 1 } });
  });
});

describe('request schemas take null at any depth; resource schemas do not', () => {
  it('accepts the body a Calendar CLI sends to change an event time', () => {
    const body = {
      start: { date: null, dateTime: '2026-12-01T10:00:00-05:00', timeZone: 'America/New_York' },
      end: { date: null, dateTime: '2026-12-01T11:00:00-05:00', timeZone: 'America/New_York' },
      reminders: { useDefault: null, overrides: null },
      conferenceData: { createRequest: { requestId: 'r', status: null }, entryPoints: [{ uri: null }] },
      extendedProperties: { private: { gone: null } },
    };
    const parsed = CalendarEventInput.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(body);
    expect(CalendarEvent.safeParse({ start: { date: null } }).success).toBe(false);
  });

  it('keeps the checks of the fields it makes nullable', () => {
    const sixReminders = Array.from({ length: 6 }, () => ({ method: 'popup', minutes: 1 }));
    expect(CalendarEventInput.safeParse({ reminders: { overrides: sixReminders } }).success).toBe(false);
    expect(CalendarEventInput.safeParse({ reminders: { overrides: [{ method: 'fax', minutes: 1 }] } }).success).toBe(
      false,
    );
    expect(CalendarEventInput.safeParse({ start: { date: 5 } }).success).toBe(false);
    expect(CalendarEventInput.safeParse({ reminders: { overrides: [null] } }).success).toBe(false);
  });

  it('accepts nested nulls in Drive and Tasks bodies too', () => {
    expect(
      DriveFileInput.safeParse({
        contentHints: { thumbnail: null, indexableText: null },
        capabilities: { canEdit: null },
      }).success,
    ).toBe(true);
    expect(DriveFile.safeParse({ contentHints: { thumbnail: null } }).success).toBe(false);
    expect(TaskInput.safeParse({ platformHttpRequest: { url: null, headers: { a: null } } }).success).toBe(true);
    expect(Task.safeParse({ platformHttpRequest: { url: null } }).success).toBe(false);
  });
});

describe('pythonJsonDumps', () => {
  it('writes what json.dumps writes with its default separators', () => {
    expect(pythonJsonDumps({ start: { date: null, dateTime: 'x' }, n: [1, 2.5, true], s: 'é' })).toBe(
      '{"start": {"date": null, "dateTime": "x"}, "n": [1, 2.5, true], "s": "\\u00e9"}',
    );
  });
});
