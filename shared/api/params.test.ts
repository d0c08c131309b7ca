import { describe, expect, expectTypeOf, it } from 'vitest';
import { SYSTEM_PARAMETERS, validateParams, type ParamValidation } from './params';
import { operations } from './registry';

const eventsList = operations.CalendarEventsList;

function errorOf(result: ParamValidation<unknown>) {
  if (result.ok) throw new Error(`expected a validation error, got ${JSON.stringify(result.params)}`);
  return result.error;
}

describe('validateParams', () => {
  it('coerces query-string text to integers and booleans and applies defaults', () => {
    const result = validateParams(eventsList, {
      calendarId: 'me@atrium.local',
      maxResults: '40',
      singleEvents: 'true',
    });
    expect(result).toEqual({
      ok: true,
      params: {
        alwaysIncludeEmail: false,
        calendarId: 'me@atrium.local',
        maxResults: 40,
        showDeleted: false,
        showHiddenInvitations: false,
        singleEvents: true,
      },
    });
  });

  it('accepts already-typed values from a JavaScript caller', () => {
    const result = validateParams(eventsList, { calendarId: 'primary', maxResults: 2500, showDeleted: true });
    expect(result.ok && result.params.maxResults).toBe(2500);
    expect(result.ok && result.params.showDeleted).toBe(true);
  });

  it('fills the default of an omitted page size', () => {
    const events = validateParams(eventsList, { calendarId: 'primary' });
    expect(events.ok && events.params.maxResults).toBe(250);
    const acl = validateParams(operations.CalendarAclList, { calendarId: 'primary' });
    expect(acl.ok && acl.params.maxResults).toBe(100);
    const tasks = validateParams(operations.TasksTasksList, { tasklist: 'abc' });
    expect(tasks.ok && tasks.params.maxResults).toBe(20);
    expect(tasks.ok && tasks.params.showCompleted).toBe(true);
  });

  it('rejects a missing required parameter, naming it', () => {
    expect(errorOf(validateParams(eventsList, {}))).toEqual({
      reason: 'required',
      location: 'calendarId',
      message: 'Required parameter: calendarId',
    });
    expect(
      errorOf(validateParams(operations.CalendarEventsQuickAdd, { calendarId: 'primary', text: '' })).message,
    ).toBe('Required parameter: text');
    expect(errorOf(validateParams(operations.CalendarAclGet, { calendarId: '', ruleId: 'x' })).location).toBe(
      'calendarId',
    );
  });

  it('rejects values above the maximum and below the minimum', () => {
    expect(errorOf(validateParams(eventsList, { calendarId: 'primary', maxResults: '300000' }))).toEqual({
      reason: 'invalid',
      location: 'maxResults',
      message: "Invalid value '300000' for maxResults: must be at most 2500",
    });
    expect(errorOf(validateParams(operations.CalendarAclList, { calendarId: 'p', maxResults: 251 })).message).toBe(
      "Invalid value '251' for maxResults: must be at most 250",
    );
    expect(errorOf(validateParams(operations.TasksTasklistsList, { maxResults: '101' })).message).toContain(
      'at most 100',
    );
    expect(errorOf(validateParams(eventsList, { calendarId: 'p', maxResults: '0' })).message).toBe(
      "Invalid value '0' for maxResults: must be at least 1",
    );
  });

  it('accepts the maximum itself', () => {
    expect(validateParams(operations.CalendarCalendarListList, { maxResults: '250' }).ok).toBe(true);
    expect(validateParams(operations.TasksTasksList, { tasklist: 't', maxResults: '100' }).ok).toBe(true);
  });

  it('accepts only integral integers', () => {
    for (const bad of ['1.5', '12abc', '', ' 7', '1e3', 2.5, Number.NaN, true]) {
      const raw = { calendarId: 'p', maxResults: bad };
      const result = validateParams(eventsList, raw);
      if (bad === '') {
        expect(result.ok).toBe(true); // empty query text means the parameter is absent
        continue;
      }
      expect(errorOf(result).location).toBe('maxResults');
    }
  });

  it('accepts only true and false for booleans', () => {
    for (const bad of ['1', 'yes', 'TRUE', 'True', 0, 'false ']) {
      const error = errorOf(validateParams(eventsList, { calendarId: 'p', showDeleted: bad }));
      expect(error.reason).toBe('invalid');
      expect(error.message).toBe(`Invalid value '${String(bad)}' for showDeleted: must be true or false`);
    }
    const result = validateParams(eventsList, { calendarId: 'p', showDeleted: 'false', singleEvents: 'true' });
    expect(result.ok && [result.params.showDeleted, result.params.singleEvents]).toEqual([false, true]);
  });

  it('checks enumerations', () => {
    expect(validateParams(eventsList, { calendarId: 'p', orderBy: 'startTime' }).ok).toBe(true);
    expect(errorOf(validateParams(eventsList, { calendarId: 'p', orderBy: 'summary' })).message).toBe(
      "Invalid value 'summary' for orderBy: must be one of startTime, updated",
    );
    expect(
      errorOf(validateParams(operations.CalendarEventsInsert, { calendarId: 'p', sendUpdates: 'everyone' })).location,
    ).toBe('sendUpdates');
  });

  it('collects repeated parameters as arrays and checks each value', () => {
    const single = validateParams(eventsList, { calendarId: 'p', privateExtendedProperty: 'a=1' });
    expect(single.ok && single.params.privateExtendedProperty).toEqual(['a=1']);
    const several = validateParams(eventsList, { calendarId: 'p', sharedExtendedProperty: ['a=1', 'b=2'] });
    expect(several.ok && several.params.sharedExtendedProperty).toEqual(['a=1', 'b=2']);
    expect(
      errorOf(validateParams(eventsList, { calendarId: 'p', eventTypes: ['default', 'meeting'] })).message,
    ).toContain("'meeting' for eventTypes");
  });

  it('takes the first occurrence of a single-valued parameter given several times, unchecked beyond it', () => {
    const one = validateParams(eventsList, { calendarId: ['primary'], maxResults: ['10'] });
    expect(one.ok && [one.params.calendarId, one.params.maxResults]).toEqual(['primary', 10]);
    const two = validateParams(eventsList, { calendarId: 'p', maxResults: ['10', '20'] });
    expect(two.ok && two.params.maxResults).toBe(10);
    // Only the first occurrence is read: a bad later one is ignored, a bad first one is refused.
    const laterBad = validateParams(eventsList, { calendarId: 'p', maxResults: ['7', 'many'], fields: ['a', 'b('] });
    expect(laterBad.ok && [laterBad.params.maxResults, laterBad.params.fields]).toEqual([7, 'a']);
    expect(errorOf(validateParams(eventsList, { calendarId: 'p', maxResults: ['0', '10'] })).message).toBe(
      "Invalid value '0' for maxResults: must be at least 1",
    );
    // An empty first occurrence counts as absent, so the default applies.
    const emptyFirst = validateParams(operations.TasksTasksList, { tasklist: 't', maxResults: ['', '5'] });
    expect(emptyFirst.ok && emptyFirst.params.maxResults).toBe(20);
    // A repeated parameter keeps every occurrence.
    const repeated = validateParams(eventsList, { calendarId: 'p', privateExtendedProperty: ['a=1', 'b=2'] });
    expect(repeated.ok && repeated.params.privateExtendedProperty).toEqual(['a=1', 'b=2']);
  });

  it('rejects unknown parameters', () => {
    expect(errorOf(validateParams(eventsList, { calendarId: 'p', maxResult: '10' }))).toEqual({
      reason: 'invalidParameter',
      location: 'maxResult',
      message: 'Unknown parameter: maxResult',
    });
    // A parameter of another operation is unknown here too.
    expect(
      errorOf(validateParams(operations.CalendarAclGet, { calendarId: 'p', ruleId: 'r', pageToken: 'x' })).location,
    ).toBe('pageToken');
  });

  it('accepts every Google system parameter and passes it through', () => {
    const raw: Record<string, unknown> = { calendarId: 'p' };
    const values: Record<string, string> = { alt: 'json', $_xgafv: '2', prettyPrint: 'false', uploadType: 'media' };
    for (const name of SYSTEM_PARAMETERS) raw[name] = values[name === '$.xgafv' ? '$_xgafv' : name] ?? 'some-value';
    const result = validateParams(eventsList, raw);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.params.alt).toBe('json');
    expect(result.params.prettyPrint).toBe(false);
    expect(result.params.fields).toBe('some-value');
    expect(result.params['$.xgafv']).toBe('2');
    expect(result.params.uploadType).toBe('media');
  });

  it('checks the values of system parameters that have a fixed set', () => {
    expect(errorOf(validateParams(operations.DriveFilesGet, { fileId: 'f', alt: 'xml' })).location).toBe('alt');
    expect(validateParams(operations.DriveFilesGet, { fileId: 'f', alt: 'media' }).ok).toBe(true);
    expect(errorOf(validateParams(operations.DriveFilesCreate, { uploadType: 'chunked' })).location).toBe('uploadType');
  });

  it('checks RFC 3339 timestamps with a zone offset', () => {
    expect(validateParams(eventsList, { calendarId: 'p', timeMin: '2011-06-03T10:00:00-07:00' }).ok).toBe(true);
    expect(validateParams(eventsList, { calendarId: 'p', timeMax: '2011-06-03T10:00:00.123Z' }).ok).toBe(true);
    for (const bad of ['2011-06-03', '2011-06-03T10:00:00', 'tomorrow', '2011-13-03T10:00:00Z']) {
      expect(errorOf(validateParams(eventsList, { calendarId: 'p', timeMin: bad })).message).toBe(
        `Invalid value '${bad}' for timeMin: must be an RFC 3339 timestamp with a time zone offset`,
      );
    }
  });

  it('rejects a non-string value for a string parameter', () => {
    expect(errorOf(validateParams(eventsList, { calendarId: 42 })).message).toBe(
      "Invalid value '42' for calendarId: must be a string",
    );
  });

  it('drops absent values (undefined, null, empty text) instead of rejecting them', () => {
    const result = validateParams(eventsList, { calendarId: 'p', pageToken: undefined, q: '', syncToken: null });
    expect(result.ok && 'pageToken' in result.params).toBe(false);
    expect(result.ok && 'q' in result.params).toBe(false);
  });

  it('types the validated parameters from the registry', () => {
    const result = validateParams(eventsList, { calendarId: 'p' });
    if (!result.ok) throw new Error('unexpected');
    expectTypeOf(result.params.calendarId).toEqualTypeOf<string>();
    expectTypeOf(result.params.maxResults).toEqualTypeOf<number>();
    expectTypeOf(result.params.singleEvents).toEqualTypeOf<boolean>();
    expectTypeOf(result.params.pageToken).toEqualTypeOf<string | undefined>();
    expectTypeOf(result.params.privateExtendedProperty).toEqualTypeOf<string[] | undefined>();
  });
});
