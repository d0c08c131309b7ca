import type { Account, AccountsOverview } from '../../shared/ipc/contract';
import { IpcCallError } from '../../shared/ipc/errors';
import type { AccountMetadataStore } from './account-metadata';
import type { AccountMetadata, GoogleAccountRecord } from './account-metadata';
import { ApiClient } from './api-client';
import type { RetryPolicy } from './retry-policy';
import type { GoogleConfig } from './config';
import { GoogleCredentials } from './google-credentials';
import { localAccountId, localUserDisplayName, localUserEmail } from './local-account';
import type { OAuthClient, TokenSet, UserInfo } from './oauth/oauth-client';
import type { Vault } from './vault';

/** An account and the client that speaks to its endpoint with its credentials. */
export interface AccountConnection {
  readonly account: Account;
  readonly api: ApiClient;
  /** Google accounts only. */
  readonly credentials?: GoogleCredentials;
}

export interface AccountsOptions {
  readonly store: AccountMetadataStore;
  readonly vault: Vault;
  readonly oauth: OAuthClient;
  readonly google: GoogleConfig;
  /** The embedded service's client for the local account. */
  readonly localApi: ApiClient;
  readonly retry?: Partial<RetryPolicy>;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

type AccountsListener = (overview: AccountsOverview) => void;

const googleAccountId = (sub: string): string => `google-${sub}`;

/**
 * The accounts the core acts for: the built-in local account and any number of Google accounts,
 * one of them active (used when a call names none). What is remembered about them is saved in
 * accounts.json after every change; their tokens live in the vault.
 */
export class Accounts {
  private readonly google = new Map<
    string,
    { record: GoogleAccountRecord; connection: AccountConnection; offline: boolean }
  >();
  private readonly listeners = new Set<AccountsListener>();
  private readonly addedListeners = new Set<(connection: AccountConnection) => void>();
  private readonly removingListeners = new Set<(id: string) => Promise<void> | void>();
  private local: AccountConnection;
  private constructor(
    private metadata: AccountMetadata,
    private readonly options: AccountsOptions,
  ) {
    this.local = this.localConnection();
    for (const record of metadata.google)
      this.google.set(record.id, { record, connection: this.googleConnection(record), offline: false });
  }

  static async open(options: AccountsOptions): Promise<{ accounts: Accounts; problem?: string }> {
    const loaded = await options.store.load();
    return { accounts: new Accounts(loaded.metadata, options), ...(loaded.problem ? { problem: loaded.problem } : {}) };
  }

  get active(): string {
    return this.metadata.active;
  }

  list(): Account[] {
    return [this.local.account, ...[...this.google.values()].map((entry) => entry.connection.account)];
  }

  overview(): AccountsOverview {
    return { accounts: this.list(), active: this.active };
  }

  /** Every connection, the local one first. */
  connections(): AccountConnection[] {
    return [this.local, ...[...this.google.values()].map((entry) => entry.connection)];
  }

  /** The named account, or the active one; an unknown id is the caller's mistake. */
  get(id?: string): AccountConnection {
    const wanted = id ?? this.active;
    if (wanted === localAccountId) return this.local;
    const entry = this.google.get(wanted);
    if (!entry)
      throw new IpcCallError({ code: 'invalidInput', message: `Unknown account: ${wanted}`, location: 'account' });
    return entry.connection;
  }

  onChange(listener: AccountsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onAdded(listener: (connection: AccountConnection) => void): () => void {
    this.addedListeners.add(listener);
    return () => this.addedListeners.delete(listener);
  }

  /** Told before an account's tokens are revoked, so whatever uses them can stop first (channels are stopped with them). */
  onRemoving(listener: (id: string) => Promise<void> | void): () => void {
    this.removingListeners.add(listener);
    return () => this.removingListeners.delete(listener);
  }

  async switchTo(id: string): Promise<AccountsOverview> {
    this.get(id);
    if (this.metadata.active !== id) {
      this.metadata = { ...this.metadata, active: id };
      await this.persist();
    }
    return this.overview();
  }

  async rename(id: string, displayName: string): Promise<AccountsOverview> {
    return this.updateRecord(id, { displayName });
  }

  async setOverlay(id: string, overlay: boolean): Promise<AccountsOverview> {
    return this.updateRecord(id, { overlay });
  }

  /**
   * Adds the Google account that just signed in, or renews the sign-in of one already here
   * (same `sub`). The new tokens are in the vault before the account is announced.
   */
  async addGoogle(user: UserInfo, tokens: TokenSet): Promise<{ account: Account; added: boolean }> {
    const id = googleAccountId(user.sub);
    const existing = this.google.get(id);
    if (existing) {
      await existing.connection.credentials?.store(tokens);
      existing.record = { ...existing.record, email: user.email, needsSignIn: false };
      existing.connection = this.googleConnection(existing.record, existing.connection.credentials);
      existing.offline = false;
      this.metadata = {
        ...this.metadata,
        google: this.metadata.google.map((r) => (r.id === id ? existing.record : r)),
      };
      await this.persist();
      return { account: existing.connection.account, added: false };
    }
    const record: GoogleAccountRecord = {
      id,
      subject: user.sub,
      email: user.email,
      displayName: (user.name ?? '').trim().slice(0, 100) || user.email,
      overlay: false,
      needsSignIn: false,
      addedAt: new Date(this.options.now?.() ?? Date.now()).toISOString(),
    };
    const connection = this.googleConnection(record);
    await connection.credentials?.store(tokens);
    this.google.set(id, { record, connection, offline: false });
    this.metadata = { ...this.metadata, google: [...this.metadata.google, record] };
    await this.persist();
    for (const listener of [...this.addedListeners]) listener(connection);
    return { account: connection.account, added: true };
  }

  /** Revokes the account's grant, deletes its tokens and forgets it. Removing the active account activates the local one. */
  async remove(id: string): Promise<{ revoked: boolean; problem?: string }> {
    if (id === localAccountId) {
      throw new IpcCallError({
        code: 'invalidInput',
        message: 'The local account is part of Atrium and cannot be removed.',
        location: 'account',
      });
    }
    const entry = this.google.get(id);
    if (!entry)
      throw new IpcCallError({ code: 'invalidInput', message: `Unknown account: ${id}`, location: 'account' });
    await Promise.all([...this.removingListeners].map((listener) => listener(id)));
    const outcome = (await entry.connection.credentials?.revokeAndForget()) ?? { revoked: true };
    this.google.delete(id);
    this.metadata = {
      ...this.metadata,
      active: this.metadata.active === id ? localAccountId : this.metadata.active,
      google: this.metadata.google.filter((record) => record.id !== id),
    };
    await this.persist();
    return outcome;
  }

  /** Marks a Google account offline or back online (not remembered across runs). */
  setOffline(id: string, offline: boolean): void {
    const entry = this.google.get(id);
    if (!entry || entry.offline === offline) return;
    entry.offline = offline;
    entry.connection = this.googleConnection(entry.record, entry.connection.credentials);
    this.announce();
  }

  private async updateRecord(
    id: string,
    change: { displayName?: string; overlay?: boolean },
  ): Promise<AccountsOverview> {
    if (id === localAccountId) {
      this.metadata = { ...this.metadata, local: { ...this.metadata.local, ...change } };
      this.local = this.localConnection();
    } else {
      const entry = this.google.get(id);
      if (!entry)
        throw new IpcCallError({ code: 'invalidInput', message: `Unknown account: ${id}`, location: 'account' });
      entry.record = { ...entry.record, ...change };
      entry.connection = this.googleConnection(entry.record, entry.connection.credentials);
      this.metadata = { ...this.metadata, google: this.metadata.google.map((r) => (r.id === id ? entry.record : r)) };
    }
    await this.persist();
    return this.overview();
  }

  private async persist(): Promise<void> {
    await this.options.store.save(this.metadata);
    this.announce();
  }

  private announce(): void {
    const overview = this.overview();
    for (const listener of [...this.listeners]) listener(overview);
  }

  private localConnection(): AccountConnection {
    const record = this.metadata.local;
    return {
      account: {
        id: localAccountId,
        kind: 'local',
        email: localUserEmail,
        displayName: record.displayName ?? localUserDisplayName,
        state: 'ok',
        overlay: record.overlay,
      },
      api: this.options.localApi,
    };
  }

  private googleConnection(record: GoogleAccountRecord, reuse?: GoogleCredentials): AccountConnection {
    const credentials =
      reuse ??
      new GoogleCredentials({
        vault: this.options.vault,
        oauth: this.options.oauth,
        keyPrefix: record.id,
        email: record.email,
        ...(this.options.now ? { now: this.options.now } : {}),
        onSignInNeeded: () => void this.signInNeeded(record.id),
      });
    if (record.needsSignIn) credentials.markSignInNeeded();
    const entry = this.google.get(record.id);
    const state: Account['state'] =
      record.needsSignIn || credentials.needsSignIn ? 'reauth' : entry?.offline ? 'offline' : 'ok';
    const previous = entry?.connection;
    const api =
      previous && previous.credentials === credentials
        ? previous.api
        : new ApiClient({
            baseUrl: this.options.google.apiBaseUrl,
            accessToken: () => credentials.accessToken(),
            onUnauthorized: (rejected) => credentials.renewAfterRejection(rejected),
            ...(this.options.retry ? { retry: this.options.retry } : {}),
            ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
          });
    return {
      account: {
        id: record.id,
        kind: 'google',
        email: record.email,
        displayName: record.displayName,
        state,
        overlay: record.overlay,
      },
      api,
      credentials,
    };
  }

  /** The refresh token was refused: remember it, so the account shows "sign in again" after a restart too. */
  private async signInNeeded(id: string): Promise<void> {
    const entry = this.google.get(id);
    if (!entry || entry.record.needsSignIn) return;
    entry.record = { ...entry.record, needsSignIn: true };
    entry.connection = this.googleConnection(entry.record, entry.connection.credentials);
    this.metadata = { ...this.metadata, google: this.metadata.google.map((r) => (r.id === id ? entry.record : r)) };
    await this.persist().catch(() => this.announce());
  }
}
