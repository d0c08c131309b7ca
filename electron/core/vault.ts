/** Where a vault keeps its secrets: Electron's safeStorage, the OS keyring, or process memory. */
export type VaultBackend = 'safeStorage' | 'keyring' | 'memory';

/**
 * Where the core keeps secrets (account tokens). Implementations decide how they are protected;
 * none may write a secret to disk in plaintext.
 */
export interface Vault {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Whether secrets survive a restart; when false, `note` tells the user why. */
  readonly persistent: boolean;
  readonly note?: string;
  readonly backend: VaultBackend;
}

/** Keeps secrets for the life of the process only. */
export class MemoryVault implements Vault {
  readonly persistent = false;
  readonly backend = 'memory';
  readonly note: string;
  private readonly secrets = new Map<string, string>();

  constructor(note = 'Secrets are kept in memory only and are forgotten when Atrium quits.') {
    this.note = note;
  }

  async get(key: string): Promise<string | undefined> {
    return this.secrets.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    this.secrets.set(key, value);
  }

  async delete(key: string): Promise<void> {
    this.secrets.delete(key);
  }

  /** The keys held now (tests check what is left after an account is removed). */
  keys(): string[] {
    return [...this.secrets.keys()];
  }

  /** Every value held now. */
  values(): string[] {
    return [...this.secrets.values()];
  }
}
