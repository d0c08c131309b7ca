import { randomUUID } from 'node:crypto';
import type { Account, IpcEvent } from '../../../shared/ipc/contract';
import { IpcCallError } from '../../../shared/ipc/errors';
import { openLoopbackRedirect } from './loopback-redirect';
import type { LoopbackRedirect } from './loopback-redirect';
import { OAuthError } from './oauth-client';
import type { OAuthClient, TokenSet, UserInfo } from './oauth-client';
import { createPkcePair, createState } from './pkce';

type SignInEvent = Extract<IpcEvent, { type: 'signIn' }>;

export interface SignInFlowsOptions {
  readonly oauth: OAuthClient;
  /** Opens the address in the system browser; answers whether it could. */
  readonly openExternal: (url: string) => Promise<boolean>;
  /** Keeps the account that signed in; answers it. */
  readonly onSignedIn: (user: UserInfo, tokens: TokenSet) => Promise<Account>;
  readonly onOutcome: (event: SignInEvent) => void;
  /** How long a sign-in may wait for the browser. */
  readonly timeoutMs?: number;
  readonly log?: (message: string) => void;
}

interface RunningFlow {
  readonly redirect: LoopbackRedirect;
  readonly timer: NodeJS.Timeout;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Google sign-in for a desktop app (RFC 8252, Google's installed-app flow): the system browser
 * opens the authorization page; the answer comes back to a loopback listener on 127.0.0.1 with a
 * port the OS chose; PKCE (S256) binds the code to this app instance and `state` binds the answer
 * to this request. One sign-in runs at a time; starting another cancels the previous one.
 */
export class SignInFlows {
  private readonly running = new Map<string, RunningFlow>();

  constructor(private readonly options: SignInFlowsOptions) {}

  async start(
    request: { loginHint?: string } = {},
  ): Promise<{ flow: string; authorizationUrl: string; opened: boolean }> {
    if (!this.options.oauth.configured) {
      throw new IpcCallError({
        code: 'unavailable',
        reason: 'signInNotConfigured',
        message:
          'Google sign-in is not set up in this copy of Atrium: no OAuth client id is configured. ' +
          'Set google.clientId in config.json in the Atrium data folder, or the ATRIUM_GOOGLE_CLIENT_ID environment variable.',
      });
    }
    for (const flow of [...this.running.keys()]) await this.cancel(flow);

    const flow = randomUUID();
    const state = createState();
    const pkce = await createPkcePair();
    const redirect = await openLoopbackRedirect(state);
    const authorizationUrl = this.options.oauth.authorizationUrl({
      redirectUri: redirect.redirectUri,
      state,
      codeChallenge: pkce.challenge,
      ...(request.loginHint ? { loginHint: request.loginHint } : {}),
    });
    const timer = setTimeout(
      () =>
        void this.end(flow, 'failed', 'The sign-in took too long and was stopped. Start it again when you are ready.'),
      this.options.timeoutMs ?? 10 * 60_000,
    );
    timer.unref();
    this.running.set(flow, { redirect, timer });
    void this.complete(flow, redirect, pkce.verifier);

    let opened = false;
    try {
      opened = await this.options.openExternal(authorizationUrl);
    } catch (error) {
      this.options.log?.(`Could not open the browser for sign-in: ${describe(error)}`);
    }
    return { flow, authorizationUrl, opened };
  }

  async cancel(flow: string): Promise<boolean> {
    if (!this.running.has(flow)) return false;
    await this.end(flow, 'cancelled', 'The sign-in was cancelled.');
    return true;
  }

  async close(): Promise<void> {
    await Promise.all([...this.running.keys()].map((flow) => this.end(flow, 'cancelled', 'Atrium is closing.')));
  }

  private async complete(flow: string, redirect: LoopbackRedirect, codeVerifier: string): Promise<void> {
    let code: string;
    try {
      code = await redirect.code;
    } catch (error) {
      // Declined in the browser, or cancelled / timed out (already reported by `end`).
      if (this.running.has(flow)) await this.end(flow, 'failed', describe(error));
      return;
    }
    let tokens: TokenSet | undefined;
    try {
      tokens = await this.options.oauth.exchangeCode({ code, redirectUri: redirect.redirectUri, codeVerifier });
      if (!tokens.refreshToken)
        throw new OAuthError(
          'no_refresh_token',
          'Google did not grant offline access, so Atrium could not stay signed in. Try again.',
          0,
        );
      const user = await this.options.oauth.userInfo(tokens.accessToken, tokens.subject);
      if (!this.running.has(flow)) throw new OAuthError('cancelled', 'The sign-in was cancelled.', 0);
      const account = await this.options.onSignedIn(user, tokens);
      await redirect.finish({ ok: true, message: `Atrium is now connected to ${account.email}.` });
      this.settle(flow);
      this.options.onOutcome({ type: 'signIn', flow, outcome: 'signedIn', account: account.id });
    } catch (error) {
      // Tokens obtained for a sign-in that did not complete must not stay valid somewhere.
      const leftover = tokens?.refreshToken ?? tokens?.accessToken;
      if (leftover) await this.options.oauth.revoke(leftover).catch(() => {});
      const message = `Sign-in failed: ${describe(error)}`;
      await redirect.finish({ ok: false, message });
      if (this.running.has(flow)) {
        this.settle(flow);
        this.options.onOutcome({ type: 'signIn', flow, outcome: 'failed', message });
      }
    }
  }

  private settle(flow: string): void {
    const running = this.running.get(flow);
    if (!running) return;
    clearTimeout(running.timer);
    this.running.delete(flow);
  }

  private async end(flow: string, outcome: 'failed' | 'cancelled', message: string): Promise<void> {
    const running = this.running.get(flow);
    if (!running) return;
    this.settle(flow);
    await running.redirect.abort(new OAuthError(outcome === 'cancelled' ? 'cancelled' : 'timeout', message, 0));
    this.options.onOutcome({ type: 'signIn', flow, outcome, message });
  }
}
