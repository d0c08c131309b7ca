/**
 * How quickly a change reaches the renderer, and how often accounts without push are polled.
 *
 * 1. Notification to renderer: the local account's embedded service delivers each change to the
 *    relay as a channel notification; the relay triggers an incremental sync, whose result goes
 *    out as a `changed` event frame on the IPC connection. Measured per change from the moment the
 *    relay received the notification to the moment the event frame naming the changed item was
 *    sent (and, for context, from the moment the write was acknowledged).
 * 2. Poll cadence: a Google account (signed in through a local OAuth server, oidc-provider) without
 *    a public relay address is polled quickly while a window has focus and slowly while none has.
 *    The intervals are scaled down (200 ms / 1000 ms instead of 30 s / 5 min) so the run is short;
 *    what is measured is how closely the polls keep to them, and how soon a poll follows focus.
 *
 *   tsx bench/relay-latency.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../electron/core/api-client';
import { defaultAppConfig } from '../electron/core/config';
import { createCore } from '../electron/core/core';
import { startGoogleStandIn } from '../electron/core/testing/google-stand-in';
import { recordIpc } from '../electron/core/testing/ipc-recorder';
import { signInThroughPages } from '../electron/core/testing/provider-pages';
import { MemoryVault } from '../electron/core/vault';

const notifications = 150;
const focusedMs = 200;
const unfocusedMs = 1_000;
const quiet = (): void => {};

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(find: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(2);
  }
}

function target(id: string, measured: number, unit: string, op: '<=' | '>=', goal: number, digits = 1): void {
  const ok = op === '<=' ? measured <= goal : measured >= goal;
  console.log(`target ${id}: ${measured.toFixed(digits)} ${unit} (goal ${op} ${goal}) ${ok ? 'ok' : 'miss'}`);
}

async function notificationLatency(dir: string): Promise<void> {
  const core = await createCore({
    userDataDir: join(dir, 'local'),
    vault: new MemoryVault(),
    host: 'browser',
    config: {},
    changeWatch: { tasksPollMs: 600_000 },
    log: quiet,
  });
  const ipc = recordIpc(core);
  try {
    const sync = core.sync?.get('local');
    await sync?.start();
    await waitFor(() => (sync?.watchers().every((w) => w.channel !== undefined) ? true : undefined), 10_000);
    const received: number[] = [];
    core.relay?.observe((notification, at) => {
      if (notification.state !== 'sync') received.push(at);
    });
    const api = new ApiClient({ baseUrl: core.serviceUrl, accessToken: () => core.localUser.token });
    const fromRelay: number[] = [];
    const fromWrite: number[] = [];
    for (let i = 0; i < notifications; i++) {
      const relayMark = received.length;
      const eventMark = ipc.events.length;
      const created = await api.call(
        'CalendarEventsInsert',
        { calendarId: 'primary' },
        {
          summary: `Bench ${i}`,
          start: { dateTime: '2032-01-01T10:00:00Z' },
          end: { dateTime: '2032-01-01T11:00:00Z' },
        },
      );
      const acknowledged = Date.now();
      const index = await waitFor(() => {
        const found = ipc.events.findIndex(
          (e, k) => k >= eventMark && e.type === 'changed' && (e.ids ?? []).includes(created.id as string),
        );
        return found >= 0 ? found : undefined;
      }, 5_000);
      const framedAt = ipc.eventTimes[index] ?? Date.now();
      const relayAt = received[relayMark] ?? acknowledged;
      fromRelay.push(framedAt - relayAt);
      fromWrite.push(framedAt - acknowledged);
      // Changes a moment apart, as a person makes them: each is its own notification and sync.
      await sleep(40);
    }
    console.log(`notification → renderer over ${notifications} changes (relay receipt to IPC event frame):`);
    console.log(
      `  p50 ${percentile(fromRelay, 50)} ms, p90 ${percentile(fromRelay, 90)} ms, p99 ${percentile(fromRelay, 99)} ms, max ${Math.max(...fromRelay)} ms`,
    );
    console.log(
      `write acknowledged → renderer: p50 ${percentile(fromWrite, 50)} ms, p99 ${percentile(fromWrite, 99)} ms`,
    );
    target('relay.notify-to-renderer-p50', percentile(fromRelay, 50), 'ms', '<=', 100, 0);
    target('relay.notify-to-renderer-p99', percentile(fromRelay, 99), 'ms', '<=', 250, 0);
  } finally {
    ipc.close();
    await core.close();
  }
}

async function pollCadence(dir: string): Promise<void> {
  const standIn = await startGoogleStandIn({ dataDir: join(dir, 'google') });
  const core = await createCore({
    userDataDir: join(dir, 'polled'),
    vault: new MemoryVault(),
    host: 'browser',
    config: { google: standIn.config },
    changeWatch: { pollMs: focusedMs, unfocusedPollMs: unfocusedMs, tasksPollMs: 600_000 },
    log: quiet,
  });
  const ipc = recordIpc(core);
  try {
    const account = await signInThroughPages(ipc, 'ann@example.com');
    const sync = core.sync?.get(account);
    await sync?.start();
    const times = sync?.pollTimes ?? [];
    const intervals = (from: number): number[] => times.slice(from + 1).map((t, i) => t - (times[from + i] ?? t));

    await ipc.client.invoke('app.focus', { focused: true });
    let mark = times.length;
    await sleep(focusedMs * 15);
    const focused = intervals(mark);

    await ipc.client.invoke('app.focus', { focused: false });
    await sleep(focusedMs * 2);
    mark = times.length;
    await sleep(unfocusedMs * 6);
    const unfocused = intervals(mark);

    const before = times.length;
    const focusAt = Date.now();
    await ipc.client.invoke('app.focus', { focused: true });
    const catchUp = (await waitFor(() => times[before], 5_000)) - focusAt;

    const defaults = defaultAppConfig().sync;
    console.log(
      `poll cadence (defaults: ${defaults.focusedPollMs / 1000} s focused, ${defaults.unfocusedPollMs / 1000} s unfocused; scaled here to ${focusedMs} / ${unfocusedMs} ms):`,
    );
    console.log(
      `  focused: ${focused.length} intervals, mean ${mean(focused).toFixed(0)} ms, max ${Math.max(...focused)} ms`,
    );
    console.log(
      `  unfocused: ${unfocused.length} intervals, mean ${mean(unfocused).toFixed(0)} ms, min ${Math.min(...unfocused)} ms`,
    );
    console.log(`  first poll after focus returns: ${catchUp} ms`);
    target('relay.poll-focused-interval', mean(focused), 'ms', '<=', Math.round(focusedMs * 1.15), 0);
    target('relay.poll-unfocused-interval', Math.min(...unfocused), 'ms', '>=', Math.round(unfocusedMs * 0.95), 0);
    target('relay.poll-focus-catch-up', catchUp, 'ms', '<=', 100, 0);
  } finally {
    ipc.close();
    await core.close();
    await standIn.close();
  }
}

const dir = await mkdtemp(join(tmpdir(), 'atrium-bench-relay-'));
try {
  await notificationLatency(dir);
  await pollCadence(dir);
} finally {
  await rm(dir, { recursive: true, force: true });
}
