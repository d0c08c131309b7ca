import { createFramedClientTransport } from '../../shared/ipc/framed-client';
import type { IpcTransport } from '../../shared/ipc/transport';

export interface ReconnectPolicy {
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
}

export interface WebSocketTransportOptions {
  /** Asked before each connection attempt. */
  readonly url: () => string;
  readonly WebSocket?: typeof WebSocket;
  readonly reconnect?: ReconnectPolicy;
  readonly random?: () => number;
}

export interface WebSocketTransport extends IpcTransport {
  /** Told whenever the connection comes up or goes down. */
  onConnectionChange(listener: (connected: boolean) => void): () => void;
  readonly connected: boolean;
  close(): void;
}

const defaultReconnect: ReconnectPolicy = { initialDelayMs: 250, maxDelayMs: 10_000 };

/**
 * The contract over a WebSocket to the browser host. Connects on first use and reconnects with
 * growing, jittered delays whenever the connection drops; calls made meanwhile wait for it.
 */
export function createWebSocketTransport(options: WebSocketTransportOptions): WebSocketTransport {
  const SocketImpl = options.WebSocket ?? WebSocket;
  const policy = options.reconnect ?? defaultReconnect;
  const random = options.random ?? Math.random;
  const framed = createFramedClientTransport();
  const connectionListeners = new Set<(connected: boolean) => void>();
  let socket: WebSocket | null = null;
  let open = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let closed = false;

  const announce = (connected: boolean): void => {
    for (const listener of [...connectionListeners]) listener(connected);
  };

  function connect(): void {
    timer = undefined;
    if (closed) return;
    const ws = new SocketImpl(options.url());
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      failures = 0;
      open = true;
      framed.connected({ send: (frame) => ws.send(frame) });
      announce(true);
    };
    ws.onmessage = (message: MessageEvent) => {
      if (socket === ws && typeof message.data === 'string') framed.receive(message.data);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      const wasOpen = open;
      open = false;
      framed.disconnected();
      if (wasOpen) announce(false);
      scheduleReconnect();
    };
    // An error is always followed by close, which does the work.
    ws.onerror = () => {};
  }

  function scheduleReconnect(): void {
    if (closed || timer !== undefined) return;
    const step = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** failures);
    failures++;
    timer = setTimeout(connect, step / 2 + random() * (step / 2));
  }

  function ensureStarted(): void {
    if (started || closed) return;
    started = true;
    connect();
  }

  return {
    invoke(method, input) {
      ensureStarted();
      return framed.invoke(method, input);
    },
    onEvent(listener) {
      ensureStarted();
      return framed.onEvent(listener);
    },
    onConnectionChange(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    get connected() {
      return open;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      const ws = socket;
      socket = null;
      open = false;
      framed.disconnected();
      ws?.close();
    },
  };
}
