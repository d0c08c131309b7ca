import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCallError } from '../api-call-error';
import { startGoogleStandIn, type GoogleStandIn } from '../testing/google-stand-in';
import { walkProviderPages } from '../testing/provider-pages';
import { openLoopbackRedirect } from './loopback-redirect';
import { OAuthClient, OAuthError } from './oauth-client';
import { createPkcePair, createState } from './pkce';

let dir = '';
let standIn: GoogleStandIn;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-oauth-'));
  standIn = await startGoogleStandIn({ dataDir: join(dir, 'google'), people: { 'ann@example.com': 'Ann' } });
});

afterAll(async () => {
  await standIn?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Logs in through the provider's pages and returns what the loopback listener received. */
async function authorize(client: OAuthClient): Promise<{ code: string; redirectUri: string; verifier: string }> {
  const state = createState();
  const pkce = await createPkcePair();
  const redirect = await openLoopbackRedirect(state);
  const url = client.authorizationUrl({ redirectUri: redirect.redirectUri, state, codeChallenge: pkce.challenge });
  const walking = walkProviderPages(url, 'ann@example.com');
  const code = await redirect.code;
  await redirect.finish({ ok: true, message: 'done' });
  await walking;
  return { code, redirectUri: redirect.redirectUri, verifier: pkce.verifier };
}

describe('OAuth client', () => {
  it('exchanges a code with its PKCE verifier, knows who signed in, refreshes and revokes', async () => {
    const client = new OAuthClient(standIn.config);
    const { code, redirectUri, verifier } = await authorize(client);
    const tokens = await client.exchangeCode({ code, redirectUri, codeVerifier: verifier });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt).toBeGreaterThan(Date.now());
    const user = await client.userInfo(tokens.accessToken, tokens.subject);
    expect(user).toMatchObject({ email: 'ann@example.com', sub: tokens.subject });

    const refreshed = await client.refresh(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    await client.revoke(tokens.refreshToken!);
    expect(await standIn.isActive(tokens.refreshToken!)).toBe(false);
    // Revoking what is already revoked is not an error (RFC 7009).
    await client.revoke(tokens.refreshToken!);
    await expect(client.refresh(tokens.refreshToken!)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it('refuses an ID token from another issuer than the configured one', async () => {
    const client = new OAuthClient({ ...standIn.config, issuer: 'https://accounts.google.com' });
    const { code, redirectUri, verifier } = await authorize(client);
    const exchange = client.exchangeCode({ code, redirectUri, codeVerifier: verifier });
    await expect(exchange).rejects.toBeInstanceOf(OAuthError);
    await expect(exchange).rejects.toMatchObject({ error: 'invalid_token_response' });
  });

  it('refuses a code sent with the wrong PKCE verifier', async () => {
    const client = new OAuthClient(standIn.config);
    const { code, redirectUri } = await authorize(client);
    const wrong = (await createPkcePair()).verifier;
    await expect(client.exchangeCode({ code, redirectUri, codeVerifier: wrong })).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('reports an unreachable account server as a network error, naming only its origin', async () => {
    const client = new OAuthClient({ ...standIn.config, tokenEndpoint: 'http://127.0.0.1:9/token' });
    const failure = await client.refresh('some-refresh-token').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect((failure as ApiCallError).message).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:9: /);
    expect((failure as ApiCallError).message).not.toContain('some-refresh-token');
  });

  it('says so when no client id is configured', () => {
    const { clientId: _unused, ...rest } = standIn.config;
    const client = new OAuthClient(rest);
    expect(client.configured).toBe(false);
    expect(() =>
      client.authorizationUrl({ redirectUri: 'http://127.0.0.1:1/', state: 's', codeChallenge: 'c' }),
    ).toThrow(/No OAuth client id/);
  });
});
