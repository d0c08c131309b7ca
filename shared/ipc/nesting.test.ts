import { describe, expect, it } from 'vitest';
import { maxNestingDepth } from '../api/schemas/limits';
import { createIpcDispatcher, type IpcHandlers } from './dispatcher';
import { serveFramedConnection } from './framed-host';

/*
 * An input nested far beyond the stack (5,000 levels) answers the typed `invalidInput` before zod,
 * the handler or the frame encoder recurse over it; an input within the bound still reaches the handler.
 */
const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

function dispatcherRecording() {
  const seen: unknown[] = [];
  const handlers = {
    'api.call': (input: unknown) => {
      seen.push(input);
      return input;
    },
  } as unknown as IpcHandlers;
  return { dispatcher: createIpcDispatcher(handlers), seen };
}

describe('IPC inputs nested beyond the bound', () => {
  it('answers invalidInput for an api.call body nested 5,000 deep, without running the handler', async () => {
    const { dispatcher, seen } = dispatcherRecording();
    const reply = await dispatcher.dispatch('api.call', { operation: 'TasksTasklistsInsert', body: nested(5_000) });
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'invalidInput',
        message: `Invalid input for api.call: objects and arrays nest deeper than ${maxNestingDepth} levels`,
      },
    });
    expect(seen).toEqual([]);
  });

  it('answers invalidInput for a cyclic input (structured clone keeps cycles)', async () => {
    const { dispatcher, seen } = dispatcherRecording();
    const body: Record<string, unknown> = {};
    body['self'] = body;
    const reply = await dispatcher.dispatch('api.call', { operation: 'TasksTasklistsInsert', body });
    expect(reply.ok).toBe(false);
    expect(!reply.ok && reply.error.code).toBe('invalidInput');
    expect(seen).toEqual([]);
  });

  it('passes an input at the bound to the handler', async () => {
    const { dispatcher, seen } = dispatcherRecording();
    // The input object is level 1 and `body` level 2, so the body may nest maxNestingDepth - 1 levels.
    const input = { operation: 'TasksTasklistsInsert', params: {}, body: nested(maxNestingDepth - 2) };
    const reply = await dispatcher.dispatch('api.call', input);
    expect(reply.ok).toBe(true);
    expect(seen).toHaveLength(1);
    const over = await dispatcher.dispatch('api.call', { ...input, body: nested(maxNestingDepth) });
    expect(over.ok).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('answers a framed call nested 5,000 deep with an invalidInput reply frame', async () => {
    const { dispatcher, seen } = dispatcherRecording();
    const sent: string[] = [];
    const host = serveFramedConnection(dispatcher, (frame) => sent.push(frame));
    const body = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    await host.receive(`{"type":"call","id":7,"method":"api.call","input":{"operation":"X","body":${body}}}`);
    expect(sent).toHaveLength(1);
    const frame = JSON.parse(sent[0]!) as { type: string; id: number; reply: { ok: boolean; error: { code: string } } };
    expect(frame).toMatchObject({ type: 'reply', id: 7, reply: { ok: false, error: { code: 'invalidInput' } } });
    expect(seen).toEqual([]);
  });
});
