// Stored values are parsed as the app starts; the page's CSP needs zod in its no-eval mode by then.
import './zod-config';
import { z } from 'zod';
import { operations, type ResultFor } from '../../shared/api/registry';
import { lazySchema } from '../../shared/api/schemas/lazy';

/**
 * The last answer the app showed for one kind of data, per account, kept in localStorage so the
 * next start can show it at once while the fresh answer loads. One entry per account (the newest
 * replaces the older), a few accounts at most, and nothing larger than `maxBytes`: it is a hint for
 * the first paint, never a copy of the data.
 */
export interface LastKnownStore<T> {
  /** The value stored for `account` under exactly `key`, if it is there and still reads correctly. */
  read(account: string, key: string): T | undefined;
  /** Remembers `value` as the account's last-known answer; too large a value forgets the account's entry. */
  write(account: string, key: string, value: T): void;
  /** Every stored entry that still reads correctly. */
  entries(): { account: string; key: string; value: T }[];
}

interface Options {
  maxAccounts?: number;
  maxBytes?: number;
  storage?: () => Storage | null;
  /**
   * When given, a write is checked and stored when this runs `store` (e.g. {@link whenIdle}) rather
   * than at once; reads in between see it, and the page going away stores it first.
   */
  deferWrites?: (store: () => void) => void;
}

/**
 * Runs `task` once the page is idle (after the frames being drawn), or after `timeoutMs` at the
 * latest. Checking and storing a last-known answer costs milliseconds (its schema is built and the
 * value parsed): done when the answer arrives, it would hold back the frame that shows it.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 0);
}

interface Entry {
  account: string;
  key: string;
  value: unknown;
  checkedBy?: string;
}

/**
 * The stored list, or none if anything in it is not an entry. Read before the first frame, so it is
 * a plain check rather than a schema: building the first schema costs more than drawing a week.
 */
function storedEntries(raw: unknown): Entry[] {
  if (!Array.isArray(raw)) return [];
  const entries: Entry[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) return [];
    const { account, key, value, checkedBy } = item as Record<string, unknown>;
    if (typeof account !== 'string' || typeof key !== 'string') return [];
    if (checkedBy !== undefined && typeof checkedBy !== 'string') return [];
    entries.push({ account, key, value, ...(checkedBy === undefined ? {} : { checkedBy }) });
  }
  return entries;
}

/**
 * The build that checks values as they are written. A value is checked against its schema before
 * it is stored, and marked with this build: read back by the same build, it is taken as stored,
 * so a start does not parse the last-known week (or build its schemas) before drawing it. A value
 * written by another build, or without the mark (written by hand), is checked again as it is read.
 */
const thisBuild = (import.meta.env.ATRIUM_BUILD as string | undefined) ?? 'development';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function lastKnownStore<T>(name: string, schema: z.ZodType<T>, options: Options = {}): LastKnownStore<T> {
  const storageKey = `atrium.last-known.${name}`;
  const maxAccounts = options.maxAccounts ?? 3;
  const maxBytes = options.maxBytes ?? 512 * 1024;
  const storage = options.storage ?? browserStorage;
  // Parsed once: a query may ask for its placeholder on every render while it loads.
  let entries: Entry[] | null = null;
  const checked = new Map<Entry, T | undefined>();

  const load = (): Entry[] => {
    if (entries) return entries;
    try {
      entries = storedEntries(JSON.parse(storage()?.getItem(storageKey) ?? '[]'));
    } catch {
      entries = [];
    }
    return entries;
  };

  const save = (next: Entry[]) => {
    entries = next;
    const target = storage();
    if (!target) return;
    try {
      if (next.length === 0) target.removeItem(storageKey);
      else target.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Storage full or refused: keep nothing rather than something half-written.
      try {
        target.removeItem(storageKey);
      } catch {
        // Unavailable altogether; the in-memory copy still serves this session.
      }
    }
  };

  const valueOf = (entry: Entry): T | undefined => {
    if (!checked.has(entry)) {
      if (entry.checkedBy === thisBuild) {
        checked.set(entry, entry.value as T);
      } else {
        const parsed = schema.safeParse(entry.value);
        checked.set(entry, parsed.success ? parsed.data : undefined);
      }
    }
    return checked.get(entry);
  };

  const writeNow = (account: string, key: string, value: T) => {
    const others = load().filter((entry) => entry.account !== account);
    // Only what reads as the schema is kept (see thisBuild); anything else forgets the account's entry.
    const parsed = schema.safeParse(value);
    if (!parsed.success || JSON.stringify(parsed.data).length > maxBytes) {
      if (others.length !== load().length) save(others);
      return;
    }
    const entry: Entry = { account, key, value: parsed.data, checkedBy: thisBuild };
    checked.set(entry, parsed.data);
    save([entry, ...others].slice(0, maxAccounts));
  };

  // Deferred writes, in order; a later write for an account replaces an earlier one still waiting.
  const waiting = new Map<string, { key: string; value: T }>();
  let scheduled = false;
  let flushOnLeave = false;
  const flush = () => {
    scheduled = false;
    const writes = [...waiting];
    waiting.clear();
    for (const [account, { key, value }] of writes) writeNow(account, key, value);
  };

  return {
    read(account, key) {
      flush();
      const entry = load().find((candidate) => candidate.account === account && candidate.key === key);
      return entry ? valueOf(entry) : undefined;
    },
    entries() {
      flush();
      return load().flatMap((entry) => {
        const value = valueOf(entry);
        return value === undefined ? [] : [{ account: entry.account, key: entry.key, value }];
      });
    },
    write(account, key, value) {
      const defer = options.deferWrites;
      if (!defer) {
        writeNow(account, key, value);
        return;
      }
      waiting.delete(account);
      waiting.set(account, { key, value });
      if (!flushOnLeave && typeof window !== 'undefined') {
        flushOnLeave = true;
        window.addEventListener('pagehide', flush);
      }
      if (scheduled) return;
      scheduled = true;
      defer(() => {
        if (scheduled) flush();
      });
    },
  };
}

/** The calendar's last rendered range: each shown calendar's events list, keyed by the range. */
export const lastKnownCalendarRange = lastKnownStore<Record<string, ResultFor<'CalendarEventsList'>>>(
  'calendar-range',
  // Built when first used (a week fetched, or one stored by another build read back): building the
  // events schema is not part of loading the app.
  lazySchema(
    () =>
      z.record(z.string(), operations.CalendarEventsList.response) as z.ZodType<
        Record<string, ResultFor<'CalendarEventsList'>>
      >,
  ),
  { deferWrites: whenIdle },
);
