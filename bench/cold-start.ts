/**
 * Cold start, in Chromium over the browser host (the real renderer, IPC and embedded service):
 * from navigation to the week grid painted with its events, Atrium against a bare page that loads
 * FullCalendar with the same plugins, theme, options, size and events (bundled here with esbuild,
 * the events in a script of their own, mounted as soon as the page runs).
 *
 * - app.cold-start-vs-bare: median ms from navigation until every event of a 200-event week is
 *   drawn and a frame painted, Atrium over bare FullCalendar. Each round opens a new page in the
 *   same browser profile, as reopening the app does (its code and its last-known week are on
 *   disk); rounds alternate between the two (each going first in every other round), after two
 *   warm-up rounds.
 * - First paint (Chromium's `first-paint`) and grid-painted ms are printed for both.
 *
 * Both pages come over HTTP from 127.0.0.1, their document never cached and their scripts and
 * styles from the browser's cache, as the browser host serves Atrium's renderer: the ratio compares
 * the pages, not how they reach the browser. The bare page read from disk (file://) is timed in the
 * same rounds and printed for reference.
 *
 * The renderer measured is ATRIUM_RENDERER_DIR when set, else dist/renderer (built here when missing).
 *
 *   tsx bench/cold-start.ts
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import { startBrowserApp, type BrowserApp } from '../electron/web';
import { builtRenderer, launchChromium, scratchDataDir } from './browser';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const eventCount = 200;
/** Measured rounds: a median of eleven moves less from run to run than one of seven on a shared machine. */
const rounds = 11;
const warmUps = 2;
const goal = 1.5;
const viewport = { width: 1360, height: 860 };
const dayMs = 86_400_000;

export interface ColdStartResult {
  atrium: Timing;
  /** The bare page over HTTP, as Atrium is served: what the ratio compares with. */
  bare: Timing;
  /** The bare page read from disk (file://), for reference. */
  bareFromDisk: Timing;
  ratio: number;
}

interface Timing {
  firstPaintMs: number;
  gridMs: number;
}

interface SeedEvent {
  summary: string;
  startMs: number;
  endMs: number;
}

/** `count` events spread over the working hours of the week from `weekStart`, none overlapping more than three deep. */
function ordinaryWeek(weekStart: number, count: number): SeedEvent[] {
  const perDay = Math.ceil(count / 7);
  const slotMinutes = Math.floor((14 * 60) / Math.ceil(perDay / 3));
  return Array.from({ length: count }, (_, i) => {
    const day = i % 7;
    const slot = Math.floor(i / 7);
    const lane = slot % 3;
    const startMinutes = 7 * 60 + Math.floor(slot / 3) * slotMinutes + lane * 10;
    const startMs = weekStart + day * dayMs + startMinutes * 60_000;
    return { summary: `Meeting ${i + 1}`, startMs, endMs: startMs + Math.max(20, slotMinutes - 10) * 60_000 };
  });
}

/** The Sunday starting the current week, in UTC (the display zone the pages run in). */
function currentWeekStart(): number {
  const today = Math.floor(Date.now() / dayMs) * dayMs;
  return today - new Date(today).getUTCDay() * dayMs;
}

async function insertAll(app: BrowserApp, events: SeedEvent[]): Promise<void> {
  const base = app.serviceUrl.replace(/\/$/, '');
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
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
}

const gridPaintedMessage = 'atrium-cold-start: grid painted';

/**
 * Runs in every page from its first script: notes, in ms since navigation started, when
 * `window.coldStartExpected` events are drawn and one more frame has been painted, and says so.
 */
const gridWatcher = `
globalThis.__name = (f) => f;
(() => {
  const check = () => {
    const expected = window.coldStartExpected ?? Infinity;
    if (document.querySelectorAll('[data-testid="calendar-event"]').length >= expected) {
      requestAnimationFrame(() => {
        window.coldStartGridMs = performance.now();
        console.debug('${gridPaintedMessage}');
      });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
`;

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

const plugins = [formaTheme, timeGridPlugin, dayGridPlugin, listPlugin, multiMonthPlugin, interactionPlugin];
createRoot(document.getElementById('calendar')).render(
  <FullCalendar
    plugins={plugins}
    initialView="timeGridWeek"
    initialDate={window.benchDate}
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
    events={window.benchEvents}
    eventDidMount={({ el }) => el.setAttribute('data-testid', 'calendar-event')}
  />,
);
`;

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

async function buildBarePage(
  dir: string,
  size: { width: number; height: number },
  events: SeedEvent[],
  weekStart: number,
): Promise<string> {
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
  writeFileSync(
    join(dir, 'events.js'),
    `window.benchDate = ${JSON.stringify(new Date(weekStart).toISOString().slice(0, 10))};\n` +
      `window.benchEvents = ${JSON.stringify(fullCalendarInputs(events))};\n`,
  );
  const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="bare.css">
<script src="events.js"></script></head>
<body style="margin:0;font-family:system-ui,sans-serif"><div id="calendar" style="width:${size.width}px;height:${size.height}px"></div><script src="bare.js"></script></body></html>`;
  const file = join(dir, 'bare.html');
  writeFileSync(file, html);
  return pathToFileURL(file).href;
}

/**
 * Serves the bare page's folder over HTTP as the browser host serves the renderer: the document
 * with `no-store`, its scripts and style sheet cacheable for good (they never change within a run).
 */
async function serveBarePage(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = {
    'bare.html': 'text/html; charset=utf-8',
    'bare.js': 'text/javascript; charset=utf-8',
    'events.js': 'text/javascript; charset=utf-8',
    'bare.css': 'text/css; charset=utf-8',
  };
  const server = createServer((req, res) => {
    const name = basename(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const type = types[name];
    if (!type) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': type,
      'cache-control': name.endsWith('.html') ? 'no-store' : 'public, max-age=31536000, immutable',
    });
    createReadStream(join(dir, name))
      .on('error', () => res.destroy())
      .pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bare.html`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

// ---------------------------------------------------------------- one navigation

/** Opens `url` in a new page of `context`; answers first paint and grid painted, in ms since navigation. */
async function coldLoad(context: BrowserContext, url: string, expected: number, profileFile?: string): Promise<Timing> {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: `window.coldStartExpected = ${expected};` });
    const cdp = profileFile ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    // Told by the page (a console message) rather than asked: asking would run Playwright's own
    // script in the page while it loads, on the same thread, and time that too.
    const painted = page.waitForEvent('console', {
      predicate: (message) => message.text() === gridPaintedMessage,
      timeout: 60_000,
    });
    await page.goto(url, { waitUntil: 'commit' });
    await painted;
    if (cdp && profileFile) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
      await cdp.detach();
    }
    return await page.evaluate(() => ({
      gridMs: (window as unknown as { coldStartGridMs: number }).coldStartGridMs,
      // A page whose first frame already has content may report only first-contentful-paint.
      firstPaintMs:
        (performance.getEntriesByName('first-paint')[0] ?? performance.getEntriesByName('first-contentful-paint')[0])
          ?.startTime ?? Number.NaN,
    }));
  } finally {
    await page.close();
  }
}

export async function run(): Promise<ColdStartResult> {
  const rendererDir = builtRenderer();
  const dataDir = scratchDataDir('cold-start');
  const pageDir = mkdtempSync(join(tmpdir(), 'atrium-bench-cold-'));
  const app = await startBrowserApp({ dataDir, port: 0, rendererDir, changeWatch: false, timeZone: 'UTC' });
  const browser = await launchChromium();
  let bareServer: { url: string; close: () => Promise<void> } | undefined;
  try {
    const weekStart = currentWeekStart();
    const events = ordinaryWeek(weekStart, eventCount);
    await insertAll(app, events);
    console.log(`seeded ${events.length} events in the local account`);

    const atriumContext = await browser.newContext({ viewport, timezoneId: 'UTC' });
    await atriumContext.addInitScript({ content: gridWatcher });
    // A first start: the grid's size for the bare page, and Atrium's last-known week written.
    const first = await atriumContext.newPage();
    await first.goto(app.url);
    const week = first.getByTestId('calendar-week');
    await week.locator('[role="cell"][data-date]').first().waitFor();
    await first.getByTestId('calendar-loading-hint').waitFor({ state: 'detached' });
    await first.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="calendar-event"]').length >= count,
      Math.floor(eventCount * 0.9),
    );
    await first.waitForTimeout(500);
    const surface = await week.boundingBox();
    if (!surface) throw new Error('no calendar surface');
    const atriumDrawn = await first.getByTestId('calendar-event').count();
    await first.close();

    const bareFileUrl = await buildBarePage(
      pageDir,
      { width: Math.round(surface.width), height: Math.round(surface.height) },
      events,
      weekStart,
    );
    bareServer = await serveBarePage(pageDir);
    const bareUrl = bareServer.url;
    const bareContext = await browser.newContext({ viewport, timezoneId: 'UTC' });
    await bareContext.addInitScript({ content: gridWatcher });
    const probe = await bareContext.newPage();
    await probe.goto(bareUrl);
    await probe.waitForTimeout(1500);
    const bareDrawn = await probe.locator('[data-testid="calendar-event"]').count();
    await probe.close();
    // FullCalendar may fold a crowded slot into "+N more"; both pages wait for what both draw.
    const expected = Math.min(atriumDrawn, bareDrawn);
    if (expected < eventCount / 2) throw new Error(`too few events drawn (${expected} of ${eventCount})`);
    console.log(`drawn: Atrium ${atriumDrawn}, bare FullCalendar ${bareDrawn} event elements; waiting for ${expected}`);

    const atrium: Timing[] = [];
    const bare: Timing[] = [];
    const bareFromDisk: Timing[] = [];
    for (let round = 0; round < warmUps + rounds; round++) {
      // COLD_START_PROFILE=<file.cpuprofile>: a CPU profile of Atrium's page over the first measured round.
      const profileFile = round === warmUps ? process.env.COLD_START_PROFILE : undefined;
      // Each page goes first in every other round, so neither always follows the other's load.
      const atriumFirst = round % 2 === 0;
      const bareFirst = atriumFirst ? undefined : await coldLoad(bareContext, bareUrl, expected);
      const atriumTiming = await coldLoad(atriumContext, app.url, expected, profileFile);
      const bareTiming = bareFirst ?? (await coldLoad(bareContext, bareUrl, expected));
      const bareFromDiskTiming = await coldLoad(bareContext, bareFileUrl, expected);
      if (round < warmUps) continue;
      atrium.push(atriumTiming);
      bare.push(bareTiming);
      bareFromDisk.push(bareFromDiskTiming);
    }

    const summary = (timings: Timing[]): Timing => ({
      firstPaintMs: median(timings.map((timing) => timing.firstPaintMs)),
      gridMs: median(timings.map((timing) => timing.gridMs)),
    });
    const result = { atrium: summary(atrium), bare: summary(bare), bareFromDisk: summary(bareFromDisk) };
    const ratio = result.atrium.gridMs / result.bare.gridMs;
    for (const [name, timing] of [
      ['Atrium', result.atrium],
      ['bare FullCalendar', result.bare],
      ['bare FullCalendar read from disk (file://, for reference)', result.bareFromDisk],
    ] as const) {
      console.log(
        `${name}: first paint ${Number.isFinite(timing.firstPaintMs) ? `${timing.firstPaintMs.toFixed(0)} ms` : 'not reported'}, week grid with ${expected} events painted ${timing.gridMs.toFixed(0)} ms (median of ${rounds})`,
      );
    }
    console.log(`Atrium grid painted per round: ${atrium.map((timing) => timing.gridMs.toFixed(0)).join(', ')} ms`);
    console.log(
      `target app.cold-start-vs-bare: ${ratio.toFixed(2)} ratio (goal <= ${goal}) ${ratio <= goal ? 'ok' : 'miss'}`,
    );
    return { ...result, ratio };
  } finally {
    await browser.close();
    await bareServer?.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pageDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await run();
}
