import { z } from 'zod';
import { inner, kind, requestSchema, resourceSchema } from './common';

// Tasks v1 resources (docs/spec/tasks.md §2) with Google's inner shapes.

export const TASK_STATUSES = ['needsAction', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const taskListShape = {
  etag: z.string(),
  id: z.string(),
  kind,
  selfLink: z.string(),
  title: z.string(),
  updated: z.string(),
} as const;
/** `tasks#taskList`. */
export const TaskList = resourceSchema(taskListShape);
export type TaskList = z.output<typeof TaskList>;
export const TaskListInput = requestSchema(taskListShape);
export type TaskListInput = z.input<typeof TaskListInput>;

/** `tasks#taskLists`: one page of task lists. */
export const TaskLists = resourceSchema({
  etag: z.string(),
  items: z.array(TaskList),
  kind,
  nextPageToken: z.string(),
});
export type TaskLists = z.output<typeof TaskLists>;

export const TaskLink = inner({
  description: z.string(),
  link: z.string(),
  /** e.g. `email`. */
  type: z.string(),
});
export type TaskLink = z.output<typeof TaskLink>;

/** Attempt of a queued-request style task; only dispatchTime is set on firstAttempt. */
export const TaskAttempt = inner({
  scheduleTime: z.string(),
  dispatchTime: z.string(),
  responseTime: z.string(),
  responseStatus: inner({ code: z.number().int(), message: z.string(), details: z.array(z.unknown()) }),
});
export type TaskAttempt = z.output<typeof TaskAttempt>;

/** HTTP request of a queued-request style task, sent to the application handler. */
export const TaskHttpRequest = inner({
  url: z.string(),
  httpMethod: z.string(),
  headers: z.record(z.string(), z.string()),
  /** Base64-encoded body. */
  body: z.string(),
  oauthToken: inner({ serviceAccountEmail: z.string(), scope: z.string() }),
  oidcToken: inner({ serviceAccountEmail: z.string(), audience: z.string() }),
});

const taskShape = {
  assignmentInfo: inner({
    driveResourceInfo: inner({ driveFileId: z.string(), resourceKey: z.string() }),
    linkToTask: z.string(),
    spaceInfo: inner({ space: z.string() }),
    surfaceType: z.string(),
  }),
  completed: z.string(),
  deleted: z.boolean(),
  /** Only the date is kept; the time portion is discarded. */
  due: z.string(),
  etag: z.string(),
  hidden: z.boolean(),
  id: z.string(),
  kind,
  links: z.array(TaskLink),
  notes: z.string(),
  parent: z.string(),
  position: z.string(),
  selfLink: z.string(),
  status: z.enum(TASK_STATUSES),
  title: z.string(),
  updated: z.string(),
  webViewLink: z.string(),
  // Fields of a queued-request style task, also accepted on the task body (spec §2.2).
  scheduleTime: z.string(),
  createTime: z.string(),
  /** `projects/<project_id>/locations/<location_id>/queues/<queue_id>/tasks/<task_id>`. */
  name: z.string(),
  /** Duration such as `30s`; when set, within [15 seconds, 24 hours 15 seconds]. */
  dispatchDeadline: z.string(),
  dispatchCount: z.number().int().min(0),
  firstAttempt: TaskAttempt,
  lastAttempt: TaskAttempt,
  responseCount: z.number().int().min(0),
  platformHttpRequest: TaskHttpRequest,
  /** `VIEW_UNSPECIFIED`, `BASIC` or `FULL`. */
  view: z.string(),
} as const;
/** `tasks#task`. */
export const Task = resourceSchema(taskShape);
export type Task = z.output<typeof Task>;
export const TaskInput = requestSchema(taskShape);
export type TaskInput = z.input<typeof TaskInput>;

/** `tasks#tasks`: one page of tasks. */
export const Tasks = resourceSchema({
  etag: z.string(),
  items: z.array(Task),
  kind,
  nextPageToken: z.string(),
});
export type Tasks = z.output<typeof Tasks>;
