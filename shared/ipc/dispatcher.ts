import type { z } from 'zod';
import { maxNestingDepth, nestingExceeds } from '../api/schemas/limits';
import { ipcMethods } from './contract';
import type { IpcError, IpcMethodName, IpcMethods, IpcOutput, IpcReply, ReplyMeta } from './contract';
import { IpcCallError } from './errors';

/** Per-call facts the host knows about the caller (e.g. which window or socket asked). */
export interface IpcCallContext {
  readonly caller?: string;
}

/**
 * A handler's answer with facts about it (how fresh it is) that travel in the envelope's `meta`,
 * beside the value rather than inside it.
 */
export class ReplyWithMeta<T> {
  constructor(
    readonly value: T,
    readonly meta: ReplyMeta,
  ) {}
}

/** One implementation per contract method; inputs arrive already validated and defaulted. */
export type IpcHandlers = {
  readonly [M in IpcMethodName]: (
    input: z.output<IpcMethods[M]['input']>,
    context: IpcCallContext,
  ) => IpcOutput<M> | ReplyWithMeta<IpcOutput<M>> | Promise<IpcOutput<M> | ReplyWithMeta<IpcOutput<M>>>;
};

export interface IpcDispatcher {
  /** Never throws: every outcome, including a handler's failure, is an envelope. */
  dispatch(method: string, input: unknown, context?: IpcCallContext): Promise<IpcReply<unknown>>;
}

export interface IpcDispatcherOptions {
  /** Called with errors that are not IpcCallErrors (bugs), before they are answered as `internal`. */
  onInternalError?: (method: string, error: unknown) => void;
}

function isMethodName(method: string): method is IpcMethodName {
  return Object.prototype.hasOwnProperty.call(ipcMethods, method);
}

/** `params.maxResults` style path of a zod issue; empty for the root. */
function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))
    .join('.')
    .replace(/\.\[/g, '[');
}

export function describeInvalidInput(method: string, error: z.ZodError): IpcError {
  const issue = error.issues[0];
  const location = issue ? issuePath(issue.path) : '';
  const detail = issue?.message ?? 'invalid input';
  const where = location ? `field "${location}"` : 'input';
  const result: IpcError = { code: 'invalidInput', message: `Invalid ${where} for ${method}: ${detail}` };
  if (location) result.location = location;
  return result;
}

/**
 * Routes contract calls to handlers: unknown methods and invalid inputs are refused before any
 * handler runs, and whatever a handler throws comes back as an error envelope.
 */
export function createIpcDispatcher(handlers: IpcHandlers, options: IpcDispatcherOptions = {}): IpcDispatcher {
  async function run<M extends IpcMethodName>(
    method: M,
    input: unknown,
    context: IpcCallContext,
  ): Promise<IpcReply<unknown>> {
    const spec = ipcMethods[method];
    // zod, the handlers and the serialisers all recurse over the input: its depth is measured first.
    if (nestingExceeds(input, maxNestingDepth)) {
      return {
        ok: false,
        error: {
          code: 'invalidInput',
          message: `Invalid input for ${method}: objects and arrays nest deeper than ${maxNestingDepth} levels`,
        },
      };
    }
    const parsed = spec.input.safeParse(input ?? {});
    if (!parsed.success) return { ok: false, error: describeInvalidInput(method, parsed.error) };
    const handler = handlers[method] as (input: unknown, context: IpcCallContext) => unknown;
    const answer = await handler(parsed.data, context);
    const meta = answer instanceof ReplyWithMeta ? answer.meta : undefined;
    const value: unknown = answer instanceof ReplyWithMeta ? answer.value : answer;
    const checked = spec.output.safeParse(value);
    if (!checked.success) {
      throw new Error(`${method} produced an answer that does not match the contract: ${checked.error.message}`);
    }
    return meta ? { ok: true, value: checked.data, meta } : { ok: true, value: checked.data };
  }

  return {
    async dispatch(method, input, context = {}) {
      if (typeof method !== 'string' || !isMethodName(method)) {
        return { ok: false, error: { code: 'unknownMethod', message: `Unknown IPC method: ${String(method)}` } };
      }
      try {
        return await run(method, input, context);
      } catch (error) {
        if (error instanceof IpcCallError) return { ok: false, error: error.toIpcError() };
        options.onInternalError?.(method, error);
        const message = error instanceof Error ? error.message : String(error);
        return { ok: false, error: { code: 'internal', message: `${method} failed: ${message}` } };
      }
    },
  };
}
