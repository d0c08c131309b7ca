import type { IpcEvent } from './contract';
import type { IpcCallContext, IpcDispatcher } from './dispatcher';
import { encodeFrame, parseCallFrame } from './wire';

/** Host side of one framed connection: answers call frames through the dispatcher, pushes events. */
export interface FramedHostConnection {
  /** Handles one frame from the client; resolves once its reply has been handed to `send`. */
  receive(frame: string): Promise<void>;
  pushEvent(event: IpcEvent): void;
}

/** The id of a frame that is not a well-formed call, so the caller can still get an answer. */
function salvageId(text: string): number | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const id = (value as { id?: unknown }).id;
    return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : null;
  } catch {
    return null;
  }
}

export function serveFramedConnection(
  dispatcher: IpcDispatcher,
  send: (frame: string) => void,
  context: IpcCallContext = {},
): FramedHostConnection {
  return {
    async receive(text) {
      const frame = parseCallFrame(text);
      if (!frame) {
        const id = salvageId(text);
        if (id !== null) {
          send(
            encodeFrame({
              type: 'reply',
              id,
              reply: {
                ok: false,
                error: {
                  code: 'invalidInput',
                  message: 'Malformed call frame: expected {type:"call", id, method, input}.',
                },
              },
            }),
          );
        }
        return;
      }
      const reply = await dispatcher.dispatch(frame.method, frame.input, context);
      send(encodeFrame({ type: 'reply', id: frame.id, reply }));
    },
    pushEvent(event) {
      send(encodeFrame({ type: 'event', event }));
    },
  };
}
