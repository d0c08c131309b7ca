import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from './core';
import { openNodeVault } from './keyring-vault';
import { recordIpc } from './testing/ipc-recorder';

let dir: string;
const savedBus = process.env.DBUS_SESSION_BUS_ADDRESS;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-no-keyring-'));
  // A bus address where nothing listens: as on a machine without a keyring. Set before the first
  // keyring call (in its own test file, so its own process), as the library keeps the first bus it used.
  process.env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${join(dir, 'no-bus-here')}`;
});

afterAll(async () => {
  if (savedBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
  else process.env.DBUS_SESSION_BUS_ADDRESS = savedBus;
  await rm(dir, { recursive: true, force: true });
});

describe('vault in plain Node without a keyring', () => {
  it('keeps secrets in memory only and says so over IPC, for the UI to show', async () => {
    const vault = await openNodeVault(dir);
    expect(vault.backend).toBe('memory');
    expect(vault.persistent).toBe(false);
    expect(vault.note).toMatch(/No system keyring answered/);
    const core = await createCore({
      userDataDir: dir,
      vault,
      host: 'browser',
      changeWatch: false,
      config: {},
      log: () => {},
    });
    const ipc = recordIpc(core);
    try {
      expect(await ipc.client.invoke('vault.status', {})).toEqual({
        backend: 'memory',
        persistent: false,
        warning: expect.stringContaining('memory only'),
      });
      expect(await vault.get('local-service-token')).toBe(core.localUser.token);
    } finally {
      ipc.close();
      await core.close();
    }
  });
});
