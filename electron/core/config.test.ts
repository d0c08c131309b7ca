import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMetadataStore } from './account-metadata';
import { ConfigError, defaultAppConfig, loadAppConfig, parseAppConfig } from './config';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-config-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it("defaults to Google's endpoints, with sign-in off until a client id is configured", () => {
    const config = defaultAppConfig();
    expect(config.google).toMatchObject({
      authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenEndpoint: 'https://oauth2.googleapis.com/token',
      revocationEndpoint: 'https://oauth2.googleapis.com/revoke',
      userinfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
      apiBaseUrl: 'https://www.googleapis.com',
    });
    expect(config.google.clientId).toBeUndefined();
    expect(config.relay.publicUrl).toBeUndefined();
    expect(config.sync).toMatchObject({ focusedPollMs: 30_000, unfocusedPollMs: 300_000 });
    expect(config.offline).toEqual({ eventWindowPastDays: 365, eventWindowFutureDays: 730 });
    expect(() => parseAppConfig({ offline: { eventWindowPastDays: 0 } })).toThrow(/eventWindowPastDays/);
  });

  it('reads config.json from the data folder, then the environment on top', async () => {
    const folder = join(dir, 'with-file');
    await mkdir(folder, { recursive: true });
    await writeFile(
      join(folder, 'config.json'),
      JSON.stringify({
        google: { clientId: 'from-file', tokenEndpoint: 'http://127.0.0.1:9/token' },
        sync: { focusedPollMs: 5000 },
      }),
    );
    const fromFile = await loadAppConfig(folder, {});
    expect(fromFile.google).toMatchObject({
      clientId: 'from-file',
      tokenEndpoint: 'http://127.0.0.1:9/token',
      apiBaseUrl: 'https://www.googleapis.com',
    });
    expect(fromFile.sync.focusedPollMs).toBe(5000);
    const withEnv = await loadAppConfig(folder, {
      ATRIUM_GOOGLE_CLIENT_ID: 'from-env',
      ATRIUM_RELAY_PUBLIC_URL: 'https://relay.example.org/notifications',
    });
    expect(withEnv.google.clientId).toBe('from-env');
    expect(withEnv.relay.publicUrl).toBe('https://relay.example.org/notifications');
  });

  it('refuses a malformed file or value, naming the file and the field', async () => {
    const folder = join(dir, 'bad');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'config.json'), '{ not json');
    await expect(loadAppConfig(folder, {})).rejects.toThrow(ConfigError);
    await writeFile(join(folder, 'config.json'), JSON.stringify({ relay: { publicUrl: 'http://plain.example/hook' } }));
    await expect(loadAppConfig(folder, {})).rejects.toThrow(/config\.json.*relay\.publicUrl/);
    await writeFile(join(folder, 'config.json'), JSON.stringify({ google: { tokenEndpoint: 'ftp://x' } }));
    await expect(loadAppConfig(folder, {})).rejects.toThrow(/google\.tokenEndpoint/);
  });
});

describe('account metadata on disk', () => {
  it('round-trips through zod and sets an unreadable file aside instead of trusting it', async () => {
    const file = join(dir, 'accounts.json');
    const store = new AccountMetadataStore(file, 'local');
    expect((await store.load()).metadata).toEqual({
      version: 1,
      active: 'local',
      local: { overlay: false },
      google: [],
    });
    const saved = {
      version: 1 as const,
      active: 'google-1',
      local: { displayName: 'Laptop', overlay: true },
      google: [
        {
          id: 'google-1',
          subject: '1',
          email: 'a@example.com',
          displayName: 'A',
          overlay: false,
          needsSignIn: false,
          addedAt: new Date().toISOString(),
        },
      ],
    };
    await store.save(saved);
    expect((await store.load()).metadata).toEqual(saved);
    expect(await readFile(file, 'utf8')).not.toContain('token');

    for (const broken of [
      '{"version": 2}',
      'garbage',
      JSON.stringify({ ...saved, google: [saved.google[0], saved.google[0]] }),
    ]) {
      await writeFile(file, broken);
      const loaded = await store.load();
      expect(loaded.metadata.google).toEqual([]);
      expect(loaded.metadata.active).toBe('local');
      expect(loaded.problem).toMatch(/could not be read/);
    }
    expect(
      (await readdir(dir)).filter((name) => name.startsWith('accounts.json.unreadable-')).length,
    ).toBeGreaterThanOrEqual(1);

    // An active id naming nobody falls back to the local account.
    await writeFile(file, JSON.stringify({ ...saved, active: 'google-gone' }));
    expect((await store.load()).metadata.active).toBe('local');
  });
});
