import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One notification as Google's `X-Goog-*` headers describe it. */
export interface ChannelNotification {
  readonly channelId: string;
  /** `sync` first, then `exists`/`not_exists` (Calendar) or `add`/`remove`/`update`/`change`/... (Drive). */
  readonly state: string;
  readonly messageNumber: number;
  readonly resourceId: string;
  readonly resourceUri: string;
  readonly changed: readonly string[];
}

export interface RelayChannel {
  readonly id: string;
  readonly token: string;
  readonly onNotification: (notification: ChannelNotification) => void;
}

const notificationPath = '/notifications';
/** Notifications carry their news in headers; a body this large is not one of ours. */
const maxBodyBytes = 64 * 1024;
/** How many message numbers per channel are remembered for deduplication. */
const rememberedMessages = 256;

/** `X-Goog-Resource-State` values Calendar and Drive send; anything else is not news we understand. */
export const knownResourceStates: ReadonlySet<string> = new Set([
  'sync',
  'exists',
  'not_exists',
  'add',
  'remove',
  'update',
  'trash',
  'untrash',
  'change',
]);

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison; hashing first makes both sides the same length. */
export const sameSecret = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b));

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

class SeenMessages {
  private readonly numbers = new Set<number>();
  private floor = 0;

  /** True the first time a number is offered. */
  firstTime(n: number): boolean {
    if (n <= this.floor || this.numbers.has(n)) return false;
    this.numbers.add(n);
    if (this.numbers.size > rememberedMessages) {
      const sorted = [...this.numbers].sort((a, b) => a - b);
      for (const old of sorted.slice(0, sorted.length - rememberedMessages)) {
        this.numbers.delete(old);
        this.floor = Math.max(this.floor, old);
      }
    }
    return true;
  }
}

/**
 * Receives watch-channel notifications on 127.0.0.1. A notification counts only when its channel
 * is registered here and its token matches; it is answered 200 before anything else happens (the
 * sender waits on us), and a message number seen before, or a resource state we do not know, is
 * acknowledged but not passed on.
 */
export class RelayServer {
  private readonly channels = new Map<string, { channel: RelayChannel; seen: SeenMessages }>();
  private readonly observers = new Set<(notification: ChannelNotification, receivedAt: number) => void>();

  private constructor(
    private readonly server: Server,
    readonly address: string,
  ) {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => this.handle(req, res));
  }

  static async start(port = 0): Promise<RelayServer> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const { port: bound } = server.address() as AddressInfo;
    return new RelayServer(server, `http://127.0.0.1:${bound}${notificationPath}`);
  }

  register(channel: RelayChannel): void {
    this.channels.set(channel.id, { channel, seen: new SeenMessages() });
  }

  unregister(channelId: string): void {
    this.channels.delete(channelId);
  }

  /** Told of every notification passed on, with when it arrived (benchmarks measure from here). */
  observe(listener: (notification: ChannelNotification, receivedAt: number) => void): () => void {
    this.observers.add(listener);
    return () => this.observers.delete(listener);
  }

  async close(): Promise<void> {
    this.channels.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const refuse = (status: number, extra: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close', ...extra }).end();
      req.resume();
    };
    const path = (req.url ?? '').split('?')[0];
    if (path !== notificationPath) return refuse(404);
    if (req.method !== 'POST') return refuse(405, { allow: 'POST' });

    const channelId = header(req, 'x-goog-channel-id');
    const entry = channelId === undefined ? undefined : this.channels.get(channelId);
    if (!entry) return refuse(404);
    const token = header(req, 'x-goog-channel-token') ?? '';
    if (!sameSecret(token, entry.channel.token)) return refuse(403);

    const messageNumber = Number(header(req, 'x-goog-message-number'));
    if (!Number.isSafeInteger(messageNumber) || messageNumber < 0) return refuse(400);

    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBodyBytes) req.destroy();
    });
    res.writeHead(200, { 'content-length': '0' }).end();

    const receivedAt = Date.now();
    const state = header(req, 'x-goog-resource-state') ?? '';
    // Acknowledged (the sender must not retry it) but not acted on.
    if (!knownResourceStates.has(state)) return;
    if (!entry.seen.firstTime(messageNumber)) return;
    const notification: ChannelNotification = {
      channelId: entry.channel.id,
      state,
      messageNumber,
      resourceId: header(req, 'x-goog-resource-id') ?? '',
      resourceUri: header(req, 'x-goog-resource-uri') ?? '',
      changed: (header(req, 'x-goog-changed') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
    for (const observer of this.observers) observer(notification, receivedAt);
    setImmediate(() => entry.channel.onNotification(notification));
  }
}
