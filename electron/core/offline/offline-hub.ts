import type { CollectionRef } from '../../../shared/api/collections';
import type {
  IpcEvent,
  OfflineAccountStatus,
  OfflineConflict,
  OfflineResource,
  PendingChange,
} from '../../../shared/ipc/contract';
import { IpcCallError } from '../../../shared/ipc/errors';
import type { AccountConnection, Accounts } from '../accounts';
import { localAccountId } from '../local-account';
import { AccountMirror } from './account-mirror';
import type { AccountMirrorOptions } from './account-mirror';
import { mirrorFile } from './mirror-store';

export interface OfflineHubOptions {
  readonly accounts: Accounts;
  readonly userDataDir: string;
  readonly push: (event: IpcEvent) => void;
  /** Announces a collection a queued or replayed write changed. */
  readonly changed?: (account: string, target: CollectionRef, ids?: string[]) => void;
  readonly log?: (message: string) => void;
  /** Passed to every account's mirror (event window, replay backoff, clock). */
  readonly mirror?: Partial<Omit<AccountMirrorOptions, 'account' | 'file' | 'api' | 'onStatus' | 'onChanged' | 'log'>>;
}

/**
 * Local-first Google accounts: one mirror (with its outbox) per Google account, opened when the
 * account is, closed when it is removed. Answers the sync panel's IPC and pushes `offline` events.
 */
export class OfflineHub {
  private readonly mirrors = new Map<string, AccountMirror>();
  private readonly unsubscribe: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: OfflineHubOptions) {
    for (const connection of options.accounts.connections()) this.open(connection);
    this.unsubscribe.push(
      options.accounts.onAdded((connection) => this.open(connection)),
      options.accounts.onRemoving((id) => this.forget(id)),
    );
  }

  /** The mirror of a Google account; undefined for the local account and unknown ids. */
  mirror(account: string): AccountMirror | undefined {
    return this.mirrors.get(account);
  }

  private open(connection: AccountConnection): void {
    const id = connection.account.id;
    if (connection.account.kind !== 'google' || this.mirrors.has(id)) return;
    const mirror = new AccountMirror({
      ...this.options.mirror,
      account: id,
      file: mirrorFile(this.options.userDataDir, id),
      api: connection.api,
      onStatus: () => this.announce(id),
      onChanged: (target, ids) => this.options.changed?.(id, target, ids),
      ...(this.options.log ? { log: this.options.log } : {}),
    });
    this.mirrors.set(id, mirror);
    // Writes left queued by an earlier run go out as soon as the account answers.
    mirror.replaySoon();
  }

  /** The mirror staging an upload (ids `staged-…`). */
  stagingOf(upload: string): AccountMirror | undefined {
    if (!upload.startsWith('staged-')) return undefined;
    return [...this.mirrors.values()].find((mirror) => mirror.isStaged(upload));
  }

  /** The sync engine found an account unreachable, or reachable again. */
  setOffline(account: string, offline: boolean): void {
    this.mirrors.get(account)?.setOffline(offline);
  }

  private async forget(id: string): Promise<void> {
    const mirror = this.mirrors.get(id);
    this.mirrors.delete(id);
    await mirror?.close({ deleteData: true });
  }

  private readonly announcing = new Map<string, NodeJS.Timeout>();

  /** Pushes the account's status; changes close together (a replay sending many) go out once. */
  private announce(account: string): void {
    if (this.closed || this.announcing.has(account)) return;
    const timer = setTimeout(() => {
      this.announcing.delete(account);
      if (this.closed) return;
      const status = this.accountStatus(account);
      if (status) this.options.push({ type: 'offline', account, status });
    }, 25);
    timer.unref();
    this.announcing.set(account, timer);
  }

  private resolveAccount(account: string | undefined): string {
    const id = account ?? this.options.accounts.active;
    this.options.accounts.get(id);
    return id;
  }

  private accountStatus(id: string): OfflineAccountStatus | undefined {
    const connection = this.options.accounts.connections().find((c) => c.account.id === id);
    if (!connection) return undefined;
    const mirror = this.mirrors.get(id);
    if (!mirror) {
      return {
        account: id,
        kind: id === localAccountId ? 'local' : connection.account.kind,
        state: 'online',
        mirrored: false,
        collections: [],
        pending: 0,
        conflicts: 0,
        replaying: false,
      };
    }
    return mirror.status();
  }

  status(account?: string): { accounts: OfflineAccountStatus[] } {
    const ids =
      account === undefined
        ? this.options.accounts.connections().map((c) => c.account.id)
        : [this.resolveAccount(account)];
    return { accounts: ids.flatMap((id) => this.accountStatus(id) ?? []) };
  }

  pending(account?: string): { changes: PendingChange[] } {
    const mirror = this.mirrors.get(this.resolveAccount(account));
    return { changes: mirror ? mirror.pendingChanges() : [] };
  }

  pendingResources(account?: string): { resources: OfflineResource[] } {
    const mirror = this.mirrors.get(this.resolveAccount(account));
    return { resources: mirror ? mirror.pendingResources() : [] };
  }

  conflicts(account?: string): { conflicts: OfflineConflict[] } {
    const mirror = this.mirrors.get(this.resolveAccount(account));
    return { conflicts: mirror ? mirror.conflictList() : [] };
  }

  async retryNow(account?: string): Promise<{ pending: number }> {
    const mirror = this.mirrors.get(this.resolveAccount(account));
    if (!mirror) return { pending: 0 };
    await mirror.retryNow();
    return { pending: mirror.pendingCount() };
  }

  discard(account: string | undefined, change: string): { discarded: boolean } {
    const mirror = this.mirrors.get(this.resolveAccount(account));
    const seq = Number(change);
    if (!Number.isSafeInteger(seq))
      throw new IpcCallError({ code: 'invalidInput', message: 'No such change', location: 'change' });
    return { discarded: mirror ? mirror.discard(seq) : false };
  }

  async resolve(
    account: string | undefined,
    conflict: string,
    choice: 'keepMine' | 'keepTheirs',
  ): Promise<{ resolved: boolean }> {
    const mirror = this.mirrors.get(this.resolveAccount(account));
    const id = Number(conflict);
    if (!Number.isSafeInteger(id))
      throw new IpcCallError({ code: 'invalidInput', message: 'No such conflict', location: 'conflict' });
    return { resolved: mirror ? await mirror.resolve(id, choice) : false };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.announcing.values()) clearTimeout(timer);
    for (const stop of this.unsubscribe) stop();
    const mirrors = [...this.mirrors.values()];
    this.mirrors.clear();
    await Promise.all(mirrors.map((mirror) => mirror.close()));
  }
}
