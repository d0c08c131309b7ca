import type { IpcEvent } from '../../shared/ipc/contract';

type ChangedEvent = Extract<IpcEvent, { type: 'changed' }>;

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

  changed(account: string, area: ChangedEvent['area'], resource: string): void {
    if (this.closed) return;
    this.pendingChanges.set(`${account}\u0000${area}\u0000${resource}`, { type: 'changed', account, area, resource });
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
