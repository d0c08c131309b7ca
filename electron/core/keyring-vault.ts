import { createHash, randomBytes } from 'node:crypto';
import { AsyncEntry } from '@napi-rs/keyring';
import type { EntryOptions } from '@napi-rs/keyring';
import { MemoryVault } from './vault';
import type { Vault } from './vault';

/** The keyring "service" every Atrium secret is filed under. */
export const keyringService = 'Atrium';

/**
 * Pinned to the Secret Service on Linux: the kernel keyring the library would otherwise fall back
 * to forgets everything at logout, which would look persistent and not be.
 */
const entryOptions: EntryOptions = { linux: { store: 'secret-service' } };

/**
 * Secrets in the OS keyring (Keychain, Windows Credential Manager, Secret Service) through
 * @napi-rs/keyring. Each secret is one keyring item named `<namespace>/<key>`; the namespace keeps
 * two data folders (two profiles, or tests) from reading each other's secrets.
 */
export class KeyringVault implements Vault {
  readonly persistent = true;
  readonly backend = 'keyring';

  constructor(private readonly namespace: string) {}

  private entry(key: string): AsyncEntry {
    return new AsyncEntry(keyringService, `${this.namespace}/${key}`, entryOptions);
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.entry(key).getPassword()) ?? undefined;
  }

  async set(key: string, value: string): Promise<void> {
    await this.entry(key).setPassword(value);
  }

  async delete(key: string): Promise<void> {
    await this.entry(key).deleteCredential();
  }
}

/** The keyring namespace for a data folder. */
export const keyringNamespace = (userDataDir: string): string =>
  createHash('sha256').update(userDataDir, 'utf8').digest('hex').slice(0, 16);

/** How long the keyring may take to answer the probe before it counts as absent (a locked keyring may prompt). */
const probeTimeoutMs = 5_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The vault for plain Node (the browser host): the OS keyring when one answers a write-read-delete
 * probe, otherwise memory only, with a note saying why that the UI shows.
 */
export async function openNodeVault(userDataDir: string): Promise<Vault> {
  const vault = new KeyringVault(keyringNamespace(userDataDir));
  const probeKey = `probe-${randomBytes(6).toString('hex')}`;
  const probeValue = randomBytes(16).toString('base64url');
  try {
    await withTimeout(
      (async () => {
        await vault.set(probeKey, probeValue);
        const read = await vault.get(probeKey);
        await vault.delete(probeKey);
        if (read !== probeValue) throw new Error('the keyring did not give back what was stored');
      })(),
      probeTimeoutMs,
    );
    return vault;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return new MemoryVault(
      `No system keyring answered (${reason}), so account tokens are kept in memory only: ` +
        'you will need to sign in to Google accounts again after Atrium restarts.',
    );
  }
}
