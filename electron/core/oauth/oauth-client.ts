import { z } from 'zod';
import { ApiCallError } from '../api-call-error';
import type { GoogleConfig } from '../config';

/**
 * The OAuth 2.0 requests a desktop app makes (RFC 6749, RFC 7636, RFC 7009, Google's installed-app
 * flow): build the authorization address, exchange the code, refresh, revoke, and ask who signed
 * in. Plain fetch; every answer is validated before use.
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
}

export interface UserInfo {
  readonly sub: string;
  readonly email: string;
  readonly name?: string;
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type must be Bearer'),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
});

const errorAnswerSchema = z.object({ error: z.string(), error_description: z.string().optional() });

const userInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(3),
  name: z.string().optional(),
});

/** Without `expires_in`, assume Google's usual hour. */
const defaultLifetimeSeconds = 3600;

export interface OAuthClientOptions {
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

export class OAuthClient {
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;

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

  private clientId(): string {
    if (!this.config.clientId)
      throw new OAuthError('unconfigured', 'No OAuth client id is configured for Google sign-in.', 0);
    return this.config.clientId;
  }

  /** Client authentication for the token and revocation endpoints (client_secret_post). */
  private clientFields(): Record<string, string> {
    return {
      client_id: this.clientId(),
      ...(this.config.clientSecret ? { client_secret: this.config.clientSecret } : {}),
    };
  }

  authorizationUrl(request: { redirectUri: string; state: string; codeChallenge: string; loginHint?: string }): string {
    const url = new URL(this.config.authorizationEndpoint);
    const params: Record<string, string> = {
      client_id: this.clientId(),
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
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  exchangeCode(request: { code: string; redirectUri: string; codeVerifier: string }): Promise<TokenSet> {
    return this.tokenRequest({
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.redirectUri,
      code_verifier: request.codeVerifier,
    });
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** Revokes a token (a refresh token revokes the whole grant at Google). An unknown token counts as revoked. */
  async revoke(token: string): Promise<void> {
    const response = await this.post(this.config.revocationEndpoint, { token, ...this.clientFields() });
    if (response.ok) return;
    const text = await response.text();
    const error = errorAnswerSchema.safeParse(parseJson(text));
    // RFC 7009: an invalid token is not an error for revocation; Google answers invalid_token for one already revoked.
    if (error.success && (error.data.error === 'invalid_token' || error.data.error === 'invalid_grant')) return;
    throw new OAuthError(
      error.success ? error.data.error : 'revocation_failed',
      describe(response.status, text),
      response.status,
    );
  }

  async userInfo(accessToken: string): Promise<UserInfo> {
    let response: Response;
    try {
      response = await this.fetchImpl(this.config.userinfoEndpoint, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
    } catch (cause) {
      throw networkError(this.config.userinfoEndpoint, cause);
    }
    const text = await response.text();
    if (!response.ok) throw new OAuthError('userinfo_failed', describe(response.status, text), response.status);
    const parsed = userInfoSchema.safeParse(parseJson(text));
    if (!parsed.success)
      throw new OAuthError(
        'invalid_userinfo',
        'The account server did not say which account signed in (no sub or email).',
        response.status,
      );
    return parsed.data;
  }

  private async tokenRequest(fields: Record<string, string>): Promise<TokenSet> {
    const requestedAt = this.now();
    const response = await this.post(this.config.tokenEndpoint, { ...fields, ...this.clientFields() });
    const text = await response.text();
    const body = parseJson(text);
    if (!response.ok) {
      const error = errorAnswerSchema.safeParse(body);
      throw new OAuthError(
        error.success ? error.data.error : 'token_request_failed',
        describe(response.status, text),
        response.status,
      );
    }
    const parsed = tokenAnswerSchema.safeParse(body);
    if (!parsed.success)
      throw new OAuthError(
        'invalid_token_response',
        'The account server answered a token request with something that is not a token.',
        response.status,
      );
    const answer = parsed.data;
    return {
      accessToken: answer.access_token,
      // Counted from when the request was sent, so the token is never thought to live longer than it does.
      expiresAt: requestedAt + (answer.expires_in ?? defaultLifetimeSeconds) * 1000,
      ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}),
      ...(answer.scope !== undefined ? { scope: answer.scope } : {}),
    };
  }

  private async post(endpoint: string, fields: Record<string, string>): Promise<Response> {
    try {
      return await this.fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(fields).toString(),
      });
    } catch (cause) {
      throw networkError(endpoint, cause);
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A readable reason that never repeats the request (which carries secrets), only the server's words. */
function describe(status: number, text: string): string {
  const error = errorAnswerSchema.safeParse(parseJson(text));
  if (error.success)
    return error.data.error_description ? `${error.data.error}: ${error.data.error_description}` : error.data.error;
  return `The account server answered ${status}.`;
}

function networkError(endpoint: string, cause: unknown): ApiCallError {
  const origin = URL.canParse(endpoint) ? new URL(endpoint).origin : endpoint;
  const detail =
    cause instanceof Error ? ((cause as Error & { cause?: Error }).cause?.message ?? cause.message) : String(cause);
  return new ApiCallError(0, 'networkError', `Could not reach ${origin}: ${detail}`);
}
