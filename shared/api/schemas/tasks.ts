import { z } from 'zod';
import { once } from './lazy';
import { inner, kind, requestSchema, resourceSchema } from './common';
import { boundedMap, list, text } from './limits';

// Tasks v1 resources (docs/spec/tasks.md §2) with Google's inner shapes.
// Every string and array is bounded; docs/limits.md says which bounds are Google's.

/** Titles of tasks and task lists (Google documents 1024 characters). */
export const maxTaskTitleLength = 1024;
/** Notes of a task (Google documents 8192 characters). */
export const maxTaskNotesLength = 8192;
/** Links of a task (chosen here: Google sets them, one per source). */
export const maxTaskLinks = 100;
/** A queued-request task's HTTP body, base64 (Google's Cloud Tasks documents 1 MB per task). */
export const maxTaskBodyLength = Math.ceil((1024 * 1024) / 3) * 4;

export const TASK_STATUSES = ['needsAction', 'completed'] as const;

const taskListShape = once(() => ({
  etag: text(),
  id: text(),
  kind,
  selfLink: text(),
  title: text(maxTaskTitleLength),
  updated: text(),
}));
/** `tasks#taskList`. */
export const TaskList = resourceSchema(taskListShape);
export type TaskList = z.output<typeof TaskList>;
export const TaskListInput = requestSchema(taskListShape);
export type TaskListInput = z.input<typeof TaskListInput>;

/** `tasks#taskLists`: one page of task lists. */
export const TaskLists = resourceSchema(() => ({
  etag: text(),
  items: list(TaskList),
  kind,
  nextPageToken: text(),
}));
export type TaskLists = z.output<typeof TaskLists>;

export const TaskLink = inner(() => ({
  description: text(),
  link: text(),
  /** e.g. `email`. */
  type: text(),
}));
export type TaskLink = z.output<typeof TaskLink>;

/** Attempt of a queued-request style task; only dispatchTime is set on firstAttempt. */
export const TaskAttempt = inner(() => ({
  scheduleTime: text(),
  dispatchTime: text(),
  responseTime: text(),
  responseStatus: inner({ code: z.number().int(), message: text(), details: list(z.unknown()) }),
}));
export type TaskAttempt = z.output<typeof TaskAttempt>;

/** HTTP request of a queued-request style task, sent to the application handler. */
export const TaskHttpRequest = inner(() => ({
  url: text(),
  httpMethod: text(),
  headers: boundedMap(text(), { maxEntries: 100, maxKeyLength: 1024 }),
  /** Base64-encoded body. */
  body: text(maxTaskBodyLength),
  oauthToken: inner({ serviceAccountEmail: text(), scope: text() }),
  oidcToken: inner({ serviceAccountEmail: text(), audience: text() }),
}));

const taskShape = once(() => ({
  assignmentInfo: inner({
    driveResourceInfo: inner({ driveFileId: text(), resourceKey: text() }),
    linkToTask: text(),
    spaceInfo: inner({ space: text() }),
    surfaceType: text(),
  }),
  completed: text(),
  deleted: z.boolean(),
  /** Only the date is kept; the time portion is discarded. */
  due: text(),
  etag: text(),
  hidden: z.boolean(),
  id: text(),
  kind,
  links: list(TaskLink, maxTaskLinks),
  notes: text(maxTaskNotesLength),
  parent: text(),
  position: text(),
  selfLink: text(),
  status: z.enum(TASK_STATUSES),
  title: text(maxTaskTitleLength),
  updated: text(),
  webViewLink: text(),
  // Fields of a queued-request style task, also accepted on the task body (spec §2.2).
  scheduleTime: text(),
  createTime: text(),
  /** `projects/<project_id>/locations/<location_id>/queues/<queue_id>/tasks/<task_id>`. */
  name: text(),
  /** Duration such as `30s`; when set, within [15 seconds, 24 hours 15 seconds]. */
  dispatchDeadline: text(),
  dispatchCount: z.number().int().min(0),
  firstAttempt: TaskAttempt,
  lastAttempt: TaskAttempt,
  responseCount: z.number().int().min(0),
  platformHttpRequest: TaskHttpRequest,
  /** `VIEW_UNSPECIFIED`, `BASIC` or `FULL`. */
  view: text(),
}));
/** `tasks#task`. */
export const Task = resourceSchema(taskShape);
export type Task = z.output<typeof Task>;
export const TaskInput = requestSchema(taskShape);
export type TaskInput = z.input<typeof TaskInput>;

/** `tasks#tasks`: one page of tasks. */
export const Tasks = resourceSchema(() => ({
  etag: text(),
  items: list(Task),
  kind,
  nextPageToken: text(),
}));
export type Tasks = z.output<typeof Tasks>;
