import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IpcCallError } from '../../../shared/ipc/errors';

// The core runs the move; the IPC boundary is scripted here to see what the board asks of it.
const calls: { method: string; input: unknown }[] = [];
let answer: (method: string) => unknown = () => ({ task: {} });

vi.mock('../../platform/ipc', () => ({
  ipc: {
    invoke: async (method: string, input: unknown) => {
      calls.push({ method, input });
      return answer(method);
    },
    onEvent: () => () => {},
  },
  onHostConnectionChange: () => () => {},
}));

const { transferSubtree } = await import('./transfer');
const { useAccountStore } = await import('../../lib/account-store');

beforeEach(() => {
  calls.length = 0;
  answer = () => ({ task: {} });
  useAccountStore.getState().setActive('google-1');
});

describe('moving a task with subtasks to another list', () => {
  it('asks the core for one move of the task, for the active account, to the exact place', async () => {
    await transferSubtree('A', 'p', { listId: 'B', parent: 'q', previous: 't' });
    await transferSubtree('A', 'p', { listId: 'B' });
    expect(calls).toEqual([
      {
        method: 'tasks.moveToList',
        input: {
          account: 'google-1',
          tasklist: 'A',
          task: 'p',
          destination: { tasklist: 'B', parent: 'q', previous: 't' },
        },
      },
      {
        method: 'tasks.moveToList',
        input: { account: 'google-1', tasklist: 'A', task: 'p', destination: { tasklist: 'B' } },
      },
    ]);
  });

  it('passes the core’s refusal on, so the board puts the task back and says why', async () => {
    answer = () => {
      throw new IpcCallError({ code: 'unavailable', message: 'Backend Error', status: 503 });
    };
    await expect(transferSubtree('A', 'p', { listId: 'B' })).rejects.toMatchObject({ message: 'Backend Error' });
  });
});
