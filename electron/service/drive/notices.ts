import type { ChannelHub } from '../channels/channel-hub';

/** Watch keys: a user's change feed and a single file. */
export const changesWatchKey = (userId: string) => `drive:changes:${userId}`;
export const fileWatchKey = (fileId: string) => `drive:file:${fileId}`;

interface Notice {
  key: string;
  state: string;
  changed: Set<string>;
}

/**
 * Notifications gathered while a transaction runs and delivered only after it commits, so a
 * watcher never hears of a change that was rolled back.
 */
export class PendingNotices {
  private readonly notices = new Map<string, Notice>();

  add(key: string, state: string, changed: readonly string[] = []): void {
    const id = `${key}\u0000${state}`;
    const existing = this.notices.get(id);
    if (existing) {
      for (const c of changed) existing.changed.add(c);
      return;
    }
    this.notices.set(id, { key, state, changed: new Set(changed) });
  }

  clear(): void {
    this.notices.clear();
  }

  deliver(channels: ChannelHub): void {
    for (const n of this.notices.values()) {
      channels.notify(n.key, n.state, n.changed.size > 0 ? [...n.changed] : undefined);
    }
    this.notices.clear();
  }
}
