import type { Account } from '../../shared/ipc/contract';
import { IpcCallError } from '../../shared/ipc/errors';
import type { ApiClient } from './api-client';

/** An account and the client that speaks to its endpoint with its credentials. */
export interface AccountConnection {
  readonly account: Account;
  readonly api: ApiClient;
}

/** The accounts the core acts for; one of them is active (used when a call names none). */
export class Accounts {
  private readonly byId = new Map<string, AccountConnection>();

  constructor(
    connections: readonly AccountConnection[],
    private activeId: string,
  ) {
    for (const connection of connections) this.byId.set(connection.account.id, connection);
    if (!this.byId.has(activeId)) throw new Error(`Active account ${activeId} is not among the accounts`);
  }

  get active(): string {
    return this.activeId;
  }

  list(): Account[] {
    return [...this.byId.values()].map((connection) => connection.account);
  }

  /** The named account, or the active one; an unknown id is the caller's mistake. */
  get(id?: string): AccountConnection {
    const connection = this.byId.get(id ?? this.activeId);
    if (!connection) throw new IpcCallError({ code: 'invalidInput', message: `Unknown account: ${id}`, location: 'account' });
    return connection;
  }
}
