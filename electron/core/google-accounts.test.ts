import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcEvent } from '../../shared/ipc/contract';
import { IpcCallError } from '../../shared/ipc/errors';
import { createCore } from './core';
import type { Core } from './core';
import { credentialKeys } from './google-credentials';
import { filesContainingSecrets, recordIpc } from './testing/ipc-recorder';
import type { RecordedIpc } from './testing/ipc-recorder';
import { startGoogleStandIn } from './testing/google-stand-in';
import type { GoogleStandIn } from './testing/google-stand-in';
import { walkProviderPages } from './testing/provider-pages';
import { MemoryVault } from './vault';

let dir: string;
let standIn: GoogleStandIn;
let vault: MemoryVault;
let core: Core;
let ipc: RecordedIpc;
let annId: string;

const people = { 'ann@example.com': 'Ann Example', 'bo@example.com': 'Bo' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-google-'));
  standIn = await startGoogleStandIn({ dataDir: join(dir, 'google'), people });
  vault = new MemoryVault();
  core = await createCore({
    userDataDir: join(dir, 'app'),
    vault,
    host: 'browser',
    config: { google: standIn.config },
    changeWatch: false,
    openExternal: () => false,
    log: () => {},
  });
  ipc = recordIpc(core);
});

afterAll(async () => {
  ipc?.close();
  await core?.close();
  await standIn?.close();
  await rm(dir, { recursive: true, force: true });
});

const signInEvent = (flow: string) => (event: IpcEvent) => event.type === 'signIn' && event.flow === flow;

async function signIn(
  login: string,
  options: { consent?: boolean } = {},
): Promise<{ flow: string; event: IpcEvent; finalText: string }> {
  const started = await ipc.client.invoke('accounts.signIn', {});
  const walk = await walkProviderPages(started.authorizationUrl, login, options);
  const event = await ipc.waitForEvent(signInEvent(started.flow));
  return { flow: started.flow, event, finalText: walk.finalText };
}

describe('Google sign-in (RFC 8252) against a real OAuth server', () => {
  it('asks for the code with PKCE S256, state, offline access and consent, redirecting to an ephemeral loopback port', async () => {
    const started = await ipc.client.invoke('accounts.signIn', { loginHint: 'ann@example.com' });
    const url = new URL(started.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(standIn.config.authorizationEndpoint);
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(Number(redirect.port)).toBeGreaterThan(0);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('login_hint')).toBe('ann@example.com');
    expect(url.searchParams.get('scope')?.split(' ')).toContain('https://www.googleapis.com/auth/calendar');
    expect(started.opened).toBe(false);

    // An answer carrying another state is refused and the sign-in keeps waiting for the real one.
    const forged = await fetch(`${redirect.origin}/?code=stolen&state=not-the-state`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('does not belong');

    expect(await ipc.client.invoke('accounts.cancelSignIn', { flow: started.flow })).toEqual({ cancelled: true });
    const event = await ipc.waitForEvent(signInEvent(started.flow));
    expect(event).toMatchObject({ outcome: 'cancelled' });
    // The loopback listener is gone once the sign-in ends.
    await expect(fetch(`${redirect.origin}/?code=x&state=y`)).rejects.toThrow();
    expect((await ipc.client.invoke('accounts.list', {})).accounts).toHaveLength(1);
  });

  it('adds the account after login and consent, keeps its tokens in the vault only, and acts for it', async () => {
    const { event, finalText } = await signIn('ann@example.com');
    expect(event).toMatchObject({ outcome: 'signedIn' });
    expect(finalText).toContain('Atrium is now connected to ann@example.com');
    annId = (event as Extract<IpcEvent, { type: 'signIn' }>).account ?? '';
    const overview = await ipc.client.invoke('accounts.list', {});
    expect(overview.active).toBe('local');
    expect(overview.accounts.find((a) => a.id === annId)).toEqual({
      id: annId,
      kind: 'google',
      email: 'ann@example.com',
      displayName: 'Ann Example',
      state: 'ok',
      overlay: false,
    });
    const keys = credentialKeys(annId);
    const refresh = await vault.get(keys.refresh);
    expect(refresh && (await standIn.isActive(refresh))).toBe(true);

    // Its data is the stand-in API's, not the local service's.
    const lists = (await ipc.client.invoke('api.call', { account: annId, operation: 'TasksTasklistsList' })) as {
      items: { title: string }[];
    };
    expect(lists.items.map((l) => l.title)).toEqual(['My Tasks']);
    const calendars = (await ipc.client.invoke('api.call', {
      account: annId,
      operation: 'CalendarCalendarListList',
    })) as { items: { id: string }[] };
    expect(calendars.items.map((c) => c.id)).toContain('ann@example.com');
  });

  it('reports a declined consent as a failed sign-in and adds nobody', async () => {
    const before = (await ipc.client.invoke('accounts.list', {})).accounts.length;
    const { event, finalText } = await signIn('bo@example.com', { consent: false });
    expect(event).toMatchObject({ outcome: 'failed' });
    expect(finalText).toContain('no account was added');
    expect((await ipc.client.invoke('accounts.list', {})).accounts).toHaveLength(before);
  });

  it('switches, renames and overlays accounts, remembering it all in accounts.json', async () => {
    let mark = ipc.events.length;
    expect((await ipc.client.invoke('accounts.switch', { account: annId })).active).toBe(annId);
    await ipc.waitForEvent((e) => e.type === 'accounts' && e.active === annId, { since: mark });
    // Calls that name no account now act for Ann.
    const lists = (await ipc.client.invoke('api.call', { operation: 'TasksTasklistsList' })) as {
      items: { title: string }[];
    };
    expect(lists.items.map((l) => l.title)).toEqual(['My Tasks']);

    mark = ipc.events.length;
    const renamed = await ipc.client.invoke('accounts.rename', { account: annId, displayName: '  Work  ' });
    expect(renamed.accounts.find((a) => a.id === annId)?.displayName).toBe('Work');
    await ipc.client.invoke('accounts.rename', { account: 'local', displayName: 'This computer' });
    await ipc.client.invoke('accounts.setOverlay', { account: annId, overlay: true });
    await ipc.waitForEvent(
      (e) => e.type === 'accounts' && e.accounts.some((a) => a.id === annId && a.overlay === true),
      { since: mark },
    );

    const saved = JSON.parse(await readFile(join(dir, 'app', 'accounts.json'), 'utf8')) as Record<string, unknown>;
    expect(saved).toMatchObject({ version: 1, active: annId, local: { displayName: 'This computer' } });
    expect(saved.google).toEqual([
      expect.objectContaining({ id: annId, email: 'ann@example.com', displayName: 'Work', overlay: true }),
    ]);

    await expect(ipc.client.invoke('accounts.switch', { account: 'google-nobody' })).rejects.toMatchObject({
      code: 'invalidInput',
      location: 'account',
    });
    await expect(ipc.client.invoke('accounts.remove', { account: 'local' })).rejects.toMatchObject({
      code: 'invalidInput',
    });
    await ipc.client.invoke('accounts.switch', { account: 'local' });
  });

  it('refreshes once for many calls refused together (401), then carries on', async () => {
    const keys = credentialKeys(annId);
    const stored = JSON.parse((await vault.get(keys.access)) ?? '{}') as { token: string };
    await standIn.dropAccessToken(stored.token);
    const refreshesBefore = standIn.refreshGrants;
    const requestsBefore = standIn.apiRequests.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ipc.client.invoke('api.call', { account: annId, operation: 'TasksTasklistsList' }),
      ),
    );
    expect(answers).toHaveLength(5);
    expect(standIn.refreshGrants - refreshesBefore).toBe(1);
    const made = standIn.apiRequests.slice(requestsBefore);
    expect(made.filter((r) => r.status === 401)).toHaveLength(5);
    expect(made.filter((r) => r.status === 200)).toHaveLength(5);
    const renewed = JSON.parse((await vault.get(keys.access)) ?? '{}') as { token: string };
    expect(renewed.token).not.toBe(stored.token);
  });

  it('turns a refused refresh token (invalid_grant) into "sign in again", and a new sign-in repairs it', async () => {
    const keys = credentialKeys(annId);
    const refresh = (await vault.get(keys.refresh)) ?? '';
    await standIn.revokeGrantOf(refresh);
    const mark = ipc.events.length;
    const error = await ipc.client
      .invoke('api.call', { account: annId, operation: 'TasksTasklistsList' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IpcCallError);
    expect(error).toMatchObject({ code: 'unauthenticated', reason: 'reauthRequired' });
    expect((error as IpcCallError).message).toMatch(/sign in again/i);
    await ipc.waitForEvent(
      (e) => e.type === 'accounts' && e.accounts.some((a) => a.id === annId && a.state === 'reauth'),
      { since: mark },
    );
    // Remembered: a restart would still say so.
    const saved = JSON.parse(await readFile(join(dir, 'app', 'accounts.json'), 'utf8')) as {
      google: { needsSignIn: boolean }[];
    };
    expect(saved.google[0]?.needsSignIn).toBe(true);
    // Further calls fail at once, without asking the server again.
    const refreshes = standIn.refreshGrants;
    await expect(
      ipc.client.invoke('api.call', { account: annId, operation: 'TasksTasklistsList' }),
    ).rejects.toMatchObject({ reason: 'reauthRequired' });
    expect(standIn.refreshGrants).toBe(refreshes);

    const { event } = await signIn('ann@example.com');
    expect(event).toMatchObject({ outcome: 'signedIn', account: annId });
    const overview = await ipc.client.invoke('accounts.list', {});
    expect(overview.accounts.filter((a) => a.kind === 'google')).toEqual([
      expect.objectContaining({ id: annId, state: 'ok', displayName: 'Work' }),
    ]);
    await ipc.client.invoke('api.call', { account: annId, operation: 'TasksTasklistsList' });
  });

  it('never writes a token to the data folder and never sends one across the IPC boundary', async () => {
    const secrets = [
      ...standIn.issuedTokens(),
      core.localUser.token,
      ...vault.values().filter((v) => !v.startsWith('{')),
    ];
    expect(standIn.issuedTokens().length).toBeGreaterThanOrEqual(4);
    expect(await filesContainingSecrets(join(dir, 'app'), secrets)).toEqual([]);
    const frames = ipc.hostFrames.join('\n');
    expect(ipc.hostFrames.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(frames.includes(secret)).toBe(false);
  });

  it('removes the account: revokes the grant at the provider and deletes its tokens from the vault', async () => {
    const keys = credentialKeys(annId);
    const refresh = (await vault.get(keys.refresh)) ?? '';
    const access = (JSON.parse((await vault.get(keys.access)) ?? '{}') as { token: string }).token;
    expect(await standIn.isActive(refresh)).toBe(true);
    await ipc.client.invoke('accounts.switch', { account: annId });

    const answer = await ipc.client.invoke('accounts.remove', { account: annId });
    expect(answer).toMatchObject({ revoked: true, active: 'local' });
    expect(answer.accounts.map((a) => a.id)).toEqual(['local']);
    expect(await standIn.isActive(refresh)).toBe(false);
    expect(await standIn.isActive(access)).toBe(false);
    expect(vault.keys().filter((key) => key.startsWith(annId))).toEqual([]);
    expect(vault.values().some((value) => value.includes(refresh) || value.includes(access))).toBe(false);
    await expect(
      ipc.client.invoke('api.call', { account: annId, operation: 'TasksTasklistsList' }),
    ).rejects.toMatchObject({ code: 'invalidInput' });
    const saved = JSON.parse(await readFile(join(dir, 'app', 'accounts.json'), 'utf8')) as {
      google: unknown[];
      active: string;
    };
    expect(saved).toMatchObject({ google: [], active: 'local' });
  });
});

describe('access token lifetime', () => {
  let shortDir: string;
  let shortStandIn: GoogleStandIn;
  let shortCore: Core;

  beforeAll(async () => {
    shortDir = await mkdtemp(join(tmpdir(), 'atrium-google-expiry-'));
    // 61 s tokens are inside the core's 60 s refresh margin after one second.
    shortStandIn = await startGoogleStandIn({ dataDir: join(shortDir, 'google'), accessTokenTtl: 61 });
    shortCore = await createCore({
      userDataDir: join(shortDir, 'app'),
      vault: new MemoryVault(),
      host: 'browser',
      config: { google: shortStandIn.config },
      changeWatch: false,
      log: () => {},
    });
  });

  afterAll(async () => {
    await shortCore?.close();
    await shortStandIn?.close();
    await rm(shortDir, { recursive: true, force: true });
  });

  it('refreshes an access token before it expires, so the API never sees a stale one', async () => {
    const recorded = recordIpc(shortCore);
    const started = await recorded.client.invoke('accounts.signIn', {});
    await walkProviderPages(started.authorizationUrl, 'cy@example.com');
    const event = await recorded.waitForEvent(signInEvent(started.flow));
    const account = (event as Extract<IpcEvent, { type: 'signIn' }>).account ?? '';
    await recorded.client.invoke('api.call', { account, operation: 'TasksTasklistsList' });
    expect(shortStandIn.refreshGrants).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await recorded.client.invoke('api.call', { account, operation: 'TasksTasklistsList' });
    expect(shortStandIn.refreshGrants).toBe(1);
    expect(shortStandIn.apiRequests.filter((r) => r.status === 401)).toEqual([]);
    recorded.close();
  });
});
