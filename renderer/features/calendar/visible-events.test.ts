import { describe, expect, it } from 'vitest';
import type { ResultFor } from '../../lib/api';
import { lastKnownCalendarRange } from '../../lib/last-known';
import { sharedWithLastKnown } from './useVisibleEvents';

type EventsPage = ResultFor<'CalendarEventsList'>;

const page = (titles: string[]): EventsPage =>
  ({
    kind: 'calendar#events',
    etag: '"1"',
    summary: 'me@example.com',
    items: titles.map((summary, i) => ({
      kind: 'calendar#event',
      id: `e${i}`,
      status: 'confirmed',
      summary,
      start: { dateTime: `2026-11-2${i}T10:00:00Z` },
      end: { dateTime: `2026-11-2${i}T11:00:00Z` },
    })),
  }) as EventsPage;

describe('sharedWithLastKnown', () => {
  const range = '2026-11-22T00:00:00.000Z/2026-11-29T00:00:00.000Z';

  it('answers the last-known page itself when the first answer holds the same events', () => {
    lastKnownCalendarRange.write('acct-same', range, { c1: page(['Standup', 'Review']) });
    const known = lastKnownCalendarRange.read('acct-same', range)?.c1;
    expect(known).toBeDefined();
    const share = sharedWithLastKnown('acct-same', range, 'c1');
    expect(share(undefined, page(['Standup', 'Review']))).toBe(known);
  });

  it('keeps the unchanged events of a changed answer, and later answers share with the last one', () => {
    lastKnownCalendarRange.write('acct-changed', range, { c1: page(['Standup', 'Review']) });
    const known = lastKnownCalendarRange.read('acct-changed', range)?.c1;
    const share = sharedWithLastKnown('acct-changed', range, 'c1');
    const fresh = share(undefined, page(['Standup', 'Design review'])) as EventsPage;
    expect(fresh).not.toBe(known);
    expect(fresh.items?.[0]).toBe(known?.items?.[0]);
    expect(fresh.items?.[1]?.summary).toBe('Design review');
    // Once the query holds data, that is what a new answer is shared with.
    const again = page(['Standup', 'Design review']);
    expect(share(fresh, again)).toBe(fresh);
  });

  it('shares with nothing for a range never seen', () => {
    const share = sharedWithLastKnown('acct-new', range, 'c1');
    const fresh = page(['Standup']);
    expect(share(undefined, fresh)).toBe(fresh);
  });
});
