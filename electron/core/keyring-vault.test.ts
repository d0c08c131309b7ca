import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCredentialsAsync } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcEvent } from '../../shared/ipc/contract';
import { createCore } from './core';
import { credentialKeys } from './google-credentials';
import { keyringService, openNodeVault } from './keyring-vault';
import { filesContainingSecrets, filesUnder, recordIpc } from './testing/ipc-recorder';
import { startGoogleStandIn } from './testing/google-stand-in';
import type { GoogleStandIn } from './testing/google-stand-in';
import { secretServiceAvailable, startPrivateSecretService } from './testing/private-secret-service';
import type { PrivateSecretService } from './testing/private-secret-service';
import { walkProviderPages } from './testing/provider-pages';

let dir: string;
const savedBus = process.env.DBUS_SESSION_BUS_ADDRESS;
let secretService: PrivateSecretService | undefined;
let standIn: GoogleStandIn;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-keyring-'));
  standIn = await startGoogleStandIn({ dataDir: join(dir, 'google') });
  if (secretServiceAvailable()) {
    secretService = await startPrivateSecretService(join(dir, 'home'));
    // Before the first keyring call: the library keeps the bus it first connected to for the life of the process.
    process.env.DBUS_SESSION_BUS_ADDRESS = secretService.busAddress;
  } else {
    console.warn(
      'gnome-keyring-daemon or dbus-run-session is not installed: the keyring is not checked here (keyring-fallback.test.ts checks the fallback).',
    );
  }
});

afterAll(async () => {
  if (savedBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
  else process.env.DBUS_SESSION_BUS_ADDRESS = savedBus;
  await secretService?.stop();
  await standIn?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('vault in plain Node with a Secret Service', () => {
  it('keeps tokens in the Secret Service, encrypted on disk, across restarts, and deletes them with the account', async () => {
    if (!secretService) {
      // Without the daemon there is no keyring to check; the fallback has its own test file.
      expect(secretServiceAvailable()).toBe(false);
      return;
    }
    const userData = join(dir, 'app');
    const vault = await openNodeVault(userData);
    expect(vault.backend).toBe('keyring');
    expect(vault.persistent).toBe(true);

    // Namespaced by data folder: another folder's vault does not see these secrets.
    await vault.set('probe', 'value-1');
    const other = await openNodeVault(join(dir, 'other-app'));
    expect(await other.get('probe')).toBeUndefined();
    expect(await vault.get('probe')).toBe('value-1');
    await vault.delete('probe');
    expect(await vault.get('probe')).toBeUndefined();

    const core = await createCore({
      userDataDir: userData,
      vault,
      host: 'browser',
      changeWatch: false,
      config: { google: standIn.config },
      log: () => {},
    });
    const ipc = recordIpc(core);
    const started = await ipc.client.invoke('accounts.signIn', {});
    await walkProviderPages(started.authorizationUrl, 'dee@example.com');
    const event = (await ipc.waitForEvent((e) => e.type === 'signIn' && e.flow === started.flow)) as Extract<
      IpcEvent,
      { type: 'signIn' }
    >;
    const account = event.account ?? '';
    expect(await ipc.client.invoke('vault.status', {})).toEqual({ backend: 'keyring', persistent: true });
    await ipc.client.invoke('api.call', { account, operation: 'TasksTasklistsList' });
    const refresh = (await vault.get(credentialKeys(account).refresh)) ?? '';
    expect(refresh).not.toBe('');
    ipc.close();
    await core.close();

    // No token in plaintext in the data folder, nor in the keyring's own files.
    const secrets = [...standIn.issuedTokens(), core.localUser.token];
    expect(await filesContainingSecrets(userData, secrets)).toEqual([]);
    expect((await filesUnder(secretService.keyringDir)).length).toBeGreaterThan(0);
    expect(await filesContainingSecrets(secretService.keyringDir, secrets)).toEqual([]);

    // A restart finds the account signed in, with the same local token, and no new sign-in is needed.
    const reopened = await createCore({
      userDataDir: userData,
      vault: await openNodeVault(userData),
      host: 'browser',
      changeWatch: false,
      config: { google: standIn.config },
      log: () => {},
    });
    const again = recordIpc(reopened);
    try {
      expect(reopened.localUser.token).toBe(core.localUser.token);
      expect((await again.client.invoke('accounts.list', {})).accounts.find((a) => a.id === account)).toMatchObject({
        state: 'ok',
      });
      await again.client.invoke('api.call', { account, operation: 'TasksTasklistsList' });
      const stored = await findCredentialsAsync(keyringService);
      expect(stored.some((c) => c.password === refresh)).toBe(true);

      await again.client.invoke('accounts.remove', { account });
      expect(await standIn.isActive(refresh)).toBe(false);
      const left = await findCredentialsAsync(keyringService);
      expect(left.filter((c) => c.account.includes(account))).toEqual([]);
      expect(left.some((c) => c.password === refresh)).toBe(false);
    } finally {
      again.close();
      await reopened.close();
    }
  });
});
