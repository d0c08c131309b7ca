import { z } from 'zod';
import { ApiCallError } from './api-call-error';
import { OAuthError } from './oauth/oauth-client';
import type { OAuthClient, TokenSet } from './oauth/oauth-client';
import type { Vault } from './vault';

/** The account's refresh token was refused (`invalid_grant`): only a new sign-in helps. */
export class ReauthRequired extends ApiCallError {
  constructor(readonly email: string) {
    super(
      401,
      'reauthRequired',
      `Google no longer accepts Atrium's access to ${email}. Sign in again to keep using it.`,
    );
    this.name = 'ReauthRequired';
  }
}

const storedAccessSchema = z.object({ token: z.string().min(1), expiresAt: z.number() });

export interface GoogleCredentialsOptions {
  readonly vault: Vault;
  readonly oauth: OAuthClient;
  /** Vault key prefix of this account, e.g. `google-1234`. */
  readonly keyPrefix: string;
  readonly email: string;
  readonly now?: () => number;
  /** Refresh this long before the access token expires. */
  readonly refreshMarginMs?: number;
  /** Told once when the refresh token is refused. */
  readonly onSignInNeeded?: () => void;
}

export const credentialKeys = (prefix: string): { refresh: string; access: string } => ({
  refresh: `${prefix}:refresh-token`,
  access: `${prefix}:access-token`,
});

/**
 * One Google account's tokens: the refresh token and the current access token, both kept in the
 * vault. Hands out an access token that is not about to expire, refreshing it first when it is;
 * refreshes again when the API refuses the token (401). Concurrent callers share one refresh.
 */
export class GoogleCredentials {
  private access: { token: string; expiresAt: number } | undefined;
  private loaded = false;
  private refreshing: Promise<string> | undefined;
  private signInNeeded = false;
  private readonly now: () => number;
  private readonly margin: number;
  private readonly keys: { refresh: string; access: string };

  constructor(private readonly options: GoogleCredentialsOptions) {
    this.now = options.now ?? Date.now;
    this.margin = options.refreshMarginMs ?? 60_000;
    this.keys = credentialKeys(options.keyPrefix);
  }

  /** Stores the tokens of a new sign-in; a sign-in also clears any earlier refusal. */
  async store(tokens: TokenSet): Promise<void> {
    if (tokens.refreshToken) await this.options.vault.set(this.keys.refresh, tokens.refreshToken);
    await this.keepAccess(tokens);
    this.signInNeeded = false;
    this.loaded = true;
  }

  /** Marks the account as needing a sign-in without asking the server (state read from disk). */
  markSignInNeeded(): void {
    this.signInNeeded = true;
  }

  get needsSignIn(): boolean {
    return this.signInNeeded;
  }

  async accessToken(): Promise<string> {
    if (this.signInNeeded) throw new ReauthRequired(this.options.email);
    await this.loadAccess();
    const access = this.access;
    if (access && access.expiresAt - this.margin > this.now()) return access.token;
    return this.refresh();
  }

  /** After a 401 for `rejected`: true once a different token is available. */
  async renewAfterRejection(rejected: string): Promise<boolean> {
    if (this.signInNeeded) throw new ReauthRequired(this.options.email);
    if (this.access && this.access.token !== rejected) return true;
    this.access = undefined;
    await this.refresh();
    return true;
  }

  /** Revokes the grant at the server (refresh token, else access token) and forgets the tokens. */
  async revokeAndForget(): Promise<{ revoked: boolean; problem?: string }> {
    const refresh = await this.options.vault.get(this.keys.refresh);
    await this.loadAccess();
    const token = refresh ?? this.access?.token;
    let result: { revoked: boolean; problem?: string } = { revoked: token === undefined };
    if (token) {
      try {
        await this.options.oauth.revoke(token);
        result = { revoked: true };
      } catch (error) {
        result = { revoked: false, problem: error instanceof Error ? error.message : String(error) };
      }
    }
    await this.forget();
    return result;
  }

  async forget(): Promise<void> {
    this.access = undefined;
    await this.options.vault.delete(this.keys.refresh);
    await this.options.vault.delete(this.keys.access);
  }

  private async loadAccess(): Promise<void> {
    if (this.loaded) return;
    this.loaded = true;
    const stored = await this.options.vault.get(this.keys.access);
    if (!stored) return;
    try {
      const parsed = storedAccessSchema.safeParse(JSON.parse(stored));
      if (parsed.success) this.access = parsed.data;
    } catch {
      // A damaged entry is just a token to refresh.
    }
  }

  private async keepAccess(tokens: TokenSet): Promise<void> {
    this.access = { token: tokens.accessToken, expiresAt: tokens.expiresAt };
    await this.options.vault.set(this.keys.access, JSON.stringify(this.access));
  }

  private refresh(): Promise<string> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<string> {
    const refreshToken = await this.options.vault.get(this.keys.refresh);
    if (!refreshToken) return this.refused();
    let tokens: TokenSet;
    try {
      tokens = await this.options.oauth.refresh(refreshToken);
    } catch (error) {
      if (error instanceof OAuthError) {
        if (error.error === 'invalid_grant') return this.refused();
        throw new ApiCallError(
          error.status >= 500 ? 503 : 401,
          error.status >= 500 ? 'backendError' : 'authError',
          `Refreshing the sign-in failed: ${error.message}`,
        );
      }
      throw error;
    }
    // Google keeps the refresh token; a server that rotates it sends the new one, which replaces the old.
    if (tokens.refreshToken && tokens.refreshToken !== refreshToken)
      await this.options.vault.set(this.keys.refresh, tokens.refreshToken);
    await this.keepAccess(tokens);
    return tokens.accessToken;
  }

  private refused(): never {
    if (!this.signInNeeded) {
      this.signInNeeded = true;
      this.options.onSignInNeeded?.();
    }
    throw new ReauthRequired(this.options.email);
  }
}
