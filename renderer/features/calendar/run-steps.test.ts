import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WriteStep } from './series-plan';

// Where each plan goes: one write is one API call, several are one core command.
const calls: { method: string; input: Record<string, unknown> }[] = [];

vi.mock('../../platform/ipc', () => ({
  ipc: {
    invoke: async (method: string, input: Record<string, unknown>) => {
      calls.push({ method, input });
      if (method === 'calendar.applySeriesEdit') return { results: [{ id: 'new' }, { id: 'old' }], undo: [] };
      return { id: 'one' };
    },
    onEvent: () => () => {},
  },
  onHostConnectionChange: () => () => {},
}));

const { runSteps } = await import('./event-writes');
const { useAccountStore } = await import('../../lib/account-store');

beforeEach(() => {
  calls.length = 0;
  useAccountStore.getState().setActive('local');
});

const endOld: WriteStep = { op: 'patch', calendarId: 'c', eventId: 'm', body: { recurrence: ['RRULE:FREQ=DAILY'] } };
const newSeries: WriteStep = { op: 'insert', calendarId: 'c', body: { summary: 'x' } };

describe('running a change’s writes', () => {
  it('sends a single write straight to the API', async () => {
    expect(await runSteps([endOld])).toEqual([{ id: 'one' }]);
    expect(calls).toEqual([
      {
        method: 'api.call',
        input: {
          account: 'local',
          operation: 'CalendarEventsPatch',
          params: { calendarId: 'c', eventId: 'm', supportsAttachments: true },
          body: endOld.body,
        },
      },
    ]);
  });

  it('hands several writes to the core as one command, in order', async () => {
    expect(await runSteps([newSeries, endOld])).toEqual([{ id: 'new' }, { id: 'old' }]);
    expect(calls).toEqual([
      { method: 'calendar.applySeriesEdit', input: { account: 'local', steps: [newSeries, endOld] } },
    ]);
  });

  it('sends nothing for an empty plan', async () => {
    expect(await runSteps([])).toEqual([]);
    expect(calls).toEqual([]);
  });
});
