import { afterEach, describe, expect, it } from 'vitest';
import type { IpcEvent } from '../../shared/ipc/contract';
import { EventFeed } from './event-feed';

const feeds: EventFeed[] = [];
afterEach(() => feeds.splice(0).forEach((feed) => feed.close()));

function recordingFeed(): { feed: EventFeed; events: IpcEvent[] } {
  const feed = new EventFeed(5);
  feeds.push(feed);
  const events: IpcEvent[] = [];
  feed.subscribe((event) => events.push(event));
  return { feed, events };
}

const flushed = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('EventFeed', () => {
  it('sends one typed event per collection and key, merging the ids of coalesced changes', async () => {
    const { feed, events } = recordingFeed();
    feed.changed('local', { collection: 'events', key: 'a@x' }, { ids: ['e1'] });
    feed.changed('local', { collection: 'events', key: 'a@x' }, { ids: ['e2', 'e1'] });
    feed.changed('local', { collection: 'events', key: 'b@x' }, { ids: ['e3'] });
    feed.changed('local', { collection: 'events' });
    feed.changed('local', { collection: 'tasklists' });
    feed.changed('other', { collection: 'tasklists' });
    await flushed();
    expect(events).toEqual([
      { type: 'changed', account: 'local', collection: 'events', key: 'a@x', ids: ['e1', 'e2'] },
      { type: 'changed', account: 'local', collection: 'events', key: 'b@x', ids: ['e3'] },
      { type: 'changed', account: 'local', collection: 'events' },
      { type: 'changed', account: 'local', collection: 'tasklists' },
      { type: 'changed', account: 'other', collection: 'tasklists' },
    ]);
  });

  it('lets a change without ids, or a full one, win over named ids', async () => {
    const { feed, events } = recordingFeed();
    feed.changed('local', { collection: 'tasks', key: 'L1' }, { ids: ['t1'] });
    feed.changed('local', { collection: 'tasks', key: 'L1' });
    feed.changed('local', { collection: 'changes' }, { ids: ['f1'] });
    feed.changed('local', { collection: 'changes' }, { full: true });
    await flushed();
    expect(events).toEqual([
      { type: 'changed', account: 'local', collection: 'tasks', key: 'L1' },
      { type: 'changed', account: 'local', collection: 'changes', full: true },
    ]);
  });
});
