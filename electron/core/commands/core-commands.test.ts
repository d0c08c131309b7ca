import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarWriteStep } from '../../../shared/ipc/contract';
import { startEmbeddedService } from '../../service';
import type { EmbeddedService } from '../../service';
import { ApiCallError } from '../api-call-error';
import { ApiClient } from '../api-client';
import type { CommandApi } from './command-api';
import { CoreCommands } from './core-commands';

let dir: string;
let service: EmbeddedService;
let api: ApiClient;
let journalDir: string;
const logged: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-commands-'));
  service = await startEmbeddedService({
    dataDir: join(dir, 'service'),
    port: 0,
    users: [{ email: 'ann@example.com', token: 'ann-token', displayName: 'Ann', timeZone: 'UTC' }],
  });
  api = new ApiClient({ baseUrl: service.url, accessToken: () => 'ann-token' });
});

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

let run = 0;
beforeEach(() => {
  run += 1;
  journalDir = join(dir, `journal-${run}`);
});

type Fault = 'fail' | 'hang' | 'loseAnswer';

/** The real client, except that the n-th call of an operation fails, never answers, or is done but its answer lost. */
function faulty(faults: Record<string, { nth: number; fault: Fault }>): CommandApi {
  const counts = new Map<string, number>();
  return {
    async callByName(operation, params, body) {
      const count = (counts.get(operation) ?? 0) + 1;
      counts.set(operation, count);
      const rule = faults[operation];
      if (rule?.nth === count) {
        if (rule.fault === 'fail') throw new ApiCallError(503, 'backendError', 'Backend Error');
        if (rule.fault === 'hang') return new Promise<never>(() => undefined);
        await api.callByName(operation, params, body);
        return new Promise<never>(() => undefined);
      }
      return api.callByName(operation, params, body);
    },
  };
}

function commands(client: CommandApi = api, movesBetweenLists = true): CoreCommands {
  return new CoreCommands({
    journalDir,
    connection: () => ({ account: { id: 'local', kind: 'local' }, api: client }),
    log: (message) => logged.push(message),
    movesBetweenLists: () => movesBetweenLists,
  });
}

/** The journal's entries as the core reads them: `.json` files (a write in progress is a temporary file beside them). */
const journalFiles = async (): Promise<string[]> =>
  (await readdir(journalDir).catch(() => [])).filter((name) => name.endsWith('.json'));

/** Each entry's content; one removed between the listing and the read (its command finished) is left out. */
const journalEntries = async (): Promise<{ copies?: string[] }[]> =>
  (
    await Promise.all(
      (await journalFiles()).map(async (name) => {
        const text = await readFile(join(journalDir, name), 'utf8').catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null;
          throw error;
        });
        return text === null ? [] : [JSON.parse(text) as { copies?: string[] }];
      }),
    )
  ).flat();

async function waitFor(check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// ------------------------------------------------------------------ calendar

interface Event {
  id: string;
  summary?: string;
  status?: string;
  recurrence?: string[];
  recurringEventId?: string;
}

async function newSeries(summary: string): Promise<{ master: Event; instances: Event[] }> {
  const master = (await api.callByName(
    'CalendarEventsInsert',
    { calendarId: 'primary' },
    {
      summary,
      start: { dateTime: '2031-03-03T09:00:00Z', timeZone: 'UTC' },
      end: { dateTime: '2031-03-03T10:00:00Z', timeZone: 'UTC' },
      recurrence: ['RRULE:FREQ=DAILY;COUNT=6'],
    },
  )) as Event;
  const instances = (
    (await api.callByName('CalendarEventsInstances', { calendarId: 'primary', eventId: master.id })) as {
      items: Event[];
    }
  ).items;
  // A stored exception after the split point: "this and following" replaces it.
  await api.callByName(
    'CalendarEventsPatch',
    { calendarId: 'primary', eventId: instances[4]!.id },
    { summary: `${summary} (moved)` },
  );
  return { master, instances };
}

/** What the calendar holds of a series, as a person would check it. */
async function seriesState(summary: string) {
  const listed = (
    (await api.callByName('CalendarEventsList', { calendarId: 'primary', singleEvents: true, maxResults: 2500 })) as {
      items: Event[];
    }
  ).items;
  return listed
    .filter((event) => event.summary?.startsWith(summary))
    .map((event) => `${event.summary}@${(event as { start?: { dateTime?: string } }).start?.dateTime ?? ''}`)
    .sort();
}

/** "This and following" from the fourth occurrence, as the calendar plans it: new series, drop later exceptions, end the old one. */
function followingSteps(master: Event, instances: Event[], summary: string): CalendarWriteStep[] {
  return [
    {
      op: 'insert',
      calendarId: 'primary',
      body: {
        summary: `${summary} v2`,
        start: { dateTime: '2031-03-06T11:00:00Z', timeZone: 'UTC' },
        end: { dateTime: '2031-03-06T12:00:00Z', timeZone: 'UTC' },
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
      },
    },
    { op: 'delete', calendarId: 'primary', eventId: instances[4]!.id },
    {
      op: 'patch',
      calendarId: 'primary',
      eventId: master.id,
      body: { recurrence: ['RRULE:FREQ=DAILY;UNTIL=20310305T235959Z'] },
    },
  ];
}

describe('calendar.applySeriesEdit in the core', () => {
  it('runs every write in order and forgets the plan once done', async () => {
    const { master, instances } = await newSeries('Standup');
    const before = await seriesState('Standup');
    const { results, undo } = await commands().applySeriesEdit(undefined, followingSteps(master, instances, 'Standup'));
    expect(results).toHaveLength(2);
    expect(await seriesState('Standup')).toEqual([
      'Standup v2@2031-03-06T11:00:00Z',
      'Standup v2@2031-03-07T11:00:00Z',
      'Standup v2@2031-03-08T11:00:00Z',
      'Standup@2031-03-03T09:00:00Z',
      'Standup@2031-03-04T09:00:00Z',
      'Standup@2031-03-05T09:00:00Z',
    ]);
    expect(await journalFiles()).toEqual([]);

    // Its inverse, sent through the same command, puts the series back as it was.
    expect(undo.map((step) => step.op)).toEqual(['update', 'update', 'delete']);
    await commands().applySeriesEdit(undefined, undo);
    expect(await seriesState('Standup')).toEqual(before);
  });

  it('undoes the writes already made when a later one fails, and says why', async () => {
    const { master, instances } = await newSeries('Review');
    const before = await seriesState('Review');
    const masterBefore = (await api.callByName('CalendarEventsGet', {
      calendarId: 'primary',
      eventId: master.id,
    })) as Event;
    const steps = followingSteps(master, instances, 'Review');
    // The last write is refused by the service itself: a rule it cannot read.
    steps.push({
      op: 'patch',
      calendarId: 'primary',
      eventId: master.id,
      body: { recurrence: ['RRULE:FREQ=SOMETIMES'] },
    });
    const error = await commands()
      .applySeriesEdit(undefined, steps)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect((error as ApiCallError).status).toBe(400);
    expect(await seriesState('Review')).toEqual(before);
    const masterAfter = (await api.callByName('CalendarEventsGet', {
      calendarId: 'primary',
      eventId: master.id,
    })) as Event;
    expect(masterAfter.recurrence).toEqual(masterBefore.recurrence);
    expect(await journalFiles()).toEqual([]);
  });

  it('never deletes an event that was there before, when an insert with a taken id is refused', async () => {
    const { master } = await newSeries('Sync');
    const before = await seriesState('Sync');
    const error = await commands()
      .applySeriesEdit(undefined, [
        { op: 'patch', calendarId: 'primary', eventId: master.id, body: { description: 'changed' } },
        {
          op: 'insert',
          calendarId: 'primary',
          body: {
            id: master.id,
            summary: 'Sync copy',
            start: { dateTime: '2031-04-01T09:00:00Z' },
            end: { dateTime: '2031-04-01T10:00:00Z' },
          },
        },
      ])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409 });
    expect(await seriesState('Sync')).toEqual(before);
    const after = (await api.callByName('CalendarEventsGet', { calendarId: 'primary', eventId: master.id })) as {
      description?: string;
    };
    expect(after.description).toBeUndefined();
  });

  it('undoes a change cut short by a restart when the core starts again', async () => {
    const { master, instances } = await newSeries('Retro');
    const before = await seriesState('Retro');
    // The process "dies" while the third write (ending the old series) is under way, its answer never read.
    const dying = faulty({ CalendarEventsPatch: { nth: 1, fault: 'loseAnswer' } });
    void commands(dying).applySeriesEdit(undefined, followingSteps(master, instances, 'Retro'));
    await waitFor(async () => {
      const now = (await api.callByName('CalendarEventsGet', { calendarId: 'primary', eventId: master.id })) as Event;
      return now.recurrence?.[0]?.includes('UNTIL') === true;
    });
    expect(await journalFiles()).toHaveLength(1);
    expect(await seriesState('Retro')).not.toEqual(before);

    await commands().recover();
    expect(await seriesState('Retro')).toEqual(before);
    expect(await journalFiles()).toEqual([]);
  });

  it('keeps an undo the service cannot take now for the next start', async () => {
    const { master, instances } = await newSeries('Planning');
    const before = await seriesState('Planning');
    const steps = followingSteps(master, instances, 'Planning');
    steps.push({ op: 'patch', calendarId: 'primary', eventId: 'nosuchevent0', body: { summary: 'x' } });
    // Refused, and the undo of the inserted series fails too (the service is unreachable for it).
    const offline = faulty({ CalendarEventsDelete: { nth: 2, fault: 'fail' } });
    await expect(commands(offline).applySeriesEdit(undefined, steps)).rejects.toMatchObject({ status: 404 });
    expect(await journalFiles()).toHaveLength(1);
    expect(await seriesState('Planning')).not.toEqual(before);

    await commands().recover();
    expect(await seriesState('Planning')).toEqual(before);
    expect(await journalFiles()).toEqual([]);
  });
});

// ------------------------------------------------------------------ tasks

interface Task {
  id: string;
  title?: string;
  parent?: string;
  position?: string;
}

async function newList(title: string): Promise<string> {
  return ((await api.callByName('TasksTasklistsInsert', {}, { title })) as { id: string }).id;
}

async function add(list: string, title: string, parent?: string, previous?: string): Promise<string> {
  const params = { tasklist: list, ...(parent ? { parent } : {}), ...(previous ? { previous } : {}) };
  return ((await api.callByName('TasksTasksInsert', params, { title })) as Task).id;
}

/** The list as an outline: children indented under their parent, in order. */
async function outline(list: string): Promise<string[]> {
  const items =
    (
      (await api.callByName('TasksTasksList', { tasklist: list, showCompleted: true, showHidden: true })) as {
        items?: Task[];
      }
    ).items ?? [];
  const byPosition = (a: Task, b: Task) => ((a.position ?? '') < (b.position ?? '') ? -1 : 1);
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const task of items.filter((t) => t.parent === parent).sort(byPosition)) {
      lines.push(`${'  '.repeat(depth)}${task.title ?? ''}`);
      walk(task.id, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines;
}

async function twoLists(): Promise<{ from: string; to: string; parent: string; resident: string }> {
  const from = await newList('Source');
  const to = await newList('Target');
  const parent = await add(from, 'Parent');
  const one = await add(from, 'Child one', parent);
  await add(from, 'Child two', parent, one);
  await add(from, 'Other', undefined, parent);
  const resident = await add(to, 'Resident');
  return { from, to, parent, resident };
}

describe('tasks.moveToList in the core', () => {
  it.each([
    ['with the service’s own move', true],
    ['by copies where the service has no move between lists', false],
  ])('moves a task with its subtasks %s', async (_label, atomic) => {
    const { from, to, parent, resident } = await twoLists();
    await commands(api, atomic).moveTaskToList(undefined, {
      tasklist: from,
      task: parent,
      destination: { tasklist: to, previous: resident },
    });
    expect(await outline(to)).toEqual(['Resident', 'Parent', '  Child one', '  Child two']);
    expect(await outline(from)).toEqual(['Other']);
    expect(await journalFiles()).toEqual([]);
  });

  it.each([
    ['a subtask’s copy', { TasksTasksInsert: { nth: 3, fault: 'fail' as const } }],
    ['removing the original', { TasksTasksDelete: { nth: 1, fault: 'fail' as const } }],
  ])('leaves both lists as they were when %s fails half-way', async (_label, faults) => {
    const { from, to, parent, resident } = await twoLists();
    const before = { from: await outline(from), to: await outline(to) };
    const error = await commands(faulty(faults), false)
      .moveTaskToList(undefined, { tasklist: from, task: parent, destination: { tasklist: to, previous: resident } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, message: 'Backend Error' });
    expect({ from: await outline(from), to: await outline(to) }).toEqual(before);
    expect(await journalFiles()).toEqual([]);
  });

  it('refuses an unknown task the way the service does, changing nothing', async () => {
    const { from, to } = await twoLists();
    const before = await outline(to);
    await expect(
      commands(api, false).moveTaskToList(undefined, {
        tasklist: from,
        task: 'missing',
        destination: { tasklist: to },
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await outline(to)).toEqual(before);
  });

  it('undoes the copies of a transfer cut short by a restart', async () => {
    const { from, to, parent, resident } = await twoLists();
    const before = { from: await outline(from), to: await outline(to) };
    void commands(faulty({ TasksTasksInsert: { nth: 3, fault: 'hang' } }), false).moveTaskToList(undefined, {
      tasklist: from,
      task: parent,
      destination: { tasklist: to, previous: resident },
    });
    // Both copies made and journalled; the third insert never answers.
    await waitFor(async () => (await journalEntries()).some((entry) => entry.copies?.length === 2));
    expect(await outline(to)).toHaveLength(3);

    await commands().recover();
    expect({ from: await outline(from), to: await outline(to) }).toEqual(before);
    expect(await journalFiles()).toEqual([]);
  });

  it('finishes a transfer whose original was already removed when the restart came', async () => {
    const { from, to, parent, resident } = await twoLists();
    void commands(faulty({ TasksTasksDelete: { nth: 1, fault: 'loseAnswer' } }), false).moveTaskToList(undefined, {
      tasklist: from,
      task: parent,
      destination: { tasklist: to, previous: resident },
    });
    await waitFor(async () => (await outline(from)).length === 1);

    await commands().recover();
    expect(await outline(to)).toEqual(['Resident', 'Parent', '  Child one', '  Child two']);
    expect(await outline(from)).toEqual(['Other']);
    expect(await journalFiles()).toEqual([]);
  });
});
