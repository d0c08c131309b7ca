import { describe, expect, it } from 'vitest';
import { preferencesFromSettings } from './calendar-settings';
import { calendarColor, eventColor, palettesFrom, readableTextOn } from './colors';
import {
  changedFields,
  draftForNewEvent,
  draftFromEvent,
  fieldsForInsert,
  problemWithDraft,
  recurrenceOfDraft,
  timesOfDraft,
} from './event-draft';
import { mergeIntervals, nextFreeSlot, overlapsBusy } from './free-slots';
import { monthGrid } from '../../components/MiniMonth';
import { proposedTimes } from './proposed-times';
import { checkScopeValue, describeEffectiveAccess, effectiveAccessFor, ruleIdFor, ruleViews } from './sharing';
import { instantOfWallTime, rfc3339InZone, shiftByWallClockDelta, zoneOffsetLabel } from './time-zone';

describe('settings', () => {
  it('reads week start, clock, zone and event length; ignores nonsense', () => {
    const fallback = {
      weekStart: 0,
      hour12: true,
      timeZone: 'UTC',
      defaultEventMinutes: 60,
      hideWeekends: false,
      locale: undefined,
    };
    expect(
      preferencesFromSettings(
        [
          { id: 'weekStart', value: '1' },
          { id: 'format24HourTime', value: 'true' },
          { id: 'timezone', value: 'Europe/Berlin' },
          { id: 'defaultEventLength', value: '30' },
          { id: 'hideWeekends', value: 'true' },
        ],
        fallback,
      ),
    ).toMatchObject({
      weekStart: 1,
      hour12: false,
      timeZone: 'Europe/Berlin',
      defaultEventMinutes: 30,
      hideWeekends: true,
    });
    expect(
      preferencesFromSettings(
        [
          { id: 'weekStart', value: '3' },
          { id: 'timezone', value: 'Mars/Olympus' },
          { id: 'defaultEventLength', value: '-5' },
        ],
        fallback,
      ),
    ).toEqual(fallback);
  });
});

describe('colors', () => {
  const palettes = palettesFrom({
    calendar: { '14': { background: '#9fe1e7', foreground: '#1d1d1d' } },
    event: { '5': { background: '#fbd75b' }, bad: { background: 'red' } },
  });

  it('prefers an entry’s own hex colors, then its colorId, and fills a missing foreground', () => {
    expect(calendarColor({ backgroundColor: '#000000', colorId: '14' }, palettes)).toEqual({
      background: '#000000',
      foreground: '#ffffff',
    });
    expect(calendarColor({ colorId: '14' }, palettes)).toEqual({ background: '#9fe1e7', foreground: '#1d1d1d' });
    expect(eventColor('5', { background: '#000000', foreground: '#ffffff' }, palettes)).toEqual({
      background: '#fbd75b',
      foreground: '#1d1d1d',
    });
    expect(palettes.event.bad).toBeUndefined();
    expect(readableTextOn('#ffffff')).toBe('#1d1d1d');
  });
});

describe('editor drafts', () => {
  const times = {
    allDay: false as const,
    startMs: Date.parse('2026-11-24T15:00:00Z'),
    endMs: Date.parse('2026-11-24T16:00:00Z'),
    timeZone: 'America/New_York',
  };

  it('reads a new event’s times as clock times in its zone, and back', () => {
    const draft = draftForNewEvent(times, 'me', 'UTC');
    expect(draft).toMatchObject({
      startDate: '2026-11-24',
      startTime: '10:00',
      endTime: '11:00',
      timeZone: 'America/New_York',
      allDay: false,
    });
    expect(timesOfDraft(draft)).toEqual({ times });
    const allDay = draftForNewEvent({ allDay: true, startDate: '2026-11-24', endDate: '2026-11-26' }, 'me', 'UTC');
    expect(allDay).toMatchObject({ startDate: '2026-11-24', endDate: '2026-11-25' });
    expect(timesOfDraft(allDay)).toEqual({ times: { allDay: true, startDate: '2026-11-24', endDate: '2026-11-26' } });
  });

  it('finds what stops a save', () => {
    const draft = { ...draftForNewEvent(times, 'me', 'UTC'), summary: 'Lunch' };
    expect(problemWithDraft(draft)).toBeNull();
    expect(problemWithDraft({ ...draft, summary: ' ' })).toBe('Add a title.');
    expect(problemWithDraft({ ...draft, endTime: '09:00' })).toBe('The event ends before it starts.');
    expect(problemWithDraft({ ...draft, attendees: [{ email: 'not-an-email' }] })).toMatch(/not an email/);
    expect(problemWithDraft({ ...draft, attachments: [{ title: 'x', fileUrl: 'ftp://x' }] })).toMatch(/web address/);
    expect(problemWithDraft({ ...draft, repeat: { kind: 'custom', text: 'nonsense' } })).toMatch(/not an RRULE/);
  });

  it('sends only what changed, clearing emptied fields with null', () => {
    const event = {
      id: 'e',
      summary: 'Lunch',
      location: 'Cafe',
      attendees: [{ email: 'ana@example.com', responseStatus: 'accepted' as const }],
      start: { dateTime: '2026-11-24T12:00:00Z', timeZone: 'UTC' },
      end: { dateTime: '2026-11-24T13:00:00Z', timeZone: 'UTC' },
    };
    const eventTimes = {
      allDay: false as const,
      startMs: Date.parse('2026-11-24T12:00:00Z'),
      endMs: Date.parse('2026-11-24T13:00:00Z'),
      timeZone: 'UTC',
    };
    const initial = draftFromEvent(event, 'me', eventTimes, 'UTC');
    expect(changedFields(initial, initial)).toEqual({});
    expect(changedFields(initial, { ...initial, location: '', colorId: '4' })).toEqual({
      location: null,
      colorId: '4',
    });
    expect(
      fieldsForInsert({ ...initial, useDefaultReminders: false, reminders: [{ method: 'email', minutes: 60 }] }),
    ).toEqual({
      summary: 'Lunch',
      location: 'Cafe',
      attendees: [{ email: 'ana@example.com', responseStatus: 'accepted' }],
      reminders: { useDefault: false, overrides: [{ method: 'email', minutes: 60 }] },
    });
    expect(
      recurrenceOfDraft({
        ...initial,
        repeat: { kind: 'simple', frequency: 'DAILY', interval: 1, byDay: [], end: { type: 'never' } },
      }),
    ).toEqual(['RRULE:FREQ=DAILY']);
  });
});

describe('free slots', () => {
  const at = (time: string) => Date.parse(`2026-11-23T${time}:00Z`);
  const search = {
    from: at('10:00'),
    durationMs: 3_600_000,
    zone: 'UTC',
    dayStartHour: 8,
    dayEndHour: 18,
    weekdaysOnly: true,
    days: 7,
    stepMs: 15 * 60_000,
  };

  it('merges everyone’s busy time and finds the first hour free for all', () => {
    const busy = mergeIntervals([
      [{ start: at('10:00'), end: at('11:30') }],
      [
        { start: at('11:30'), end: at('12:00') },
        { start: at('13:30'), end: at('14:00') },
      ],
    ]);
    expect(busy).toEqual([
      { start: at('10:00'), end: at('12:00') },
      { start: at('13:30'), end: at('14:00') },
    ]);
    expect(nextFreeSlot(busy, search)).toEqual({ start: at('12:00'), end: at('13:00') });
    expect(overlapsBusy({ start: at('11:00'), end: at('12:00') }, busy)).toBe(true);
    expect(overlapsBusy({ start: at('12:00'), end: at('13:00') }, busy)).toBe(false);
  });

  it('rounds up to the step, keeps to working hours and skips weekends', () => {
    expect(nextFreeSlot([{ start: at('09:00'), end: at('12:10') }], { ...search, from: at('09:00') })).toEqual({
      start: at('12:15'),
      end: at('13:15'),
    });
    // Friday 17:30 → the next working day is Monday.
    const friday = Date.parse('2026-11-27T17:30:00Z');
    expect(nextFreeSlot([], { ...search, from: friday })).toEqual({
      start: Date.parse('2026-11-30T08:00:00Z'),
      end: Date.parse('2026-11-30T09:00:00Z'),
    });
    expect(nextFreeSlot([{ start: at('00:00'), end: Date.parse('2026-12-31T00:00:00Z') }], search)).toBeNull();
  });
});

describe('sharing', () => {
  const rules = ruleViews([
    { id: 'user:me@example.com', role: 'owner', scope: { type: 'user', value: 'me@example.com' } },
    { id: 'user:bob@example.com', role: 'reader', scope: { type: 'user', value: 'bob@example.com' } },
    { id: 'domain:example.com', role: 'writer', scope: { type: 'domain', value: 'example.com' } },
    { id: 'default', role: 'freeBusyReader', scope: { type: 'default' } },
    { id: 'user:gone@example.com', role: 'none', scope: { type: 'user', value: 'gone@example.com' } },
  ]);

  it('lists live rules, public first', () => {
    expect(rules.map((rule) => rule.id)).toEqual([
      'default',
      'domain:example.com',
      'user:me@example.com',
      'user:bob@example.com',
    ]);
  });

  it('gives each person the strongest of their own, domain and public rules', () => {
    expect(effectiveAccessFor('bob@example.com', rules)).toEqual({ role: 'writer', via: 'domain' });
    expect(effectiveAccessFor('Me@Example.com', rules)).toEqual({ role: 'owner', via: 'own' });
    expect(effectiveAccessFor('eve@elsewhere.org', rules)).toEqual({ role: 'freeBusyReader', via: 'public' });
    expect(describeEffectiveAccess(effectiveAccessFor('bob@example.com', rules), 'bob@example.com')).toBe(
      'Make changes to events (through everyone at example.com)',
    );
  });

  it('checks what people type and names rules as the API does', () => {
    expect(checkScopeValue('user', 'bob@atrium.local')).toBeNull();
    expect(checkScopeValue('user', 'bob')).toMatch(/not an email/);
    expect(checkScopeValue('domain', 'atrium.local')).toBeNull();
    expect(checkScopeValue('domain', 'not a domain')).toMatch(/not a domain/);
    expect(checkScopeValue('default', '')).toBeNull();
    expect(ruleIdFor({ type: 'user', value: 'a@b.c' })).toBe('user:a@b.c');
    expect(ruleIdFor({ type: 'default', value: '' })).toBe('default');
  });
});

describe('time zones', () => {
  it('converts between wall clock and instants, DST included', () => {
    expect(instantOfWallTime({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York')).toBe(
      Date.parse('2026-03-08T07:30:00Z'),
    );
    expect(rfc3339InZone(Date.parse('2026-07-01T12:00:00Z'), 'Asia/Kolkata')).toBe('2026-07-01T17:30:00+05:30');
    expect(rfc3339InZone(Date.parse('2026-07-01T12:00:00Z'), 'UTC')).toBe('2026-07-01T12:00:00+00:00');
    const march = Date.parse('2026-03-03T14:00:00Z');
    expect(
      shiftByWallClockDelta(
        march,
        Date.parse('2026-11-03T14:00:00Z'),
        Date.parse('2026-11-03T15:00:00Z'),
        'America/New_York',
      ),
    ).toBe(Date.parse('2026-03-03T15:00:00Z'));
    expect(zoneOffsetLabel('UTC')).toBe('UTC');
    expect(zoneOffsetLabel('Asia/Kolkata', new Date('2026-01-01T00:00:00Z'), 'en-US')).toBe('GMT+5:30');
  });

  it('proposes the next full hour today, or 09:00 on the first day of another week', () => {
    const week = { start: new Date('2026-11-22T00:00:00Z'), end: new Date('2026-11-29T00:00:00Z') };
    expect(proposedTimes(week, 'UTC', 30, Date.parse('2026-11-25T14:20:00Z'))).toEqual({
      allDay: false,
      startMs: Date.parse('2026-11-25T15:00:00Z'),
      endMs: Date.parse('2026-11-25T15:30:00Z'),
      timeZone: 'UTC',
    });
    expect(proposedTimes(week, 'UTC', 60, Date.parse('2026-11-25T23:30:00Z'))).toMatchObject({
      startMs: Date.parse('2026-11-25T23:00:00Z'),
    });
    expect(proposedTimes(week, 'UTC', 60, Date.parse('2026-12-10T08:00:00Z'))).toMatchObject({
      startMs: Date.parse('2026-11-22T09:00:00Z'),
    });
  });

  it('lays out six weeks from the week-start day', () => {
    const sundays = monthGrid('2026-11-01', 0);
    expect(sundays[0]?.[0]).toBe('2026-11-01');
    expect(sundays).toHaveLength(6);
    expect(monthGrid('2026-11-01', 1)[0]?.[0]).toBe('2026-10-26');
  });
});
