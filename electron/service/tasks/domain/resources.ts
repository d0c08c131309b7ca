import { etagOf } from './ids';
import type { TaskListRow, TaskRow } from './repository';
import { createTimeOf } from './queued-fields';
import { formatDue } from './time-formats';

/** Wire shapes (kind `tasks#taskList`, `tasks#task`) built from stored rows. */

export interface TaskListResource {
  kind: 'tasks#taskList';
  id: string;
  etag: string;
  title: string;
  updated: string;
  selfLink: string;
}

export interface TaskLink {
  type: string;
  description: string;
  link: string;
}

export interface TaskResource {
  kind: 'tasks#task';
  id: string;
  etag: string;
  title: string;
  updated: string;
  selfLink: string;
  parent?: string;
  position: string;
  notes?: string;
  status: 'needsAction' | 'completed';
  due?: string;
  completed?: string;
  deleted?: true;
  hidden?: true;
  links: TaskLink[];
  createTime: string;
  name?: string;
  scheduleTime?: string;
  dispatchDeadline?: string;
  platformHttpRequest?: Record<string, unknown>;
  dispatchCount?: number;
  responseCount?: number;
}

const seg = encodeURIComponent;

export function taskListSelfLink(baseUrl: string, listId: string): string {
  return `${baseUrl}/tasks/v1/users/@me/lists/${seg(listId)}`;
}

export function taskSelfLink(baseUrl: string, listId: string, taskId: string): string {
  return `${baseUrl}/tasks/v1/lists/${seg(listId)}/tasks/${seg(taskId)}`;
}

export function toTaskListResource(row: TaskListRow, baseUrl: string): TaskListResource {
  return {
    kind: 'tasks#taskList',
    id: row.id,
    etag: etagOf(row.id, row.version, row.updated),
    title: row.title,
    updated: row.updated,
    selfLink: taskListSelfLink(baseUrl, row.id),
  };
}

function parseLinks(json: string): TaskLink[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as TaskLink[]) : [];
}

export function toTaskResource(row: TaskRow, baseUrl: string): TaskResource {
  const task: TaskResource = {
    kind: 'tasks#task',
    id: row.id,
    etag: etagOf(row.id, row.version, row.updated),
    title: row.title,
    updated: row.updated,
    selfLink: taskSelfLink(baseUrl, row.list_id, row.id),
    position: row.position,
    status: row.status,
    links: parseLinks(row.links),
    createTime: createTimeOf(new Date(row.created)),
  };
  if (row.parent_id !== '') task.parent = row.parent_id;
  if (row.notes !== null) task.notes = row.notes;
  if (row.due !== null) task.due = formatDue(row.due);
  if (row.completed !== null) task.completed = row.completed;
  if (row.deleted) task.deleted = true;
  if (row.hidden) task.hidden = true;
  const queued =
    row.queue_name !== null ||
    row.schedule_time !== null ||
    row.dispatch_deadline !== null ||
    row.platform_http_request !== null;
  if (queued) {
    if (row.queue_name !== null) task.name = row.queue_name;
    if (row.schedule_time !== null) task.scheduleTime = row.schedule_time;
    if (row.dispatch_deadline !== null) task.dispatchDeadline = row.dispatch_deadline;
    if (row.platform_http_request !== null)
      task.platformHttpRequest = JSON.parse(row.platform_http_request) as Record<string, unknown>;
    // Nothing is ever dispatched by this service, so the attempt counters stay at zero.
    task.dispatchCount = 0;
    task.responseCount = 0;
  }
  return task;
}
