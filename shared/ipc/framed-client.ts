import type { IpcEvent, IpcReply } from './contract';
import type { IpcTransport } from './transport';
import { encodeFrame, parseHostFrame } from './wire';

/** The sending half of a live connection (e.g. an open WebSocket). */
export interface FrameSender {
  send(frame: string): void;
}

/**
 * An IpcTransport over frames with request ids. The owner of the actual connection reports its
 * life cycle: calls made while disconnected wait and are sent on the next `connected`; calls that
 * were sent when the connection dropped are answered `unavailable`, because the host may or may
 * not have run them and resending a write could apply it twice.
 */
export interface FramedClientTransport extends IpcTransport {
  connected(sender: FrameSender): void;
  receive(frame: string): void;
  disconnected(): void;
  /** Calls sent and not answered yet, plus calls waiting for a connection. */
  pendingCount(): number;
}

interface PendingCall {
  readonly frame: string;
  readonly resolve: (reply: IpcReply<unknown>) => void;
  sent: boolean;
}

function frameId(text: string): number | undefined {
  try {
    const value: unknown = JSON.parse(text);
    const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

export function createFramedClientTransport(): FramedClientTransport {
  let nextId = 1;
  let sender: FrameSender | null = null;
  const pending = new Map<number, PendingCall>();
  const listeners = new Set<(event: IpcEvent) => void>();

  function trySend(call: PendingCall): void {
    if (!sender || call.sent) return;
    try {
      sender.send(call.frame);
      call.sent = true;
    } catch {
      // The connection is going away; its owner will report `disconnected` and the call waits.
    }
  }

  return {
    invoke(method, input) {
      const id = nextId++;
      return new Promise<IpcReply<unknown>>((resolve) => {
        const call: PendingCall = { frame: encodeFrame({ type: 'call', id, method, input }), resolve, sent: false };
        pending.set(id, call);
        trySend(call);
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connected(next) {
      sender = next;
      for (const call of pending.values()) trySend(call);
    },
    receive(text) {
      const frame = parseHostFrame(text);
      if (!frame) {
        // A reply we cannot read still ends its call, rather than leaving the caller waiting forever.
        const id = frameId(text);
        const call = id === undefined ? undefined : pending.get(id);
        if (id !== undefined && call) {
          pending.delete(id);
          call.resolve({ ok: false, error: { code: 'internal', message: 'The host sent a malformed reply.' } });
        }
        return;
      }
      if (frame.type === 'event') {
        for (const listener of [...listeners]) listener(frame.event);
        return;
      }
      const call = pending.get(frame.id);
      if (!call) return;
      pending.delete(frame.id);
      call.resolve(frame.reply);
    },
    disconnected() {
      sender = null;
      for (const [id, call] of pending) {
        if (!call.sent) continue;
        pending.delete(id);
        call.resolve({
          ok: false,
          error: { code: 'unavailable', message: 'The connection to Atrium was lost before the call was answered.' },
        });
      }
    },
    pendingCount() {
      return pending.size;
    },
  };
}
