import type { IpcEvent, IpcInput, IpcMethodName, IpcOutput, ReplyMeta } from './contract';
import { IpcCallError } from './errors';
import type { IpcTransport } from './transport';

export interface IpcClient {
  /** Resolves with the method's output; rejects with IpcCallError when the envelope says `ok: false`. */
  invoke<M extends IpcMethodName>(method: M, input: IpcInput<M>): Promise<IpcOutput<M>>;
  /** The same, with the envelope's `meta` (e.g. how fresh an `api.call` answer is). */
  invokeWithMeta<M extends IpcMethodName>(
    method: M,
    input: IpcInput<M>,
  ): Promise<{ value: IpcOutput<M>; meta?: ReplyMeta }>;
  onEvent(listener: (event: IpcEvent) => void): () => void;
}

function isReply(value: unknown): value is { ok: boolean; value?: unknown; error?: unknown; meta?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

export function createIpcClient(transport: IpcTransport): IpcClient {
  async function call(method: IpcMethodName, input: unknown): Promise<{ value: unknown; meta?: ReplyMeta }> {
    const reply: unknown = await transport.invoke(method, input);
    if (!isReply(reply)) {
      throw new IpcCallError({ code: 'internal', message: `Malformed reply to ${method}` });
    }
    if (reply.ok) {
      const meta = typeof reply.meta === 'object' && reply.meta !== null ? (reply.meta as ReplyMeta) : undefined;
      return meta ? { value: reply.value, meta } : { value: reply.value };
    }
    const error = reply.error as { code?: unknown; message?: unknown } | undefined;
    if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
      throw new IpcCallError({ code: 'internal', message: `Malformed error reply to ${method}` });
    }
    throw new IpcCallError(reply.error as ConstructorParameters<typeof IpcCallError>[0]);
  }
  return {
    async invoke(method, input) {
      return (await call(method, input)).value as IpcOutput<typeof method>;
    },
    async invokeWithMeta(method, input) {
      return (await call(method, input)) as { value: IpcOutput<typeof method>; meta?: ReplyMeta };
    },
    onEvent(listener) {
      return transport.onEvent(listener);
    },
  };
}
