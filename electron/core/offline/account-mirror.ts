import { rmSync } from 'node:fs';
import type {
  OfflineAccountStatus,
  OfflineConflict,
  OfflineResource,
  PendingChange,
} from '../../../shared/ipc/contract';
import type { ApiClient } from '../api-client';
import type { RetryPolicy } from '../retry-policy';
import { MirrorStore } from './mirror-store';
import type { OutboxEntry } from './mirror-store';

/** Which single events the mirror keeps, around today (recurring series and their exceptions are always kept). */
export interface EventWindow {
  readonly pastDays: number;
  readonly futureDays: number;
}

export const defaultEventWindow: EventWindow = { pastDays: 365, futureDays: 730 };

export interface AccountMirrorOptions {
  readonly account: string;
  readonly file: string;
  readonly api: ApiClient;
  /** Told whenever the status, the outbox or the conflicts change. */
  readonly onStatus: () => void;
  readonly eventWindow?: EventWindow;
  /** Waits between replay attempts after failures (rate limits, server errors). */
  readonly replayBackoff?: RetryPolicy;
  readonly now?: () => Date;
  readonly log?: (message: string) => void;
}

const toResource = (entry: OutboxEntry): OfflineResource => ({
  collection: entry.collection,
  ...(entry.key ? { key: entry.key } : {}),
  id: entry.id,
});

/**
 * One Google account's local-first state: its mirror (what the views read), its outbox (writes
 * not yet sent) and its conflicts.
 */
export class AccountMirror {
  readonly store: MirrorStore;
  private offlineSince: string | undefined;
  private replaying = false;

  constructor(private readonly options: AccountMirrorOptions) {
    this.store = new MirrorStore(options.file);
    this.offlineSince = this.store.fact('offlineSince');
  }

  get account(): string {
    return this.options.account;
  }

  get eventWindow(): EventWindow {
    return this.options.eventWindow ?? defaultEventWindow;
  }

  protected now(): Date {
    return this.options.now?.() ?? new Date();
  }

  get offline(): boolean {
    return this.offlineSince !== undefined;
  }

  /** The account stopped or started answering. */
  setOffline(offline: boolean): void {
    if (offline === this.offline) return;
    this.offlineSince = offline ? this.now().toISOString() : undefined;
    this.store.setFact('offlineSince', this.offlineSince);
    this.options.onStatus();
  }

  status(): OfflineAccountStatus {
    const collections = this.store.allSyncStates().map((state) => ({
      collection: state.collection,
      ...(state.key ? { key: state.key } : {}),
      lastSyncedAt: state.at,
    }));
    const lastSyncedAt = collections.reduce<string | undefined>(
      (latest, c) => (latest === undefined || c.lastSyncedAt > latest ? c.lastSyncedAt : latest),
      undefined,
    );
    return {
      account: this.options.account,
      kind: 'google',
      state: this.offline ? 'offline' : 'online',
      ...(this.offlineSince ? { offlineSince: this.offlineSince } : {}),
      mirrored: true,
      ...(lastSyncedAt ? { lastSyncedAt } : {}),
      collections,
      pending: this.store.outboxCount(),
      conflicts: this.store.conflictCount(),
      replaying: this.replaying,
    };
  }

  pendingCount(): number {
    return this.store.outboxCount();
  }

  pendingChanges(): PendingChange[] {
    return this.store.outbox().map((entry) => ({
      id: String(entry.seq),
      account: this.options.account,
      operation: entry.operation,
      summary: entry.summary,
      resource: toResource(entry),
      createdAt: entry.createdAt,
      attempts: entry.attempts,
      ...(entry.lastError ? { lastError: entry.lastError } : {}),
      state: entry.state,
      ...(entry.nextAt ? { nextAttemptAt: entry.nextAt } : {}),
    }));
  }

  pendingResources(): OfflineResource[] {
    const seen = new Map<string, OfflineResource>();
    for (const entry of this.store.outbox())
      seen.set(`${entry.collection}\u0000${entry.key}\u0000${entry.id}`, toResource(entry));
    return [...seen.values()];
  }

  conflictList(): OfflineConflict[] {
    return this.store.conflicts().map((row) => ({
      id: String(row.id),
      account: this.options.account,
      operation: row.operation,
      summary: row.summary,
      resource: { collection: row.collection, ...(row.key ? { key: row.key } : {}), id: row.rid },
      createdAt: row.createdAt,
      kind: row.kind,
      fields: row.fields,
    }));
  }

  async retryNow(): Promise<void> {}

  discard(seq: number): boolean {
    const entry = this.store.outboxEntry(seq);
    if (!entry) return false;
    this.store.removeOutbox(seq);
    this.options.onStatus();
    return true;
  }

  async resolve(id: number, _choice: 'keepMine' | 'keepTheirs'): Promise<boolean> {
    const conflict = this.store.conflict(id);
    if (!conflict) return false;
    this.store.removeConflict(id);
    this.options.onStatus();
    return true;
  }

  async close(options: { deleteData?: boolean } = {}): Promise<void> {
    await Promise.resolve();
    this.store.close();
    if (options.deleteData) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${this.options.file}${suffix}`, { force: true });
    }
  }
}
