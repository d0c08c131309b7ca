import { z } from 'zod';
import { badRequest } from '../../http/api-error';
import { dueDateOf, formatMillis, parseInstant } from './time-formats';
import {
  normalizeDispatchDeadline,
  normalizePlatformHttpRequest,
  normalizeScheduleTime,
  validateQueueTaskName,
} from './queued-fields';

/**
 * Request bodies for tasks and task lists. Read-only and output-only fields (id, etag, kind,
 * selfLink, parent, position, hidden, links, updated, createTime, dispatchCount, firstAttempt,
 * lastAttempt, responseCount, view, ...) are accepted and ignored.
 */
const taskBodySchema = z
  .object({
    title: z.string().max(1024, 'at most 1024 characters').nullable().optional(),
    notes: z.string().max(8192, 'at most 8192 characters').nullable().optional(),
    status: z.enum(['needsAction', 'completed']).nullable().optional(),
    due: z.string().nullable().optional(),
    completed: z.string().nullable().optional(),
    deleted: z.boolean().nullable().optional(),
    name: z.string().nullable().optional(),
    scheduleTime: z.string().nullable().optional(),
    dispatchDeadline: z.string().nullable().optional(),
    platformHttpRequest: z.unknown().optional(),
  })
  .loose();

const taskListBodySchema = z
  .object({ title: z.string().max(1024, 'at most 1024 characters').nullable().optional() })
  .loose();

export type TaskStatus = 'needsAction' | 'completed';

/** The writable state of a task after a body has been read; `undefined` = leave as it is. */
export interface TaskChanges {
  title?: string;
  notes?: string | null;
  status?: TaskStatus;
  due?: string | null;
  completed?: string | null;
  deleted?: boolean;
  queueName?: string;
  scheduleTime?: string | null;
  dispatchDeadline?: string | null;
  platformHttpRequest?: string | null;
}

function parseWith<T>(schema: z.ZodType<T>, body: unknown): T {
  const input = body === undefined || body === null ? {} : body;
  if (typeof input !== 'object' || Array.isArray(input))
    throw badRequest('parseError', 'The request body must be a JSON object.');
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  throw badRequest('invalid', `Invalid value for field '${field}': ${issue?.message ?? 'invalid'}.`);
}

/**
 * Reads a task body. `full` (insert, update) gives every writable field a value, absent ones
 * their defaults; `patch` changes only what the body names, and `null` clears a field.
 */
export function readTaskBody(body: unknown, mode: 'full' | 'patch'): TaskChanges {
  const b = parseWith(taskBodySchema, body);
  const changes: TaskChanges = {};
  const has = (key: keyof typeof b): boolean => mode === 'full' || b[key] !== undefined;

  if (has('title')) changes.title = b.title ?? '';
  if (has('notes')) changes.notes = b.notes ?? null;
  if (has('status')) changes.status = b.status ?? 'needsAction';
  if (has('deleted')) changes.deleted = b.deleted ?? false;
  if (has('due')) {
    if (b.due === undefined || b.due === null) changes.due = null;
    else {
      const date = dueDateOf(b.due);
      if (!date) throw badRequest('invalid', `Invalid value for field 'due': '${b.due}' is not an RFC 3339 timestamp.`);
      changes.due = date;
    }
  }
  if (has('completed')) {
    if (b.completed === undefined || b.completed === null) changes.completed = null;
    else {
      const at = parseInstant(b.completed);
      if (!at)
        throw badRequest(
          'invalid',
          `Invalid value for field 'completed': '${b.completed}' is not an RFC 3339 timestamp.`,
        );
      changes.completed = formatMillis(at);
    }
  }
  if (b.name !== undefined && b.name !== null) changes.queueName = validateQueueTaskName(b.name);
  if (has('scheduleTime')) changes.scheduleTime = b.scheduleTime == null ? null : normalizeScheduleTime(b.scheduleTime);
  if (has('dispatchDeadline')) {
    changes.dispatchDeadline = b.dispatchDeadline == null ? null : normalizeDispatchDeadline(b.dispatchDeadline);
  }
  if (has('platformHttpRequest')) {
    changes.platformHttpRequest =
      b.platformHttpRequest === undefined || b.platformHttpRequest === null
        ? null
        : normalizePlatformHttpRequest(b.platformHttpRequest);
  }
  return changes;
}

/** Reads a task list body; `undefined` title = leave as it is (patch without a title). */
export function readTaskListBody(body: unknown, mode: 'full' | 'patch'): { title?: string } {
  const b = parseWith(taskListBodySchema, body);
  if (mode === 'full' || b.title !== undefined) return { title: b.title ?? '' };
  return {};
}
