import type { IpcEvent, IpcInput, IpcMethodName, IpcOutput } from './contract';
import { IpcCallError } from './errors';
import type { IpcTransport } from './transport';

export interface IpcClient {
  /** Resolves with the method's output; rejects with IpcCallError when the envelope says `ok: false`. */
  invoke<M extends IpcMethodName>(method: M, input: IpcInput<M>): Promise<IpcOutput<M>>;
  onEvent(listener: (event: IpcEvent) => void): () => void;
}

function isReply(value: unknown): value is { ok: boolean; value?: unknown; error?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

export function createIpcClient(transport: IpcTransport): IpcClient {
  return {
    async invoke(method, input) {
      const reply: unknown = await transport.invoke(method, input);
      if (!isReply(reply)) {
        throw new IpcCallError({ code: 'internal', message: `Malformed reply to ${method}` });
      }
      if (reply.ok) return reply.value as IpcOutput<typeof method>;
      const error = reply.error as { code?: unknown; message?: unknown } | undefined;
      if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
        throw new IpcCallError({ code: 'internal', message: `Malformed error reply to ${method}` });
      }
      throw new IpcCallError(reply.error as ConstructorParameters<typeof IpcCallError>[0]);
    },
    onEvent(listener) {
      return transport.onEvent(listener);
    },
  };
}
