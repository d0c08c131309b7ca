import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcEvent } from '../../shared/ipc/contract';
import { ApiClient } from './api-client';
import { createCore } from './core';
import type { Core } from './core';
import { deepLinkFor, parseDeepLink } from './deep-link';
import type { DueReminder } from './reminders';
import { MemoryVault } from './vault';
import { WindowStateStore, fitToDisplays } from './window-state';

let dir: string;
let core: Core;
let api: ApiClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-desktop-'));
  core = await createCore({
    userDataDir: dir,
    vault: new MemoryVault(),
    host: 'electron',
    config: {},
    changeWatch: { tasksPollMs: 60_000 },
    log: () => {},
  });
  api = new ApiClient({ baseUrl: core.serviceUrl, accessToken: () => core.localUser.token });
});

afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('atrium:// deep links', () => {
  it('reads links to events, tasks, files, quick add and accounts, and round-trips them', () => {
    expect(parseDeepLink('atrium://event/me%40atrium.local/abc123?account=google-42')).toEqual({
      kind: 'event',
      calendarId: 'me@atrium.local',
      eventId: 'abc123',
      account: 'google-42',
    });
    expect(parseDeepLink('atrium://task/list-1/task-9')).toEqual({ kind: 'task', tasklist: 'list-1', task: 'task-9' });
    expect(parseDeepLink('atrium://file/0Bx_f1le')).toEqual({ kind: 'file', fileId: '0Bx_f1le' });
    expect(parseDeepLink('atrium://quick-add')).toEqual({ kind: 'quickAdd' });
    expect(parseDeepLink('atrium://accounts')).toEqual({ kind: 'accounts' });
    const route = { kind: 'event', calendarId: 'c/with slash', eventId: 'e?1', account: 'local' } as const;
    expect(parseDeepLink(deepLinkFor(route))).toEqual(route);
  });

  it('refuses anything else', () => {
    for (const link of [
      'https://event/a/b',
      'atrium://event/only-one',
      'atrium://event/a/b/c',
      'atrium://file/',
      'atrium://unknown/x',
      'atrium://task/%E0%A4%A/x',
      `atrium://file/${'x'.repeat(5000)}`,
      'not a url',
    ]) {
      expect(parseDeepLink(link), link).toBeNull();
    }
  });

  it('pushes the route to the renderer as a navigate event', () => {
    const seen: IpcEvent[] = [];
    const stop = core.onEvent((event) => seen.push(event));
    expect(core.openDeepLink('atrium://task/l1/t1?account=local')).toBe(true);
    expect(core.openDeepLink('atrium://nowhere')).toBe(false);
    stop();
    expect(seen).toEqual([{ type: 'navigate', route: { kind: 'task', tasklist: 'l1', task: 't1', account: 'local' } }]);
  });
});

describe('today and reminders', () => {
  it("lists today's events of the shown calendars in start order for the tray", async () => {
    const now = new Date();
    const at = (hours: number): string =>
      new Date(now.getFullYear(), now.getMonth(), now.getDate(), hours, 0).toISOString();
    const late = await api.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      { summary: 'Late call', start: { dateTime: at(21) }, end: { dateTime: at(22) } },
    );
    await api.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      { summary: 'Breakfast', start: { dateTime: at(7) }, end: { dateTime: at(8) } },
    );
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 12).toISOString();
    await api.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      { summary: 'Tomorrow', start: { dateTime: tomorrow }, end: { dateTime: tomorrow } },
    );
    const agenda = await core.todayAgenda();
    expect(agenda.map((item) => item.title)).toEqual(['Breakfast', 'Late call']);
    expect(agenda[1]).toMatchObject({
      account: 'local',
      eventId: late.id,
      route: { kind: 'event', account: 'local', eventId: late.id },
    });
  });

  it('raises a desktop reminder when a popup reminder is due, once', async () => {
    const due: DueReminder[] = [];
    const start = new Date(Date.now() + 60_000 + 1_200);
    const event = await api.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      {
        summary: 'Dentist',
        start: { dateTime: start.toISOString() },
        end: { dateTime: new Date(start.getTime() + 3_600_000).toISOString() },
        reminders: {
          useDefault: false,
          overrides: [
            { method: 'popup', minutes: 1 },
            { method: 'email', minutes: 1 },
          ],
        },
      },
    );
    const stop = core.startReminders((reminder) => due.push(reminder));
    try {
      const deadline = Date.now() + 5_000;
      while (due.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(due).toHaveLength(1);
      expect(due[0]).toMatchObject({ title: 'Dentist', route: { kind: 'event', eventId: event.id } });
      expect(due[0]?.body).toMatch(/^Starts at /);
      // Due one minute before the start the service stored (it keeps whole seconds).
      expect(due[0]?.at).toBe(Date.parse(event.start?.dateTime as string) - 60_000);
      // A change elsewhere makes it read again; what was shown is not shown again.
      await api.call(
        'CalendarEventsPatch',
        { calendarId: 'primary', eventId: event.id as string },
        { description: 'Bring the forms' },
      );
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(due).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

describe('window state', () => {
  it('remembers the window, and reads a damaged file as nothing', async () => {
    const store = new WindowStateStore(join(dir, 'window-state.json'));
    expect(await store.load()).toBeUndefined();
    await store.save({ x: 40, y: 30, width: 1200, height: 800, maximized: true, fullScreen: false });
    expect(await new WindowStateStore(join(dir, 'window-state.json')).load()).toEqual({
      x: 40,
      y: 30,
      width: 1200,
      height: 800,
      maximized: true,
      fullScreen: false,
    });
    await writeFile(join(dir, 'window-state.json'), '{"width": "huge"}');
    expect(await store.load()).toBeUndefined();
  });

  it('keeps a window reachable when the display it was on is gone', () => {
    const laptop = { x: 0, y: 0, width: 1440, height: 900 };
    const state = { x: 2000, y: 100, width: 1600, height: 1000, maximized: false, fullScreen: false };
    expect(fitToDisplays(state, [laptop, { x: 1440, y: 0, width: 2560, height: 1440 }])).toEqual(state);
    expect(fitToDisplays(state, [laptop])).toEqual({ width: 1440, height: 900, maximized: false, fullScreen: false });
    // Partly off-screen but with enough of it showing to grab: left where it was.
    expect(fitToDisplays({ ...state, x: 1300 }, [laptop])).toEqual({
      x: 1300,
      y: 100,
      width: 1440,
      height: 900,
      maximized: false,
      fullScreen: false,
    });
    expect(fitToDisplays({ ...state, x: 1400 }, [laptop])).toEqual({
      width: 1440,
      height: 900,
      maximized: false,
      fullScreen: false,
    });
  });
});
