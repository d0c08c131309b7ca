import { readFile } from 'node:fs/promises';
import { safeStorage } from 'electron';
import { z } from 'zod';
import { writePrivateFile } from '../core/private-file';
import type { Vault } from '../core/vault';

const vaultFileSchema = z.object({ version: z.literal(1), secrets: z.record(z.string(), z.string()) });

/** A damaged vault file reads as empty: its secrets are lost, but the app still starts. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Why secrets cannot be kept on disk here, or undefined when the OS protects them. */
function refusalReason(): string | undefined {
  if (!safeStorage.isEncryptionAvailable()) {
    return 'This system offers no way to encrypt secrets, so Atrium keeps them in memory only; they are forgotten when it quits.';
  }
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    return (
      'No system keyring (GNOME Keyring / KWallet) answered, so secrets could only be stored as plain text. ' +
      'Atrium refuses that and keeps them in memory only; they are forgotten when it quits.'
    );
  }
  return undefined;
}

/**
 * Secrets encrypted with Electron's safeStorage (Keychain, DPAPI, libsecret/KWallet) in one file
 * under userData. Where safeStorage would fall back to plain text, nothing is written at all.
 * Create it after the app is ready.
 */
export class SafeStorageVault implements Vault {
  readonly backend = 'safeStorage';
  readonly persistent: boolean;
  readonly note?: string;
  private secrets: Map<string, string> | undefined;

  constructor(private readonly file: string) {
    const reason = refusalReason();
    this.persistent = reason === undefined;
    if (reason) this.note = reason;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.load()).get(key);
  }

  async set(key: string, value: string): Promise<void> {
    (await this.load()).set(key, value);
    await this.save();
  }

  async delete(key: string): Promise<void> {
    if ((await this.load()).delete(key)) await this.save();
  }

  private async load(): Promise<Map<string, string>> {
    if (this.secrets) return this.secrets;
    const secrets = new Map<string, string>();
    if (this.persistent) {
      const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      const parsed = text === undefined ? undefined : vaultFileSchema.safeParse(parseJson(text));
      if (parsed?.success) {
        for (const [key, sealed] of Object.entries(parsed.data.secrets)) {
          try {
            secrets.set(key, safeStorage.decryptString(Buffer.from(sealed, 'base64')));
          } catch {
            // Sealed under another OS key (profile copied between machines): that secret is lost, the rest are kept.
          }
        }
      }
    }
    this.secrets = secrets;
    return secrets;
  }

  /** Writes are serialised, atomic and synced, so a crash leaves the old or the new file. */
  private save(): Promise<void> {
    if (!this.persistent) return Promise.resolve();
    const secrets = this.secrets ?? new Map<string, string>();
    const body = JSON.stringify({
      version: 1,
      secrets: Object.fromEntries(
        [...secrets].map(([key, value]) => [key, safeStorage.encryptString(value).toString('base64')]),
      ),
    });
    return writePrivateFile(this.file, body);
  }
}
