import { afterEach, describe, expect, it, vi } from 'vitest';
import { ipcSocketUrl, secretStorageKey, takePageSecret } from './page-secret';
import { createWebSocketTransport } from './websocket-transport';

/** A browser-like WebSocket whose far end the test plays. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readonly sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(frame: string): void {
    if (this.closed) throw new Error('closed');
    this.sent.push(frame);
  }

  close(): void {
    this.closed = true;
  }

  // The far end:
  open(): void {
    this.onopen?.();
  }

  reply(index: number, value: unknown): void {
    const { id } = JSON.parse(this.sent[index] ?? '{}') as { id: number };
    this.onmessage?.({ data: JSON.stringify({ type: 'reply', id, reply: { ok: true, value } }) });
  }

  drop(): void {
    this.closed = true;
    this.onerror?.();
    this.onclose?.();
  }
}

function makeTransport() {
  return createWebSocketTransport({
    url: () => 'ws://127.0.0.1:9/ipc?secret=s',
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    reconnect: { initialDelayMs: 100, maxDelayMs: 800 },
    random: () => 1,
  });
}

afterEach(() => {
  FakeSocket.all = [];
  vi.useRealTimers();
});

describe('WebSocket transport', () => {
  it('connects on first use, sends calls with ids once open and matches replies', async () => {
    const transport = makeTransport();
    expect(FakeSocket.all).toHaveLength(0);
    const call = transport.invoke('app.info', {});
    const socket = FakeSocket.all[0];
    expect(socket?.url).toBe('ws://127.0.0.1:9/ipc?secret=s');
    expect(socket?.sent).toHaveLength(0);
    socket?.open();
    expect(JSON.parse(socket?.sent[0] ?? '')).toMatchObject({ type: 'call', method: 'app.info', input: {} });
    socket?.reply(0, { version: '1' });
    expect(await call).toEqual({ ok: true, value: { version: '1' } });
    transport.close();
  });

  it('delivers pushed events', () => {
    const transport = makeTransport();
    const events: unknown[] = [];
    transport.onEvent((event) => events.push(event));
    const socket = FakeSocket.all[0];
    socket?.open();
    const event = { type: 'changed', account: 'local', collection: 'events', key: 'me@atrium.local' };
    socket?.onmessage?.({ data: JSON.stringify({ type: 'event', event }) });
    socket?.onmessage?.({ data: JSON.stringify({ type: 'event', event: { type: 'bogus' } }) });
    expect(events).toEqual([event]);
    transport.close();
  });

  it('answers in-flight calls unavailable on a drop, reconnects with growing delays, and sends waiting calls then', async () => {
    vi.useFakeTimers();
    const transport = makeTransport();
    const states: boolean[] = [];
    transport.onConnectionChange((connected) => states.push(connected));
    const inFlight = transport.invoke('app.info', {});
    FakeSocket.all[0]?.open();
    FakeSocket.all[0]?.drop();
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'unavailable' } });

    const waiting = transport.invoke('accounts.list', {});
    vi.advanceTimersByTime(99);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // The second attempt fails before opening: the next wait doubles.
    FakeSocket.all[1]?.drop();
    vi.advanceTimersByTime(199);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeSocket.all[2];
    third?.open();
    expect(JSON.parse(third?.sent[0] ?? '')).toMatchObject({ method: 'accounts.list' });
    third?.reply(0, 'listed');
    expect(await waiting).toEqual({ ok: true, value: 'listed' });
    expect(states).toEqual([true, false, true]);
    expect(transport.connected).toBe(true);
    transport.close();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(3);
  });
});

describe('page secret', () => {
  function sources(href: string, stored: Record<string, string> = {}) {
    const replaced: string[] = [];
    return {
      replaced,
      stored,
      value: {
        location: { href },
        history: {
          state: null,
          replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)),
        },
        storage: { getItem: (k: string) => stored[k] ?? null, setItem: (k: string, v: string) => void (stored[k] = v) },
      },
    };
  }

  it('moves the secret from the address bar to session storage', () => {
    const s = sources('http://127.0.0.1:5000/calendar?view=week&secret=abc-_123#today');
    expect(takePageSecret(s.value)).toBe('abc-_123');
    expect(s.stored[secretStorageKey]).toBe('abc-_123');
    expect(s.replaced).toEqual(['/calendar?view=week#today']);
  });

  it('finds it in session storage after a reload, leaving the address alone', () => {
    const s = sources('http://127.0.0.1:5000/tasks', { [secretStorageKey]: 'kept' });
    expect(takePageSecret(s.value)).toBe('kept');
    expect(s.replaced).toEqual([]);
  });

  it('builds the socket address from the page address', () => {
    expect(ipcSocketUrl('http://127.0.0.1:5000/tasks?x=1', 'a b')).toBe('ws://127.0.0.1:5000/ipc?secret=a+b');
    expect(ipcSocketUrl('http://localhost:5000/', null)).toBe('ws://localhost:5000/ipc');
  });
});
