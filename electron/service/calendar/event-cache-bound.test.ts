import { describe, expect, it } from 'vitest';
import { cachedResource, EventCache } from './domain/event-cache';
import type { EventsRepository } from './domain/events-repository';

/** Rows carrying their JSON are parsed without reading the database, so no repository is needed. */
const freshCache = (): EventCache => new EventCache({} as EventsRepository);

const eventJson = (pk: number, description: string): string =>
  JSON.stringify({
    id: `e${pk}`,
    iCalUID: `e${pk}@test`,
    status: 'confirmed',
    sequence: 0,
    created: '2030-01-01T00:00:00.000Z',
    updated: '2030-01-01T00:00:00.000Z',
    description,
    start: { dateTime: '2030-01-01T09:00:00Z' },
    end: { dateTime: '2030-01-01T10:00:00Z' },
  });

describe('event resource cache', () => {
  it('keeps every row of a typical calendar, and hits return the same parsed resource', () => {
    const cache = freshCache();
    const rows = Array.from({ length: 3000 }, (_, pk) => ({ pk, change_seq: 1, resource: eventJson(pk, 'Standup') }));
    const first = rows.map((row) => cachedResource(cache, row));
    expect(cache.size().resources).toBe(3000);
    rows.forEach((row, i) => expect(cachedResource(cache, row)).toBe(first[i]));
    // A new version of a row is parsed again.
    const changed = cachedResource(cache, { pk: 7, change_seq: 2, resource: eventJson(7, 'Moved') });
    expect(changed.description).toBe('Moved');
  });

  it('holds a bounded amount of text when events are large', () => {
    const cache = freshCache();
    const notes = 'x'.repeat(1_000_000);
    for (let pk = 0; pk < 40; pk++) {
      expect(cachedResource(cache, { pk, change_seq: 1, resource: eventJson(pk, notes) }).id).toBe(`e${pk}`);
    }
    // 8 M characters a generation, two generations: at most 16 of these million-character events.
    expect(cache.size().resources).toBeLessThanOrEqual(16);
    expect(cache.size().resources).toBeGreaterThanOrEqual(8);
  });
});
