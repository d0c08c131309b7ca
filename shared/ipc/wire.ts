import { z } from 'zod';
import { lazySchema } from '../api/schemas/lazy';
import { ipcErrorCodes, ipcEventSchema, replyMetaSchema } from './contract';
import type { IpcEvent, IpcReply } from './contract';

/**
 * Frames of the contract over a message-based connection (the browser host's WebSocket):
 * a client sends `call` frames with its own ids; the host answers each with a `reply` frame
 * carrying the same id, and pushes `event` frames whenever it likes.
 */

// Built on first use, like the contract's schemas: a renderer starts before any frame arrives.
export const ipcErrorSchema = lazySchema(() =>
  z.object({
    code: z.enum(ipcErrorCodes),
    message: z.string(),
    status: z.number().int().optional(),
    reason: z.string().optional(),
    location: z.string().optional(),
  }),
);

export const ipcReplySchema = lazySchema(() =>
  z.union([
    // JSON drops an undefined value (a 204 answer), so it may be missing.
    z.object({ ok: z.literal(true), value: z.unknown().optional(), meta: replyMetaSchema.optional() }),
    z.object({ ok: z.literal(false), error: ipcErrorSchema }),
  ]),
);

const requestId = lazySchema(() => z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

export const callFrameSchema = lazySchema(() =>
  z.object({
    type: z.literal('call'),
    id: requestId,
    method: z.string().max(100),
    input: z.unknown(),
  }),
);
export type CallFrame = z.infer<typeof callFrameSchema>;

const replyFrameSchema = lazySchema(() => z.object({ type: z.literal('reply'), id: requestId, reply: ipcReplySchema }));
const eventFrameSchema = lazySchema(() => z.object({ type: z.literal('event'), event: ipcEventSchema }));
export type HostFrame = { type: 'reply'; id: number; reply: IpcReply<unknown> } | { type: 'event'; event: IpcEvent };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function parseCallFrame(text: string): CallFrame | null {
  const parsed = callFrameSchema.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
}

/**
 * A frame from the host, or null if it is not one. Each kind of frame has its own schema, built when
 * the first frame of that kind arrives: the replies a page starts with do not wait for the schemas
 * of every event the core may push.
 */
export function parseHostFrame(text: string): HostFrame | null {
  const raw = parseJson(text);
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  const schema = type === 'reply' ? replyFrameSchema : type === 'event' ? eventFrameSchema : undefined;
  const parsed = schema?.safeParse(raw);
  return parsed?.success ? (parsed.data as HostFrame) : null;
}

export const encodeFrame = (frame: CallFrame | HostFrame): string => JSON.stringify(frame);
