import { describe, expect, it } from 'vitest';
import type { OperationSpec } from './operation';
import {
  allowedMethods,
  expandPath,
  matchPath,
  pathParamNames,
  requestPath,
  splitParams,
  toQueryString,
} from './paths';
import { operationList, operations } from './registry';

/** Path values that stress encoding: calendar ids with `@` and `.`, spaces, slashes, percent signs, non-ASCII. */
const trickyValues = [
  'me@atrium.local',
  'en.usa#holiday@group.v.calendar.google.com',
  'a b/c%d?e',
  'Zürich-事件',
  '1a2b3c',
];

function sampleParams(op: OperationSpec, value: (name: string, i: number) => string): Record<string, string> {
  return Object.fromEntries(pathParamNames(op.path).map((name, i) => [name, value(name, i)]));
}

describe('expandPath and matchPath', () => {
  it.each(operationList.map((op) => [op.name, op] as const))('%s round-trips through its path', (_, op) => {
    for (const tricky of trickyValues) {
      const params = sampleParams(op, (name, i) => `${tricky}-${name}-${i}`);
      const path = expandPath(op.path, params);
      expect(matchPath(op.method, path)).toEqual({ operation: op, pathParams: params, upload: false });
      if (op.media?.uploadPath) {
        const uploadPath = expandPath(op.media.uploadPath, params);
        expect(matchPath(op.method, uploadPath)).toEqual({ operation: op, pathParams: params, upload: true });
      }
    }
  });

  it('encodes each value as one segment', () => {
    expect(expandPath('/calendar/v3/calendars/{calendarId}/events', { calendarId: 'me@atrium.local' })).toBe(
      '/calendar/v3/calendars/me%40atrium.local/events',
    );
    expect(expandPath('/drive/v3/files/{fileId}', { fileId: 'a/b' })).toBe('/drive/v3/files/a%2Fb');
    expect(() => expandPath('/drive/v3/files/{fileId}', {})).toThrow(/fileId/);
  });

  it('accepts unencoded `@` and `.` in a segment, as clients send calendar ids', () => {
    const match = matchPath('GET', '/calendar/v3/calendars/me@atrium.local/events/abc.def');
    expect(match?.operation.name).toBe('CalendarEventsGet');
    expect(match?.pathParams).toEqual({ calendarId: 'me@atrium.local', eventId: 'abc.def' });
    expect(matchPath('GET', '/tasks/v1/users/@me/lists')?.operation.name).toBe('TasksTasklistsList');
  });

  it('prefers literal segments over parameters', () => {
    expect(matchPath('DELETE', '/drive/v3/files/trash')?.operation.name).toBe('DriveFilesEmptyTrash');
    expect(matchPath('DELETE', '/drive/v3/files/abc')?.operation.name).toBe('DriveFilesDelete');
    expect(matchPath('GET', '/drive/v3/files/generateIds')?.operation.name).toBe('DriveFilesGenerateIds');
    expect(matchPath('GET', '/drive/v3/files/abc')?.operation.name).toBe('DriveFilesGet');
    expect(matchPath('GET', '/drive/v3/changes/startPageToken')?.operation.name).toBe('DriveChangesGetStartPageToken');
    expect(matchPath('POST', '/calendar/v3/users/me/calendarList/watch')?.operation.name).toBe(
      'CalendarCalendarListWatch',
    );
  });

  it('tells upload paths apart', () => {
    expect(matchPath('POST', '/upload/drive/v3/files')).toMatchObject({
      operation: operations.DriveFilesCreate,
      upload: true,
    });
    expect(matchPath('POST', '/drive/v3/files')).toMatchObject({
      operation: operations.DriveFilesCreate,
      upload: false,
    });
    expect(matchPath('PATCH', '/upload/drive/v3/files/f1')).toMatchObject({
      operation: operations.DriveFilesUpdate,
      pathParams: { fileId: 'f1' },
      upload: true,
    });
    expect(matchPath('POST', '/upload/drive/v3/files/f1/copy')).toBeNull();
  });

  it('answers null for unknown paths, wrong methods, empty segments and bad encodings', () => {
    expect(matchPath('GET', '/calendar/v3/nothing')).toBeNull();
    expect(matchPath('PUT', '/drive/v3/files/abc')).toBeNull();
    expect(matchPath('GET', '/drive/v3/files/')).toBeNull();
    expect(matchPath('GET', '/drive/v3/files/%E0%A4%A')).toBeNull();
    expect(matchPath('BREW', '/drive/v3/files')).toBeNull();
    expect(matchPath('GET', 'drive/v3/files')).toBeNull();
  });

  it('ignores a query string on the path and accepts lower-case methods', () => {
    expect(matchPath('get', '/drive/v3/files?q=x')?.operation.name).toBe('DriveFilesList');
  });

  it('lists the methods answering a path', () => {
    expect(allowedMethods('/drive/v3/files/abc').sort()).toEqual(['DELETE', 'GET', 'PATCH']);
    expect(allowedMethods('/calendar/v3/calendars/primary/acl/r1').sort()).toEqual(['DELETE', 'GET', 'PATCH', 'PUT']);
    expect(allowedMethods('/nowhere')).toEqual([]);
  });
});

describe('splitParams and requestPath', () => {
  it('separates path values from query values and serialises the query', () => {
    const split = splitParams(operations.CalendarEventsList, {
      calendarId: 'me@atrium.local',
      maxResults: 10,
      singleEvents: true,
      privateExtendedProperty: ['a=1', 'b=2'],
      pageToken: undefined,
      fields: 'items(id)',
    });
    expect(split).toEqual({
      pathParams: { calendarId: 'me@atrium.local' },
      query: { maxResults: '10', singleEvents: 'true', privateExtendedProperty: ['a=1', 'b=2'], fields: 'items(id)' },
    });
    expect(toQueryString(split.query)).toBe(
      'maxResults=10&singleEvents=true&privateExtendedProperty=a%3D1&privateExtendedProperty=b%3D2&fields=items(id)',
    );
  });

  it('builds a request path that matches back to the operation', () => {
    const path = requestPath(operations.TasksTasksMove, { tasklist: 'L 1', task: 't/1', parent: 'p1' });
    expect(path).toBe('/tasks/v1/lists/L%201/tasks/t%2F1/move?parent=p1');
    const match = matchPath('POST', path);
    expect(match?.operation.name).toBe('TasksTasksMove');
    expect(match?.pathParams).toEqual({ tasklist: 'L 1', task: 't/1' });
    expect(requestPath(operations.DriveFilesUpdate, { fileId: 'f', uploadType: 'media' }, { upload: true })).toBe(
      '/upload/drive/v3/files/f?uploadType=media',
    );
    expect(() => requestPath(operations.DriveFilesGet, { fileId: 'f' }, { upload: true })).toThrow(/upload/);
  });
});
