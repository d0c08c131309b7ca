/**
 * Local-first Google accounts (docs/offline.md), with 200 ms added to every Google API request.
 *
 * 1. View switches: week → month → agenda → week in the calendar, for a Google account holding
 *    5,000 events and for the local account holding the same events. Measured at the IPC level:
 *    the reads those switches make (the calendar list, then each view's `CalendarEventsList` with
 *    `singleEvents`, `orderBy=startTime`), through the same `api.call` the renderer uses. The
 *    Google account's reads are answered by its mirror, so the ratio says what the mirror costs
 *    over the embedded service's own SQLite queries.
 * 2. Replay: 1,000 event edits queued while offline and sent when the API answers again, against
 *    the same 1,000 edits made online one by one (each waiting for its answer, as the UI does).
 *
 *   tsx bench/offline.ts            (1,000 writes: about 7 minutes, most of it the 200 ms latency)
 *   tsx bench/offline.ts --writes 200
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../electron/core/api-client';
import { createCore } from '../electron/core/core';
import { startGoogleStandIn } from '../electron/core/testing/google-stand-in';
import { recordIpc } from '../electron/core/testing/ipc-recorder';
import type { RecordedIpc } from '../electron/core/testing/ipc-recorder';
import { signInThroughPages } from '../electron/core/testing/provider-pages';
import { MemoryVault } from '../electron/core/vault';

const latencyMs = 200;
const eventCount = 5_000;
const writesArg = process.argv.indexOf('--writes');
const writeCount = writesArg > 0 ? Number(process.argv[writesArg + 1]) : 1_000;
const switchRounds = 15;
const email = 'ann@example.com';
const day = 86_400_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function target(id: string, ratio: number, goal: number): void {
  console.log(`target ${id}: ${ratio.toFixed(2)} ratio (goal <= ${goal}) ${ratio <= goal ? 'ok' : 'miss'}`);
}

/** 5,000 events around today: mostly single ones (about 7 a day over two years), some weekly series. */
function eventBodies(): Record<string, unknown>[] {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const bodies: Record<string, unknown>[] = [];
  for (let i = 0; i < eventCount; i++) {
    const dayOffset = Math.floor(i / 7) - 365;
    const hour = 8 + (i % 7) * 1.5;
    const start = new Date(today.getTime() + dayOffset * day + hour * 3_600_000);
    const end = new Date(start.getTime() + 45 * 60_000);
    const series = i % 100 === 0;
    bodies.push({
      summary: `Event ${i}`,
      description: `Details of event ${i}`,
      start: series ? { dateTime: start.toISOString(), timeZone: 'Europe/Berlin' } : { dateTime: start.toISOString() },
      end: series ? { dateTime: end.toISOString(), timeZone: 'Europe/Berlin' } : { dateTime: end.toISOString() },
      ...(series ? { recurrence: ['RRULE:FREQ=WEEKLY;COUNT=30'] } : {}),
    });
  }
  return bodies;
}

async function insertAll(api: ApiClient, bodies: Record<string, unknown>[]): Promise<string[]> {
  const ids: string[] = new Array<string>(bodies.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < bodies.length) {
        const i = next++;
        const made = await api.call('CalendarEventsInsert', { calendarId: 'primary' }, bodies[i]!);
        ids[i] = made.id!;
      }
    }),
  );
  return ids;
}

/** The reads of week → month → agenda → week, as the calendar makes them; answers the time taken. */
async function viewSwitches(
  ipc: RecordedIpc,
  account: string,
  calendarId: string,
  perView?: number[][],
): Promise<number> {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const weekStart = new Date(today.getTime() - today.getUTCDay() * day);
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const gridStart = new Date(monthStart.getTime() - monthStart.getUTCDay() * day);
  const ranges = [
    [weekStart, new Date(weekStart.getTime() + 7 * day)],
    [gridStart, new Date(gridStart.getTime() + 42 * day)],
    [today, new Date(today.getTime() + 30 * day)],
    [weekStart, new Date(weekStart.getTime() + 7 * day)],
  ] as const;
  const started = performance.now();
  for (const [index, [from, to]] of ranges.entries()) {
    const viewStarted = performance.now();
    await ipc.client.invoke('api.call', { account, operation: 'CalendarCalendarListList', params: {} });
    const answer = (await ipc.client.invoke('api.call', {
      account,
      operation: 'CalendarEventsList',
      params: {
        calendarId,
        timeMin: from.toISOString(),
        timeMax: to.toISOString(),
        singleEvents: true,
        orderBy: 'startTime',
        maxResults: 2500,
      },
    })) as { items?: unknown[] };
    if (!answer.items?.length) throw new Error('a view read no events');
    (perView?.[index] ?? []).push(performance.now() - viewStarted);
  }
  return performance.now() - started;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'atrium-bench-offline-'));
  const standIn = await startGoogleStandIn({ dataDir: join(dir, 'google') });
  const apiBase = standIn.config.apiBaseUrl;
  // Every Google API request waits 200 ms before it leaves, as over a slow network.
  const slowFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(apiBase)) await sleep(latencyMs);
    return fetch(input, init);
  };
  const core = await createCore({
    userDataDir: join(dir, 'atrium'),
    vault: new MemoryVault(),
    host: 'browser',
    config: { google: standIn.config },
    fetch: slowFetch,
    changeWatch: { pollMs: 600_000, unfocusedPollMs: 600_000, tasksPollMs: 600_000 },
    offline: {
      reconnect: { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 600_000, maxDelayMs: 600_000 },
    },
    log: () => {},
  });
  const ipc = recordIpc(core);
  try {
    const bodies = eventBodies();
    const direct = new ApiClient({ baseUrl: standIn.service.url, accessToken: () => standIn.serviceTokenFor(email) });
    const local = new ApiClient({ baseUrl: core.serviceUrl, accessToken: () => core.localUser.token });
    let started = performance.now();
    const googleIds = await insertAll(direct, bodies);
    await insertAll(local, bodies);
    console.log(
      `seeded ${eventCount} events in each account in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const account = await signInThroughPages(ipc, email);
    started = performance.now();
    await core.sync?.get(account)?.start();
    console.log(
      `first sync of the Google account (mirror filled): ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // 1. View switches.
    const google: number[] = [];
    const localTimes: number[] = [];
    const googleViews: number[][] = [[], [], [], []];
    const localViews: number[][] = [[], [], [], []];
    // OFFLINE_BENCH_PROFILE=<file.cpuprofile>: a CPU profile of this process over the view switches.
    const profileFile = process.env.OFFLINE_BENCH_PROFILE;
    const session = profileFile ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    for (let round = 0; round < switchRounds; round++) {
      localTimes.push(await viewSwitches(ipc, 'local', 'primary', localViews));
      google.push(await viewSwitches(ipc, account, 'primary', googleViews));
    }
    if (session && profileFile) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(profileFile, JSON.stringify(profile));
      session.disconnect();
    }
    const views = ['week', 'month', 'agenda', 'week'];
    console.log(
      `per view (median ms), Google / local: ${views.map((v, i) => `${v} ${median(googleViews[i]!).toFixed(1)} / ${median(localViews[i]!).toFixed(1)}`).join(', ')}`,
    );
    const googleMedian = median(google.slice(2));
    const localMedian = median(localTimes.slice(2));
    console.log(
      `week→month→agenda→week reads: Google (mirror, ${latencyMs} ms API latency) ${googleMedian.toFixed(1)} ms, local ${localMedian.toFixed(1)} ms (medians of ${switchRounds - 2})`,
    );
    target('offline.view-switch-google-vs-local', googleMedian / localMedian, 1.2);

    if (writeCount === 0) return;
    // 2. Replay against online writes, both one at a time.
    const edited = googleIds.filter((_, i) => i % 100 !== 0).slice(0, writeCount);
    started = performance.now();
    for (const [i, eventId] of edited.entries()) {
      await ipc.client.invoke('api.call', {
        account,
        operation: 'CalendarEventsPatch',
        params: { calendarId: 'primary', eventId },
        body: { summary: `Online edit ${i}` },
      });
    }
    const onlineMs = performance.now() - started;
    console.log(`${edited.length} edits made online one by one: ${(onlineMs / 1000).toFixed(1)} s`);

    // The mirror takes the answers of the online edits as they come; the offline edits are based on them.
    await standIn.takeApiOffline();
    // The first write that fails to reach the API is queued and marks the account offline; the rest queue at once.
    started = performance.now();
    for (const [i, eventId] of edited.entries()) {
      await ipc.client.invoke('api.call', {
        account,
        operation: 'CalendarEventsPatch',
        params: { calendarId: 'primary', eventId },
        body: { summary: `Offline edit ${i}`, location: `Room ${i}` },
      });
    }
    console.log(`${edited.length} edits queued offline in ${(performance.now() - started).toFixed(0)} ms`);
    await standIn.bringApiOnline();
    started = performance.now();
    const { pending } = await ipc.client.invoke('offline.retryNow', { account });
    const replayMs = performance.now() - started;
    if (pending !== 0) throw new Error(`${pending} changes were not sent`);
    const { conflicts } = await ipc.client.invoke('offline.conflicts', { account });
    const check = await direct.call('CalendarEventsGet', {
      calendarId: 'primary',
      eventId: edited[edited.length - 1]!,
    });
    if (check.summary !== `Offline edit ${edited.length - 1}` || conflicts.length > 0)
      throw new Error('the replay did not leave the server as expected');
    console.log(`${edited.length} queued edits replayed: ${(replayMs / 1000).toFixed(1)} s`);
    target('offline.replay-1000-vs-online', replayMs / onlineMs, 1.5);
  } finally {
    ipc.close();
    await core.close();
    await standIn.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
