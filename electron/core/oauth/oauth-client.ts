import * as oidc from 'openid-client';
import { ApiCallError } from '../api-call-error';
import type { GoogleConfig } from '../config';

/**
 * The OAuth 2.0 requests a desktop app makes (RFC 6749, RFC 7636, RFC 7009, OpenID Connect, Google's
 * installed-app flow) on openid-client: build the authorization address, exchange the code (the ID
 * token's claims checked), refresh, revoke, and ask who signed in. This class only adapts its
 * answers and errors to what the accounts code works with.
 */

/** A refused OAuth request, with the protocol's `error` code (`invalid_grant`, `invalid_client`, ...). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

export interface TokenSet {
  readonly accessToken: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
  readonly refreshToken?: string;
  readonly scope?: string;
  /** The `sub` of the ID token that came with the tokens, when one did. */
  readonly subject?: string;
}

export interface UserInfo {
  readonly sub: string;
  readonly email: string;
  readonly name?: string;
}

/** Without `expires_in`, assume Google's usual hour. */
const defaultLifetimeSeconds = 3600;

export interface OAuthClientOptions {
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

export class OAuthClient {
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private configuration: oidc.Configuration | undefined;

  constructor(
    private readonly config: GoogleConfig,
    options: OAuthClientOptions = {},
  ) {
    this.fetchImpl = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
  }

  get configured(): boolean {
    return this.config.clientId !== undefined;
  }

  /** The server's metadata comes from configuration (Google's endpoints are fixed; a test points them elsewhere). */
  private client(): oidc.Configuration {
    if (this.configuration) return this.configuration;
    const clientId = this.config.clientId;
    if (!clientId) throw new OAuthError('unconfigured', 'No OAuth client id is configured for Google sign-in.', 0);
    const server: oidc.ServerMetadata = {
      issuer: this.config.issuer,
      authorization_endpoint: this.config.authorizationEndpoint,
      token_endpoint: this.config.tokenEndpoint,
      revocation_endpoint: this.config.revocationEndpoint,
      userinfo_endpoint: this.config.userinfoEndpoint,
    };
    // Google issues desktop clients a "secret" that is not secret (RFC 8252 §8.5); sent in the body when set.
    const auth = this.config.clientSecret ? oidc.ClientSecretPost(this.config.clientSecret) : oidc.None();
    const configuration = new oidc.Configuration(server, clientId, undefined, auth);
    configuration[oidc.customFetch] = (url, init) => this.fetchImpl(url, init as RequestInit);
    // Plain http only where configuration asks for it (a local authorization server in tests).
    const endpoints = [
      server.authorization_endpoint,
      server.token_endpoint,
      server.revocation_endpoint,
      server.userinfo_endpoint,
    ];
    if (endpoints.some((endpoint) => endpoint?.startsWith('http:'))) oidc.allowInsecureRequests(configuration);
    this.configuration = configuration;
    return configuration;
  }

  authorizationUrl(request: { redirectUri: string; state: string; codeChallenge: string; loginHint?: string }): string {
    const params: Record<string, string> = {
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: this.config.scopes.join(' '),
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      state: request.state,
      // A refresh token, and a fresh one each time: Google sends one only with consent.
      access_type: 'offline',
      prompt: 'consent',
    };
    if (request.loginHint) params.login_hint = request.loginHint;
    return oidc.buildAuthorizationUrl(this.client(), params).toString();
  }

  /** The redirect's `state` was checked by the loopback listener that received it. */
  async exchangeCode(request: { code: string; redirectUri: string; codeVerifier: string }): Promise<TokenSet> {
    const callback = new URL(request.redirectUri);
    callback.searchParams.set('code', request.code);
    return this.tokens((configuration) =>
      oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: oidc.skipStateCheck,
      }),
    );
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.tokens((configuration) => oidc.refreshTokenGrant(configuration, refreshToken));
  }

  /** Revokes a token (a refresh token revokes the whole grant at Google). An unknown token counts as revoked. */
  async revoke(token: string): Promise<void> {
    const configuration = this.client();
    try {
      await oidc.tokenRevocation(configuration, token);
    } catch (error) {
      // RFC 7009: an invalid token is not an error for revocation; Google answers invalid_token for one already revoked.
      if (
        error instanceof oidc.ResponseBodyError &&
        (error.error === 'invalid_token' || error.error === 'invalid_grant')
      )
        return;
      throw this.translate(error, this.config.revocationEndpoint, 'revocation_failed');
    }
  }

  async userInfo(accessToken: string, expectedSubject?: string): Promise<UserInfo> {
    const configuration = this.client();
    let claims: oidc.UserInfoResponse;
    try {
      claims = await oidc.fetchUserInfo(configuration, accessToken, expectedSubject ?? oidc.skipSubjectCheck);
    } catch (error) {
      throw this.translate(error, this.config.userinfoEndpoint, 'userinfo_failed');
    }
    const email = typeof claims.email === 'string' ? claims.email : '';
    if (!claims.sub || email.length < 3)
      throw new OAuthError(
        'invalid_userinfo',
        'The account server did not say which account signed in (no sub or email).',
        200,
      );
    return { sub: claims.sub, email, ...(typeof claims.name === 'string' ? { name: claims.name } : {}) };
  }

  private async tokens(
    grant: (
      configuration: oidc.Configuration,
    ) => Promise<oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers>,
  ): Promise<TokenSet> {
    const configuration = this.client();
    const requestedAt = this.now();
    let answer: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
    try {
      answer = await grant(configuration);
    } catch (error) {
      throw this.translate(error, this.config.tokenEndpoint, 'token_request_failed');
    }
    const subject = answer.claims()?.sub;
    return {
      accessToken: answer.access_token,
      // Counted from when the request was sent, so the token is never thought to live longer than it does.
      expiresAt: requestedAt + (answer.expires_in ?? defaultLifetimeSeconds) * 1000,
      ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}),
      ...(answer.scope !== undefined ? { scope: answer.scope } : {}),
      ...(subject ? { subject } : {}),
    };
  }

  /** The library's errors as the accounts code knows them; the request (which carries secrets) is never repeated. */
  private translate(error: unknown, endpoint: string, fallback: string): Error {
    if (error instanceof OAuthError) return error;
    if (error instanceof oidc.ResponseBodyError) {
      const description = error.error_description ? `${error.error}: ${error.error_description}` : error.error;
      return new OAuthError(error.error, description, error.status);
    }
    if (error instanceof oidc.WWWAuthenticateChallengeError) {
      const challenge = error.cause[0];
      const code = challenge?.parameters.error ?? fallback;
      return new OAuthError(code, `The account server answered ${error.status} (${code}).`, error.status);
    }
    if (error instanceof oidc.ClientError) {
      const status = error.cause instanceof Response ? error.cause.status : 0;
      if (status >= 400) return new OAuthError(fallback, `The account server answered ${status}.`, status);
      if (!isNetworkFailure(error))
        return new OAuthError(
          fallback === 'token_request_failed' ? 'invalid_token_response' : fallback,
          `The account server's answer could not be used (${error.message}).`,
          status,
        );
    }
    return networkError(endpoint, error);
  }
}

function isNetworkFailure(error: Error): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof TypeError && /fetch failed|network|ECONNREFUSED/i.test(cause.message)) return true;
  }
  return false;
}

function networkError(endpoint: string, cause: unknown): ApiCallError {
  const origin = URL.canParse(endpoint) ? new URL(endpoint).origin : endpoint;
  let detail = String(cause);
  if (cause instanceof Error) {
    let deepest: Error = cause;
    while (deepest.cause instanceof Error) deepest = deepest.cause;
    detail = deepest.message;
  }
  return new ApiCallError(0, 'networkError', `Could not reach ${origin}: ${detail}`);
}
