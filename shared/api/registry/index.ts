import type { ApiArea, BodyOf, OperationSpec, ParamsOf, ResultOf } from '../operation';
import { calendarOperations } from './calendar';
import { driveOperations } from './drive';
import { tasksOperations } from './tasks';

/** Every operation of the three specs, keyed by its exact name (e.g. `CalendarEventsList`). */
export const operations = {
  ...calendarOperations,
  ...tasksOperations,
  ...driveOperations,
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;

/** The parameter object a caller passes (path and query parameters together). */
export type ParamsFor<N extends OperationName> = ParamsOf<Operations[N]['params']>;
/** The request body a caller passes (`undefined` for operations without a body). */
export type BodyFor<N extends OperationName> = BodyOf<Operations[N]['request']>;
/** The parsed response body (`undefined` for operations that answer no JSON). */
export type ResultFor<N extends OperationName> = ResultOf<Operations[N]['response']>;

/** All operations, in registry order (Calendar, Tasks, Drive). */
export const operationList: readonly OperationSpec[] = Object.values(operations);

const names = new Set<string>(Object.keys(operations));

export function isOperationName(name: string): name is OperationName {
  return names.has(name);
}

/** Looks an operation up by a name from outside (IPC, HTTP); undefined when unknown. */
export function findOperation(name: string): OperationSpec | undefined {
  return isOperationName(name) ? operations[name] : undefined;
}

export function operationsOfArea(area: ApiArea): readonly OperationSpec[] {
  return operationList.filter((op) => op.area === area);
}
