import { collectionRefId, type CollectionRef } from '../../shared/api/collections';
import type { ChangedEvent, IpcEvent } from '../../shared/ipc/contract';

/** What is known about a change: which items, or that everything may have changed. */
export interface ChangeDetail {
  readonly ids?: readonly string[];
  readonly full?: boolean;
}

/** Past this many ids in one event, naming them stops being useful: the event says `full` instead. */
const maxIdsPerEvent = 500;

/**
 * The core's pushed events. `changed` events for the same collection that arrive close together
 * (a burst of notifications, an own write followed by its notification) go out once.
 */
export class EventFeed {
  private readonly listeners = new Set<(event: IpcEvent) => void>();
  private readonly pendingChanges = new Map<string, ChangedEvent>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly coalesceMs = 30) {}

  subscribe(listener: (event: IpcEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Announces a change to a collection (or one partition of it). Without detail the event says only
   * which collection changed; details of changes coalesced into one event are merged (ids united,
   * `full` wins).
   */
  changed(account: string, target: CollectionRef, detail: ChangeDetail = {}): void {
    if (this.closed) return;
    const key = `${account}\u0000${collectionRefId(target)}`;
    const previous = this.pendingChanges.get(key);
    const merged: ChangedEvent = { type: 'changed', account, ...target };
    // Ids are named only when every coalesced change named its ids; a change without them may touch anything.
    const plain = (previous !== undefined && !previous.ids && !previous.full) || (!detail.ids?.length && !detail.full);
    const ids = [...new Set([...(previous?.ids ?? []), ...(detail.ids ?? [])])];
    if (previous?.full || detail.full || ids.length > maxIdsPerEvent) merged.full = true;
    else if (!plain) merged.ids = ids;
    this.pendingChanges.set(key, merged);
    this.timer ??= setTimeout(() => this.flush(), this.coalesceMs);
  }

  push(event: IpcEvent): void {
    if (this.closed) return;
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // One broken subscriber (a closed window, a dead socket) must not starve the others.
      }
    }
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.pendingChanges.clear();
    this.listeners.clear();
  }

  private flush(): void {
    this.timer = undefined;
    const events = [...this.pendingChanges.values()];
    this.pendingChanges.clear();
    for (const event of events) this.push(event);
  }
}
