/**
 * Calendar rendering, in Chromium over the browser host (the real renderer, IPC and embedded
 * service):
 *
 * - week-render-vs-bare: a week of 1,000 events, shown by Atrium (from the click on "Next week",
 *   the week's events already fetched in the background as Atrium does for neighbouring weeks,
 *   until every event is drawn) against bare FullCalendar with the same plugins, theme, options,
 *   size and events (a page this benchmark bundles with esbuild, timed from mounting to every event
 *   drawn). Medians of `runs` each, after a warm-up. A cold first load of the busy week (fetch
 *   over IPC included) is printed for information.
 * - drop-to-paint: in an ordinary week, an event is dragged to another day and time and dropped;
 *   counted in animation frames from the pointer release until the event is drawn at its new
 *   place (its new day, top and height, visible; 1 = in the first frame painted after the drop) and
 *   stays there. Its width may settle a frame or two later, when FullCalendar lays it out beside
 *   events it now overlaps.
 *
 * The renderer measured is ATRIUM_RENDERER_DIR when set, else dist/renderer (built here when missing).
 *
 *   tsx bench/calendar-render.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { startBrowserApp } from '../electron/web';
import { builtRenderer, launchChromium, scratchDataDir } from './browser';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const eventCount = 1000;
const runs = 9;
const renderGoal = 1.5;
const dropGoal = 1;
const viewport = { width: 1600, height: 1000 };
const dayMs = 86_400_000;

export interface CalendarRenderResult {
  atriumMs: number;
  bareMs: number;
  ratio: number;
  coldMs: number;
  dropFrames: number;
}

interface SeedEvent {
  summary: string;
  startMs: number;
  endMs: number;
}

/** A deterministic pseudo-random sequence, so every run draws the same week. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` timed events over the seven days from `weekStart` (UTC), 07:00–21:00, 15 to 120 minutes. */
function busyWeek(weekStart: number, count: number): SeedEvent[] {
  const next = random(20261122);
  const titles = [
    'Standup',
    'Review',
    'Planning',
    'Interview',
    'Lunch',
    '1:1',
    'Design sync',
    'Customer call',
    'Focus time',
    'Retro',
  ];
  return Array.from({ length: count }, (_, i) => {
    const day = Math.floor(next() * 7);
    const startMinutes = 7 * 60 + Math.floor(next() * 14 * 4) * 15;
    const length = 15 * (1 + Math.floor(next() * 8));
    const startMs = weekStart + day * dayMs + startMinutes * 60_000;
    return { summary: `${titles[i % titles.length]} ${i + 1}`, startMs, endMs: startMs + length * 60_000 };
  });
}

/** The Sunday starting the current week, in UTC (the display zone of a fresh service). */
function currentWeekStart(): number {
  const today = Math.floor(Date.now() / dayMs) * dayMs;
  return today - new Date(today).getUTCDay() * dayMs;
}

/** Inserts `events` through the service; answers each inserted event's id by its summary. */
async function insertAll(
  app: Awaited<ReturnType<typeof startBrowserApp>>,
  events: SeedEvent[],
): Promise<Map<string, string>> {
  const base = app.serviceUrl.replace(/\/$/, '');
  const ids = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < events.length) {
      const event = events[next++]!;
      const response = await fetch(`${base}/calendar/v3/calendars/primary/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${app.localUser.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          summary: event.summary,
          start: { dateTime: new Date(event.startMs).toISOString(), timeZone: 'UTC' },
          end: { dateTime: new Date(event.endMs).toISOString(), timeZone: 'UTC' },
        }),
      });
      if (!response.ok) throw new Error(`insert: ${response.status} ${await response.text()}`);
      ids.set(event.summary, ((await response.json()) as { id: string }).id);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return ids;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** tsx names functions with a `__name` helper that pages do not have. */
const pageHelpers = 'globalThis.__name = (f) => f;';

/** Resolves when `count` events are drawn, then one more frame has been painted; answers ms since `started`. */
function waitForEventsScript(count: number, started: number, selector: string): Promise<number> {
  return new Promise((resolveTime, reject) => {
    const deadline = performance.now() + 60_000;
    const check = () => {
      if (document.querySelectorAll(selector).length >= count) {
        requestAnimationFrame(() => resolveTime(performance.now() - started));
        return;
      }
      if (performance.now() > deadline)
        reject(new Error(`only ${document.querySelectorAll(selector).length} of ${count} events drawn`));
      else requestAnimationFrame(check);
    };
    check();
  });
}

// ---------------------------------------------------------------- bare FullCalendar

const bareEntry = `
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import multiMonthPlugin from '@fullcalendar/react/multimonth';
import formaTheme from '@fullcalendar/react/themes/forma';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/forma/theme.css';
import '@fullcalendar/react/themes/forma/palettes/blue.css';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';

const plugins = [formaTheme, timeGridPlugin, dayGridPlugin, listPlugin, multiMonthPlugin, interactionPlugin];
let root = null;

window.mountCalendar = (events, initialDate) => {
  const container = document.getElementById('calendar');
  root?.unmount();
  root = createRoot(container);
  flushSync(() =>
    root.render(
      <FullCalendar
        plugins={plugins}
        initialView="timeGridWeek"
        initialDate={initialDate}
        headerToolbar={false}
        height="100%"
        timeZone="UTC"
        nowIndicator
        selectable
        selectMirror
        editable
        eventInteractive
        slotDuration="00:30:00"
        snapDuration="00:15:00"
        scrollTime="08:00:00"
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit', hour12: true }}
        events={events}
        eventDidMount={({ el }) => el.setAttribute('data-testid', 'calendar-event')}
      />,
    ),
  );
};
window.unmountCalendar = () => {
  root?.unmount();
  root = null;
};
`;

async function buildBarePage(dir: string, size: { width: number; height: number }): Promise<string> {
  await build({
    stdin: { contents: bareEntry, loader: 'tsx', resolveDir: root, sourcefile: 'bare-calendar.tsx' },
    bundle: true,
    format: 'iife',
    jsx: 'automatic',
    minify: true,
    outdir: dir,
    entryNames: 'bare',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="bare.css"></head>
<body style="margin:0;font-family:system-ui,sans-serif"><div id="calendar" style="width:${size.width}px;height:${size.height}px"></div><script src="bare.js"></script></body></html>`;
  const file = join(dir, 'bare.html');
  writeFileSync(file, html);
  return pathToFileURL(file).href;
}

/** The events as Atrium hands them to FullCalendar (see event-mapping.ts). */
function fullCalendarInputs(events: SeedEvent[]) {
  return events.map((event, i) => ({
    id: `primary\u0001e${i}`,
    title: event.summary,
    start: event.startMs,
    end: event.endMs,
    allDay: false,
    color: '#9fe1e7',
    contrastColor: '#1d1d1d',
    editable: true,
    extendedProps: { calendarId: 'primary', eventId: `e${i}`, recurringEventId: null, pending: false, location: null },
  }));
}

/** Mounts bare FullCalendar afresh with the events; ms from mounting to every event drawn. */
async function timeBare(page: Page, weekStart: number, expected: number): Promise<number> {
  return page.evaluate(
    async ({ date, count, waitSource }) => {
      const win = window as unknown as {
        mountCalendar: (e: unknown, d: string) => void;
        unmountCalendar: () => void;
        benchEvents: unknown;
      };
      win.unmountCalendar();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const wait = new Function(`return (${waitSource})`)() as (
        count: number,
        started: number,
        selector: string,
      ) => Promise<number>;
      const started = performance.now();
      win.mountCalendar(win.benchEvents, date);
      return wait(count, started, '[data-testid="calendar-event"]');
    },
    {
      date: new Date(weekStart).toISOString().slice(0, 10),
      count: expected,
      waitSource: waitForEventsScript.toString(),
    },
  );
}

// ---------------------------------------------------------------- Atrium

async function openAtrium(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: 'UTC' });
  const page = await context.newPage();
  await page.addInitScript({ content: pageHelpers });
  await page.goto(url);
  await page.getByTestId('calendar-week').locator('[role="cell"][data-date]').first().waitFor();
  await page.getByTestId('calendar-loading-hint').waitFor({ state: 'detached' });
  return page;
}

/** From the click on "Next week" until `expected` events are drawn and painted. */
async function timeNextWeek(page: Page, expected: number): Promise<number> {
  return page.evaluate(
    ({ count, waitSource }) => {
      const wait = new Function(`return (${waitSource})`)() as (
        count: number,
        started: number,
        selector: string,
      ) => Promise<number>;
      const started = performance.now();
      (document.querySelector('[data-testid="calendar-next"]') as HTMLElement).click();
      return wait(count, started, '[data-testid="calendar-event"]');
    },
    { count: expected, waitSource: waitForEventsScript.toString() },
  );
}

async function previousWeek(page: Page): Promise<void> {
  await page.getByTestId('calendar-prev').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="calendar-event"]').length < 50);
  // Let the busy week's data be fetched ahead again (it is kept, and refreshed in the background).
  await page.waitForTimeout(300);
}

/**
 * Drags the event with id `eventId` to `targetTime` on `targetDate` with the mouse, and counts animation frames from the
 * pointer release until the event is drawn where it finally rests (1 = in the first frame painted
 * after the drop). Every frame's visible drawing of the event (day, top, height) is recorded; the
 * count is the first frame from which it no longer changes.
 */
async function dropFrames(page: Page, eventId: string, targetDate: string, targetTime: string): Promise<number> {
  const week = page.getByTestId('calendar-week');
  const slot = week.locator(`[data-time="${targetTime}"]`).last();
  await slot.scrollIntoViewIfNeeded();
  // The grid marks each drawn event with its id (and keeps a hidden copy in place while dragging).
  const event = week.locator(`[data-testid="calendar-event"][data-event-id="${eventId}"]`).first();
  await event.scrollIntoViewIfNeeded();
  const slotBox = await slot.boundingBox();
  const box = await event.boundingBox();
  let lane = null as null | { x: number; y: number; width: number; height: number };
  for (const cell of await week.locator(`[role="cell"][data-date="${targetDate}"]`).all()) {
    const cellBox = await cell.boundingBox();
    if (cellBox && (!lane || cellBox.height > lane.height)) lane = cellBox;
  }
  if (!box || !lane || !slotBox) throw new Error('grid not laid out');
  const key = await event.getAttribute('data-event-key');
  await page.evaluate(
    ({ key, laneX, laneWidth }) => {
      const win = window as unknown as { dropRecord?: string[] };
      win.dropRecord = [];
      const drawn = () =>
        JSON.stringify(
          [...document.querySelectorAll<HTMLElement>('[data-testid="calendar-event"]')]
            .filter(
              (element) =>
                element.getAttribute('data-event-key') === key && getComputedStyle(element).visibility !== 'hidden',
            )
            .map((element) => {
              const rect = element.getBoundingClientRect();
              const centre = rect.x + rect.width / 2;
              return [Math.round(rect.y), Math.round(rect.height), centre >= laneX && centre < laneX + laneWidth];
            }),
        );
      window.addEventListener(
        'pointerup',
        () => {
          const record = () => {
            win.dropRecord!.push(drawn());
            if (win.dropRecord!.length < 40) requestAnimationFrame(record);
          };
          requestAnimationFrame(record);
        },
        { once: true, capture: true },
      );
    },
    { key, laneX: lane.x, laneWidth: lane.width },
  );
  const grab = { x: box.x + box.width / 2, y: box.y + Math.min(8, box.height / 3) };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 3, grab.y + 10, { steps: 3 });
  await page.mouse.move(lane.x + lane.width / 2, slotBox.y + 8, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => ((window as unknown as { dropRecord?: string[] }).dropRecord ?? []).length >= 40);
  const record = await page.evaluate(() => (window as unknown as { dropRecord: string[] }).dropRecord);
  const final = record[record.length - 1];
  const before = JSON.stringify([[Math.round(box.y), Math.round(box.height), false]]);
  if (!final || final === before || final === '[]') throw new Error(`event ${eventId} did not move (${final})`);
  let settled = record.length - 1;
  while (settled > 0 && record[settled - 1] === final) settled -= 1;
  return settled + 1;
}

export async function run(): Promise<CalendarRenderResult> {
  const rendererDir = builtRenderer();
  const dataDir = scratchDataDir('calendar');
  const pageDir = mkdtempSync(join(tmpdir(), 'atrium-bench-bare-'));
  const app = await startBrowserApp({ dataDir, port: 0, rendererDir, changeWatch: false });
  let browser: Browser | undefined;
  try {
    const thisWeek = currentWeekStart();
    const busyStart = thisWeek + 7 * dayMs;
    const busy = busyWeek(busyStart, eventCount);
    const ordinary = busyWeek(thisWeek, 40).map((event, i) => ({ ...event, summary: `Ordinary ${i + 1}` }));
    const started = performance.now();
    const ids = await insertAll(app, [...busy, ...ordinary]);
    console.log(
      `seeded ${busy.length + ordinary.length} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    browser = await launchChromium();

    // Atrium, cold: the busy week straight after start (its data fetched on the way).
    let page = await openAtrium(browser, app.url);
    const surface = await page.getByTestId('calendar-week').boundingBox();
    if (!surface) throw new Error('no calendar surface');

    // What FullCalendar draws for this week (crowded slots may collapse into "+N more").
    const pageUrl = await buildBarePage(pageDir, {
      width: Math.round(surface.width),
      height: Math.round(surface.height),
    });
    const bare = await (await browser.newContext({ viewport, timezoneId: 'UTC' })).newPage();
    await bare.addInitScript({ content: pageHelpers });
    await bare.goto(pageUrl);
    await bare.evaluate((data) => {
      (window as unknown as { benchEvents: unknown }).benchEvents = data;
    }, fullCalendarInputs(busy));
    const drawn = await bare.evaluate(
      async ({ date }) => {
        const win = window as unknown as { mountCalendar: (e: unknown, d: string) => void; benchEvents: unknown };
        win.mountCalendar(win.benchEvents, date);
        await new Promise((r) => setTimeout(r, 1500));
        return document.querySelectorAll('[data-testid="calendar-event"]').length;
      },
      { date: new Date(busyStart).toISOString().slice(0, 10) },
    );
    console.log(`FullCalendar draws ${drawn} event elements for the ${eventCount}-event week`);

    const coldMs = await timeNextWeek(page, drawn);
    await page.context().close();

    // Atrium, warm: the busy week fetched ahead (as Atrium does for the weeks either side).
    page = await openAtrium(browser, app.url);
    await page.waitForTimeout(1500);
    // Rounds alternate between the two, so both meet the same load on a shared machine; two warm up.
    const atrium: number[] = [];
    const bareTimes: number[] = [];
    // CALENDAR_BENCH_PROFILE=<file.cpuprofile>: a CPU profile of the renderer over one warm round.
    const profileFile = process.env.CALENDAR_BENCH_PROFILE;
    for (let round = 0; round < runs + 2; round++) {
      const cdp = profileFile && round === 2 ? await page.context().newCDPSession(page) : undefined;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      const atriumMs = await timeNextWeek(page, drawn);
      if (cdp && profileFile) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(profileFile, JSON.stringify(profile));
        await cdp.detach();
      }
      await previousWeek(page);
      const bareMs = await timeBare(bare, busyStart, drawn);
      if (round < 2) continue;
      atrium.push(atriumMs);
      bareTimes.push(bareMs);
    }

    // Drop to paint, in the ordinary week.
    const frames: number[] = [];
    const days = [1, 2, 3, 4, 5].map((d) => new Date(thisWeek + d * dayMs).toISOString().slice(0, 10));
    for (let round = 0; round < 5; round++) {
      const title = `Ordinary ${round * 3 + 1}`;
      const eventId = ids.get(title);
      if (!eventId) throw new Error(`${title} was not inserted`);
      frames.push(
        await dropFrames(
          page,
          eventId,
          days[round % days.length]!,
          ['10:00:00', '13:00:00', '15:30:00', '09:00:00', '11:30:00'][round]!,
        ),
      );
      await page.waitForTimeout(400);
    }

    const atriumMs = median(atrium);
    const bareMs = median(bareTimes);
    const ratio = atriumMs / bareMs;
    const dropFramesMedian = median(frames);
    console.log(
      `week of ${eventCount} events: Atrium ${atriumMs.toFixed(0)} ms (cold, fetch included: ${coldMs.toFixed(0)} ms), bare FullCalendar ${bareMs.toFixed(0)} ms`,
    );
    console.log(`drop to paint: ${frames.join(', ')} frames`);
    console.log(
      `target calendar.week-render-vs-bare: ${ratio.toFixed(2)} ratio (goal <= ${renderGoal}) ${ratio <= renderGoal ? 'ok' : 'miss'}`,
    );
    console.log(
      `target calendar.drop-to-paint: ${dropFramesMedian} frames (goal <= ${dropGoal}) ${dropFramesMedian <= dropGoal ? 'ok' : 'miss'}`,
    );
    return { atriumMs, bareMs, ratio, coldMs, dropFrames: dropFramesMedian };
  } finally {
    await browser?.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pageDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await run();
}
