import { badRequest } from '../../http/api-error';
import { formatPrecise, parsePreciseInstant } from './time-formats';

/**
 * The queued-request fields a task body may carry (name, scheduleTime, dispatchDeadline,
 * platformHttpRequest): validated and normalised here, before anything is written.
 */

const projectId = '[A-Za-z0-9\\-:.]+';
const locationId = '[^/]+';
const queueId = '[A-Za-z0-9-]{1,100}';
const taskId = '[A-Za-z0-9_-]{1,500}';
const namePattern = new RegExp(`^projects/${projectId}/locations/${locationId}/queues/${queueId}/tasks/${taskId}$`);

/** Checks a caller-specified task name; returns it unchanged when valid. */
export function validateQueueTaskName(name: string): string {
  if (namePattern.test(name)) return name;
  const segments = /^projects\/([^/]*)\/locations\/([^/]*)\/queues\/([^/]*)\/tasks\/([^/]*)$/.exec(name);
  let why = 'it must have the form projects/PROJECT_ID/locations/LOCATION_ID/queues/QUEUE_ID/tasks/TASK_ID';
  if (segments) {
    const [, p = '', l = '', q = '', t = ''] = segments;
    if (!new RegExp(`^${projectId}$`).test(p))
      why = 'PROJECT_ID may contain only letters, digits, hyphens, colons and periods';
    else if (l === '') why = 'LOCATION_ID must not be empty';
    else if (q.length === 0 || q.length > 100) why = 'QUEUE_ID must be 1 to 100 characters long';
    else if (!/^[A-Za-z0-9-]+$/.test(q)) why = 'QUEUE_ID may contain only letters, digits and hyphens';
    else if (t.length === 0 || t.length > 500) why = 'TASK_ID must be 1 to 500 characters long';
    else why = 'TASK_ID may contain only letters, digits, hyphens and underscores';
  }
  throw badRequest('invalid', `Invalid value for field 'name': ${why}.`);
}

const durationPattern = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/;
const minDeadlineSeconds = 15;
const maxDeadlineSeconds = 24 * 3600 + 15;

/**
 * Checks a dispatchDeadline Duration ("30s", "1.5s"): 0 (the handler's default) or within
 * [15s, 24h15s]. Returns it truncated to milliseconds in protobuf-JSON form.
 */
export function normalizeDispatchDeadline(text: string): string {
  const m = durationPattern.exec(text);
  if (!m) {
    throw badRequest(
      'invalid',
      `Invalid value for field 'dispatchDeadline': '${text}' is not a duration such as "30s" or "1.5s".`,
    );
  }
  const [, minus, wholeText = '0', fracText = ''] = m;
  const whole = Number(wholeText);
  const nanos = Number(fracText.padEnd(9, '0'));
  const isZero = whole === 0 && nanos === 0;
  if (isZero) return '0s';
  const exceedsMax = whole > maxDeadlineSeconds || (whole === maxDeadlineSeconds && nanos > 0);
  if (minus || whole < minDeadlineSeconds || exceedsMax) {
    throw badRequest(
      'invalid',
      `Invalid value for field 'dispatchDeadline': ${text} is outside [15s, 86415s] (24 hours 15 seconds); use 0s for the default deadline.`,
    );
  }
  const millis = Math.floor(nanos / 1_000_000);
  return millis === 0 ? `${whole}s` : `${whole}.${String(millis).padStart(3, '0')}s`;
}

/** Checks a scheduleTime timestamp and truncates it to microseconds. */
export function normalizeScheduleTime(text: string): string {
  const instant = parsePreciseInstant(text);
  if (!instant) {
    throw badRequest('invalid', `Invalid value for field 'scheduleTime': '${text}' is not an RFC 3339 timestamp.`);
  }
  return formatPrecise({ seconds: instant.seconds, nanos: Math.floor(instant.nanos / 1000) * 1000 });
}

/** createTime: the creation instant truncated to seconds. */
export function createTimeOf(created: Date): string {
  return formatPrecise({ seconds: Math.floor(created.getTime() / 1000), nanos: 0 });
}

const maxHttpRequestBytes = 100 * 1024;

/** platformHttpRequest is an object whose inner shape the interface leaves open; it is kept as given. */
export function normalizePlatformHttpRequest(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('invalid', "Invalid value for field 'platformHttpRequest': it must be an object.");
  }
  const json = JSON.stringify(value);
  if (Buffer.byteLength(json) > maxHttpRequestBytes) {
    throw badRequest('invalid', "Invalid value for field 'platformHttpRequest': larger than 100 KB.");
  }
  return json;
}
