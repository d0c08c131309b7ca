import { describe, expect, it } from 'vitest';
import calendarSpec from '../../docs/spec/calendar.md?raw';
import driveSpec from '../../docs/spec/drive.md?raw';
import tasksSpec from '../../docs/spec/tasks.md?raw';
import type { ApiArea, OperationSpec } from './operation';
import { pathParamNames } from './paths';
import { operationList, operations, operationsOfArea, type OperationName } from './registry';
import { readSpecOperations, type SpecOperation } from './testing/spec-reader';

const specs: Record<ApiArea, SpecOperation[]> = {
  calendar: readSpecOperations(calendarSpec),
  tasks: readSpecOperations(tasksSpec),
  drive: readSpecOperations(driveSpec),
};
const allSpecOperations = Object.values(specs).flat();
const COMPAT_PARAMS = [
  'supportsAllDrives',
  'supportsTeamDrives',
  'includeItemsFromAllDrives',
  'includeTeamDriveItems',
  'teamDriveId',
];

describe('operation registry against docs/spec', () => {
  it('reads the expected number of operations from each spec', () => {
    expect(specs.calendar).toHaveLength(37);
    expect(specs.tasks).toHaveLength(14);
    expect(specs.drive).toHaveLength(46);
    expect(new Set(allSpecOperations.map((op) => op.name)).size).toBe(97);
  });

  it.each(['calendar', 'tasks', 'drive'] as const)('holds exactly the %s operations of the spec', (area) => {
    const registered = operationsOfArea(area).map((op) => op.name);
    expect(new Set(registered)).toEqual(new Set(specs[area].map((op) => op.name)));
    expect(registered).toHaveLength(specs[area].length);
  });

  it('holds 97 operations, each under its own name, with unique names', () => {
    expect(operationList).toHaveLength(97);
    expect(new Set(operationList.map((op) => op.name)).size).toBe(97);
    for (const [key, op] of Object.entries(operations)) expect(op.name).toBe(key);
  });

  it.each(allSpecOperations.map((op) => [op.name, op] as const))('%s matches its spec row', (name, spec) => {
    const op: OperationSpec = operations[name as OperationName];
    expect(op.method).toBe(spec.method);
    expect(name.startsWith({ calendar: 'Calendar', tasks: 'Tasks', drive: 'Drive' }[op.area])).toBe(true);

    for (const param of spec.params) {
      const registered = op.params[param.name];
      expect(registered, `${name} lacks parameter ${param.name}`).toBeDefined();
      if (!registered) continue;
      if (param.default !== undefined) expect(registered.default, `${name}.${param.name} default`).toBe(param.default);
      if (param.maximum !== undefined) expect(registered.maximum, `${name}.${param.name} maximum`).toBe(param.maximum);
    }
    const specRequired = new Set(spec.params.filter((p) => p.required).map((p) => p.name));
    const registryRequired = new Set(
      Object.entries(op.params)
        .filter(([, p]) => p.required)
        .map(([n]) => n),
    );
    expect(registryRequired).toEqual(specRequired);

    if (spec.takesCompatParams) {
      for (const compat of COMPAT_PARAMS) {
        expect(op.params[compat]?.deprecated, `${name}.${compat}`).toBe(true);
      }
    }
  });

  it.each(operationList.map((op) => [op.name, op] as const))(
    '%s: path placeholders are exactly its required path parameters',
    (_, op) => {
      const declared = Object.entries(op.params)
        .filter(([, p]) => p.in === 'path')
        .map(([n]) => n)
        .sort();
      expect([...pathParamNames(op.path)].sort()).toEqual(declared);
      for (const name of declared) {
        expect(op.params[name]?.required).toBe(true);
        expect(op.params[name]?.type).toBe('string');
      }
      if (op.media?.uploadPath) expect([...pathParamNames(op.media.uploadPath)].sort()).toEqual(declared);
    },
  );

  it('uses each area’s Google base path, and upload paths only under /upload/drive/v3', () => {
    const base: Record<ApiArea, string> = { calendar: '/calendar/v3/', tasks: '/tasks/v1/', drive: '/drive/v3/' };
    for (const op of operationList) {
      expect(op.path.startsWith(base[op.area]), op.name).toBe(true);
      if (op.media?.uploadPath) expect(op.media.uploadPath).toBe(`/upload${op.path}`);
    }
    const uploads = operationList.filter((op) => op.media?.uploadPath).map((op) => op.name);
    expect(uploads.sort()).toEqual(['DriveFilesCreate', 'DriveFilesUpdate']);
    const downloads = operationList.filter((op) => op.media?.download).map((op) => op.name);
    expect(downloads.sort()).toEqual(['DriveFilesExport', 'DriveFilesGet', 'DriveRevisionsGet']);
  });

  it('has no two operations on the same method and path', () => {
    const routes = operationList.map((op) => `${op.method} ${op.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declares every default within the parameter’s own limits', () => {
    for (const op of operationList) {
      for (const [name, p] of Object.entries(op.params)) {
        if (p.default === undefined) continue;
        const where = `${op.name}.${name}`;
        expect(typeof p.default, where).toBe(p.type === 'integer' ? 'number' : p.type);
        if (typeof p.default === 'number') {
          if (p.minimum !== undefined) expect(p.default, where).toBeGreaterThanOrEqual(p.minimum);
          if (p.maximum !== undefined) expect(p.default, where).toBeLessThanOrEqual(p.maximum);
        }
        if (p.enum) expect(p.enum, where).toContain(String(p.default));
      }
    }
  });

  it('applies the page-size limits the specs state', () => {
    const limit = (name: OperationName, param: string) => {
      const p = (operations[name].params as Record<string, { default?: unknown; maximum?: number; minimum?: number }>)[
        param
      ];
      return [p?.default, p?.minimum, p?.maximum];
    };
    for (const name of ['CalendarEventsList', 'CalendarEventsWatch', 'CalendarEventsInstances'] as const) {
      expect(limit(name, 'maxResults')).toEqual([250, 1, 2500]);
    }
    for (const name of [
      'CalendarAclList',
      'CalendarAclWatch',
      'CalendarCalendarListList',
      'CalendarCalendarListWatch',
      'CalendarSettingsList',
      'CalendarSettingsWatch',
    ] as const) {
      expect(limit(name, 'maxResults')).toEqual([100, 1, 250]);
    }
    expect(limit('TasksTasklistsList', 'maxResults')).toEqual([20, 1, 100]);
    expect(limit('TasksTasksList', 'maxResults')).toEqual([20, 1, 100]);
  });

  it('marks patch semantics on the operations the specs describe so', () => {
    const patched = operationList.filter((op) => op.patch).map((op) => op.name);
    for (const op of operationList) {
      if (op.method === 'PATCH') expect(patched, op.name).toContain(op.name);
    }
    expect(patched).toContain('DriveFilesCopy');
    expect(operationList.filter((op) => op.method === 'PUT' && op.patch)).toEqual([]);
  });

  it('gives a request schema exactly to the operations that take a body', () => {
    const bodyless = new Set(
      allSpecOperations
        .filter((op) => /\| none(;|\s*\|)/.test(rowOf(op.name)) || /^DriveTeamdrives(Get|List|Delete)$/.test(op.name))
        .map((op) => op.name),
    );
    for (const op of operationList) {
      expect(op.request === null, op.name).toBe(bodyless.has(op.name));
    }
  });
});

/** The raw table row of an operation (Body is its last column). */
function rowOf(name: string): string {
  for (const text of [calendarSpec, tasksSpec, driveSpec]) {
    const line = text.split('\n').find((l) => l.startsWith(`| ${name} |`));
    if (line) return line.slice(line.lastIndexOf('|', line.length - 2));
  }
  return '';
}
