import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Provider from 'oidc-provider';
import type { Configuration } from 'oidc-provider';
import { startEmbeddedService } from '../../service';
import type { EmbeddedService } from '../../service';
import type { GoogleConfig } from '../config';
import { googleScopes } from '../config';

/**
 * A local stand-in for Google, for tests and benchmarks: a real OAuth 2.0 authorization server
 * (oidc-provider, with its development login and consent pages) and an embedded service as the
 * API. The API sits behind a small gateway that accepts exactly the access tokens the provider
 * says are active (token introspection), the way Google's APIs accept only live tokens, and
 * forwards the request as that person.
 */
export interface GoogleStandIn {
  /** Endpoints and client credentials to configure the core with. */
  readonly config: GoogleConfig;
  readonly issuer: string;
  readonly provider: Provider;
  /** The embedded service behind the gateway (its own users and tokens). */
  readonly service: EmbeddedService;
  /** How many refresh-token grants the provider has answered. */
  readonly refreshGrants: number;
  /** Whether the provider still considers a token (access or refresh) live. */
  isActive(token: string): Promise<boolean>;
  /** Drops one access token at the provider (as Google does when it expires early); the grant stays. */
  dropAccessToken(token: string): Promise<void>;
  /** Revokes the whole grant behind a token: refresh and access tokens stop working. */
  revokeGrantOf(token: string): Promise<void>;
  /** Every access and refresh token the provider issued, for leak checks. */
  issuedTokens(): string[];
  /** The service token the gateway uses for a person (for arranging data directly). */
  serviceTokenFor(email: string): string;
  /** Requests answered by the gateway, by path, for counting API traffic. */
  readonly apiRequests: { method: string; path: string; query: string; status: number; at: number }[];
  /** The next `count` API requests are answered with this Google error (rate limits, outages). */
  failApiRequests(count: number, status: number, reason: string): void;
  /** Stops the API from answering at all (connections refused), as when the network is gone. */
  takeApiOffline(): Promise<void>;
  /** Serves the API again on the same address. */
  bringApiOnline(): Promise<void>;
  close(): Promise<void>;
}

export interface GoogleStandInOptions {
  readonly dataDir: string;
  /** Access token lifetime in seconds. */
  readonly accessTokenTtl?: number;
  /** People who can sign in: email → display name. */
  readonly people?: Readonly<Record<string, string>>;
  /** The API's clock (a test moves it to age sync tokens past their retention). */
  readonly now?: () => Date;
}

const clientId = 'atrium-desktop-test';
const clientSecret = 'not-really-secret-desktop-client-secret';
const gatewayClientId = 'api-gateway';
const gatewayClientSecret = randomBytes(24).toString('base64url');

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const googleError = (code: number, reason: string, message: string): string =>
  JSON.stringify({
    error: { code, message, errors: [{ domain: 'global', reason, message }], status: 'UNAUTHENTICATED' },
  });

export async function startGoogleStandIn(options: GoogleStandInOptions): Promise<GoogleStandIn> {
  const people = options.people ?? {};
  const service = await startEmbeddedService({
    dataDir: join(options.dataDir, 'google-api'),
    port: 0,
    ...(options.now ? { now: options.now } : {}),
  });
  const serviceTokens = new Map<string, string>();
  const serviceTokenFor = (email: string): string => {
    const key = email.toLowerCase();
    let token = serviceTokens.get(key);
    if (!token) {
      token = `svc-${randomBytes(18).toString('base64url')}`;
      service.addUser({ email: key, token, displayName: people[key] ?? key.split('@')[0] ?? key });
      serviceTokens.set(key, token);
    }
    return token;
  };

  const providerServer = createServer();
  const issuer = await listen(providerServer);
  const issued = new Set<string>();
  let refreshGrants = 0;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        application_type: 'native',
        redirect_uris: ['http://127.0.0.1/'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
      {
        client_id: gatewayClientId,
        client_secret: gatewayClientSecret,
        redirect_uris: [],
        grant_types: [],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, sub) {
      const email = sub.toLowerCase();
      return {
        accountId: email,
        claims: async () => ({ sub: email, email, email_verified: true, name: people[email] ?? email.split('@')[0] }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'offline_access', 'email', 'profile', ...googleScopes.filter((s) => s.startsWith('https://'))],
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true },
      userinfo: { enabled: true },
    },
    // Google grants a refresh token for `access_type=offline` without an `offline_access` scope.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: false,
    ttl: {
      AccessToken: options.accessTokenTtl ?? 3600,
      RefreshToken: 30 * 24 * 3600,
      Grant: 30 * 24 * 3600,
      Session: 3600,
      Interaction: 600,
      IdToken: 3600,
      AuthorizationCode: 60,
    },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Error</title><h1>${String(out.error)}</h1><p>${String(out.error_description ?? '')}</p>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.on('access_token.issued', (token) => issued.add(token.jti));
  provider.on('access_token.saved', (token) => issued.add(token.jti));
  provider.on('refresh_token.saved', (token) => issued.add(token.jti));
  provider.on('grant.success', (ctx) => {
    if (ctx.oidc.params?.grant_type === 'refresh_token') refreshGrants++;
  });
  // oidc-provider logs each server error to the console through this event; tests read answers instead.
  provider.on('server_error', () => {});
  const handleProviderRequest = provider.callback();
  providerServer.on('request', (req, res) => void handleProviderRequest(req, res));

  async function introspect(token: string): Promise<{ active: boolean; sub?: string }> {
    const response = await fetch(`${issuer}/token/introspection`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, client_id: gatewayClientId, client_secret: gatewayClientSecret }),
    });
    if (!response.ok) throw new Error(`introspection answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { active: boolean; sub?: string };
  }

  const apiRequests: { method: string; path: string; query: string; status: number; at: number }[] = [];
  const faults: { status: number; reason: string }[] = [];
  const serviceUrl = new URL(service.url);
  const gateway = createServer((req: IncomingMessage, res: ServerResponse) => {
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const record = (status: number): void =>
      void apiRequests.push({ method: req.method ?? '', path, query, status, at: Date.now() });
    const fault = faults.shift();
    if (fault) {
      record(fault.status);
      req.resume();
      res
        .writeHead(fault.status, { 'content-type': 'application/json; charset=UTF-8' })
        .end(googleError(fault.status, fault.reason, `Injected ${fault.reason}`));
      return;
    }
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const refuse = (): void => {
      record(401);
      req.resume();
      res
        .writeHead(401, {
          'content-type': 'application/json; charset=UTF-8',
          'www-authenticate': 'Bearer realm="https://accounts.google.com/"',
        })
        .end(googleError(401, 'authError', 'Request had invalid authentication credentials.'));
    };
    if (!bearer) return refuse();
    introspect(bearer).then(
      (answer) => {
        if (!answer.active || !answer.sub) return refuse();
        const headers = {
          ...req.headers,
          host: serviceUrl.host,
          authorization: `Bearer ${serviceTokenFor(answer.sub)}`,
        };
        const upstream = httpRequest(
          { host: serviceUrl.hostname, port: serviceUrl.port, method: req.method, path: req.url, headers },
          (answerStream) => {
            record(answerStream.statusCode ?? 0);
            // Upload sessions the service opens are addressed through the gateway, as Google's are on its own host.
            const headers = { ...answerStream.headers };
            if (typeof headers.location === 'string' && headers.location.startsWith(serviceUrl.origin))
              headers.location = `${apiUrl}${headers.location.slice(serviceUrl.origin.length)}`;
            res.writeHead(answerStream.statusCode ?? 502, headers);
            answerStream.pipe(res);
          },
        );
        upstream.on('error', () => {
          if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
        });
        req.pipe(upstream);
      },
      () => {
        record(503);
        res
          .writeHead(503, { 'content-type': 'application/json' })
          .end(googleError(503, 'backendError', 'introspection failed'));
      },
    );
  });
  const apiUrl = await listen(gateway);
  const apiPort = Number(new URL(apiUrl).port);

  const config: GoogleConfig = {
    clientId,
    clientSecret,
    issuer,
    authorizationEndpoint: `${issuer}/auth`,
    tokenEndpoint: `${issuer}/token`,
    revocationEndpoint: `${issuer}/token/revocation`,
    userinfoEndpoint: `${issuer}/me`,
    apiBaseUrl: apiUrl,
    scopes: [...googleScopes],
  };

  return {
    config,
    issuer,
    provider,
    service,
    get refreshGrants() {
      return refreshGrants;
    },
    async isActive(token) {
      return (await introspect(token)).active;
    },
    async dropAccessToken(token) {
      const found = await provider.AccessToken.find(token);
      if (!found) throw new Error('no such access token');
      await found.destroy();
    },
    async revokeGrantOf(token) {
      const found = (await provider.AccessToken.find(token)) ?? (await provider.RefreshToken.find(token));
      if (!found?.grantId) throw new Error('no such token');
      const grant = await provider.Grant.find(found.grantId);
      await grant?.destroy();
      const refresh = await provider.RefreshToken.find(token);
      await refresh?.destroy();
      const access = await provider.AccessToken.find(token);
      await access?.destroy();
    },
    issuedTokens: () => [...issued],
    serviceTokenFor,
    apiRequests,
    failApiRequests(count, status, reason) {
      for (let i = 0; i < count; i++) faults.push({ status, reason });
    },
    async takeApiOffline() {
      if (!gateway.listening) return;
      const closed = new Promise<void>((resolve) => gateway.close(() => resolve()));
      gateway.closeAllConnections();
      await closed;
    },
    async bringApiOnline() {
      if (gateway.listening) return;
      await new Promise<void>((resolve, reject) => {
        gateway.once('error', reject);
        gateway.listen(apiPort, '127.0.0.1', () => resolve());
      });
    },
    async close() {
      gateway.closeAllConnections();
      providerServer.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => (gateway.listening ? gateway.close(() => resolve()) : resolve())),
        new Promise<void>((resolve) => providerServer.close(() => resolve())),
      ]);
      await service.close();
    },
  };
}
