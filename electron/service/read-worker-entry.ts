import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import { operations, type OperationName } from '../../shared/api';
import type { ChannelHub } from './channels/channel-hub';
import { ApiError } from './http/api-error';
import { FieldsCompiler } from './http/fields';
import type { HandlerResult, Handlers, RequestContext, ServiceArea, ServiceContext } from './http/handler';
import { answerOf } from './http/request-pipeline';
import { jsonAnswer } from './http/respond';
import type { ReadReply, ReadRequest, ReadWorkerData } from './read-worker';
import { Store } from './store/store';

/** The read worker opens no channels and notifies nobody: it only reads. */
const noChannels: ChannelHub = {
  watch: () => {
    throw new Error('Watch channels are opened by the service thread, not the read worker.');
  },
  stop: () => {
    throw new Error('Watch channels are stopped by the service thread, not the read worker.');
  },
  notify: () => {
    throw new Error('The read worker writes nothing, so it has nothing to notify.');
  },
  close: () => Promise.resolve(),
};

const notOnThisThread = (what: string): never => {
  throw new Error(`The ${what} stays on the service thread: a heavy read neither streams nor uploads.`);
};

/** How much lower than the service thread a read worker is scheduled (a nice value, 19 the lowest). */
const READ_WORKER_NICENESS = 5;

/**
 * When cores are scarce, the service thread (every user's short requests) goes before a long
 * expansion. Linux schedules each thread on its own, and `setpriority` on a thread's id lowers that
 * thread alone; elsewhere the worker keeps the process's priority.
 */
function lowerThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    // `<pid>/task/<tid>`: this thread's own id.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) setPriority(tid, READ_WORKER_NICENESS);
  } catch {
    // No /proc, or not allowed: the worker runs at the process's priority.
  }
}

/**
 * Runs in the read worker (see ./read-worker.ts): answers the heavy reads of `modules` one at a
 * time, each in one read transaction over a read-only connection, so it sees one committed state.
 */
export function runReadWorker(port: MessagePort, data: ReadWorkerData, modules: readonly ServiceArea[]): void {
  const post = (message: ReadReply): void => port.postMessage(message);
  lowerThreadPriority();
  let store: Store;
  try {
    store = new Store(join(data.dataDir, 'atrium.sqlite'), [], { readOnly: true });
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    port.close();
    return;
  }
  // The clock and address of the service thread when the request arrived.
  let nowMs = 0;
  let baseUrl = '';
  const service: ServiceContext = {
    store,
    channels: noChannels,
    now: () => new Date(nowMs),
    baseUrl: () => baseUrl,
    dataDir: data.dataDir,
    config: data.config,
  };
  const handlers: Handlers = {};
  for (const module of modules) if (module.heavyReads) Object.assign(handlers, module.heavyReads.create(service));
  const compilers = new Map<OperationName, FieldsCompiler>();

  const answer = async (call: ReadRequest): Promise<ReadReply> => {
    nowMs = call.nowMs;
    baseUrl = call.baseUrl;
    const handler = handlers[call.operation] as
      ((ctx: RequestContext<OperationName>) => HandlerResult | Promise<HandlerResult>) | undefined;
    if (!handler) return { kind: 'error', id: call.id, message: `The read worker does not serve ${call.operation}.` };
    const given = new Set(call.given);
    const ctx = {
      user: call.user,
      operation: call.operation,
      params: call.params,
      body: call.body,
      given: (name: string) => given.has(name),
      headers: call.headers,
      get req() {
        return notOnThisThread('request stream');
      },
      get res() {
        return notOnThisThread('response stream');
      },
      upload: false,
      service,
    } as unknown as RequestContext<OperationName>;
    try {
      const result = await store.readTransaction(() => handler(ctx));
      if ('sent' in result) throw new Error(`${call.operation} answered on the socket, which the read worker has not.`);
      let selection: ReturnType<FieldsCompiler['compile']> = true;
      if (call.fields !== undefined) {
        let compiler = compilers.get(call.operation);
        if (!compiler)
          compilers.set(call.operation, (compiler = new FieldsCompiler(operations[call.operation].response)));
        selection = compiler.compile(call.fields);
      }
      const ifNoneMatch = call.headers['if-none-match'];
      return {
        kind: 'answer',
        id: call.id,
        answer: answerOf(call.method, ifNoneMatch, result, selection, call.pretty),
      };
    } catch (error) {
      if (error instanceof ApiError) {
        return { kind: 'answer', id: call.id, answer: jsonAnswer(error.code, error.toJSON(), false) };
      }
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      return { kind: 'error', id: call.id, message };
    }
  };

  // One read at a time: each holds its read transaction until it has answered.
  let queue = Promise.resolve();
  port.on('message', (call: ReadRequest) => {
    queue = queue.then(() => answer(call).then(post));
  });
  post({ kind: 'ready' });
}
