import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error';
import {
  createTimeOf,
  normalizeDispatchDeadline,
  normalizePlatformHttpRequest,
  normalizeScheduleTime,
  validateQueueTaskName,
} from './queued-fields';

function rejection(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('queue task name', () => {
  const name = (project: string, queue: string, task: string, location = 'us-central1') =>
    `projects/${project}/locations/${location}/queues/${queue}/tasks/${task}`;

  it('accepts the documented character sets at their length limits', () => {
    const longest = name('my-project:team.example', 'q'.repeat(100), 'T_-9'.repeat(125));
    expect(validateQueueTaskName(longest)).toBe(longest);
  });

  it.each([
    ['project with a slash-free but forbidden character', name('my_project', 'queue', 'task'), 'PROJECT_ID'],
    ['queue longer than 100', name('p', 'q'.repeat(101), 'task'), 'QUEUE_ID must be 1 to 100'],
    ['queue with an underscore', name('p', 'my_queue', 'task'), 'QUEUE_ID may contain'],
    ['task longer than 500', name('p', 'queue', 't'.repeat(501)), 'TASK_ID must be 1 to 500'],
    ['task with a period', name('p', 'queue', 'task.1'), 'TASK_ID may contain'],
    ['empty location', name('p', 'queue', 'task', ''), 'LOCATION_ID'],
    ['wrong shape', 'projects/p/queues/q/tasks/t', 'must have the form'],
  ])('refuses a %s', (_label, value, why) => {
    const error = rejection(() => validateQueueTaskName(value));
    expect(error.code).toBe(400);
    expect(error.message).toContain(why);
  });
});

describe('dispatchDeadline', () => {
  it.each([
    ['0s', '0s'],
    ['0.000s', '0s'],
    ['15s', '15s'],
    ['30s', '30s'],
    ['15.0001s', '15s'],
    ['30.123456789s', '30.123s'],
    ['600.5s', '600.500s'],
    ['86415s', '86415s'],
  ])('keeps %s as %s (truncated to milliseconds)', (input, expected) => {
    expect(normalizeDispatchDeadline(input)).toBe(expected);
  });

  it.each(['1.5s', '14.999s', '86415.001s', '86416s', '-20s', '30', '30 s', 'abc', '1e3s'])('refuses %s', (input) => {
    expect(rejection(() => normalizeDispatchDeadline(input)).code).toBe(400);
  });
});

describe('scheduleTime', () => {
  it('truncates to microseconds and normalises to UTC', () => {
    expect(normalizeScheduleTime('2024-05-01T10:00:00.123456789Z')).toBe('2024-05-01T10:00:00.123456Z');
    expect(normalizeScheduleTime('2024-05-01T12:00:00.1234567+02:00')).toBe('2024-05-01T10:00:00.123456Z');
    expect(normalizeScheduleTime('2024-05-01T10:00:00.5Z')).toBe('2024-05-01T10:00:00.500Z');
    expect(normalizeScheduleTime('2024-05-01T10:00:00.000000999Z')).toBe('2024-05-01T10:00:00Z');
  });

  it('refuses what is not a timestamp', () => {
    expect(rejection(() => normalizeScheduleTime('2024-02-30T10:00:00Z')).code).toBe(400);
    expect(rejection(() => normalizeScheduleTime('tomorrow')).code).toBe(400);
  });
});

describe('other queued fields', () => {
  it('createTime is truncated to seconds', () => {
    expect(createTimeOf(new Date('2024-05-01T10:00:07.999Z'))).toBe('2024-05-01T10:00:07Z');
  });

  it('platformHttpRequest must be an object', () => {
    expect(normalizePlatformHttpRequest({ httpMethod: 'POST', relativeUri: '/run' })).toBe(
      '{"httpMethod":"POST","relativeUri":"/run"}',
    );
    expect(rejection(() => normalizePlatformHttpRequest('POST /run')).code).toBe(400);
    expect(rejection(() => normalizePlatformHttpRequest([1])).code).toBe(400);
  });
});
