import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writePrivateFile } from './private-file';

/**
 * What Atrium remembers about accounts between runs, in `<userData>/accounts.json`: who they are,
 * what the user called them, which one is active. Never tokens (those live in the vault). Read
 * through zod: a file that does not match is set aside (renamed, not deleted) and Atrium starts
 * with the local account alone rather than trusting it.
 */

const displayName = z.string().trim().min(1).max(100);

export const localAccountRecordSchema = z.object({
  displayName: displayName.optional(),
  overlay: z.boolean().default(false),
});

export const googleAccountRecordSchema = z.object({
  id: z.string().regex(/^google-[\x21-\x7e]{1,150}$/),
  /** The account server's stable id for the person (`sub`). */
  subject: z.string().min(1).max(150),
  email: z.string().min(3).max(320),
  displayName,
  overlay: z.boolean().default(false),
  /** The refresh token was refused: the person must sign in again. */
  needsSignIn: z.boolean().default(false),
  addedAt: z.iso.datetime(),
});

export const accountMetadataSchema = z.object({
  version: z.literal(1),
  active: z.string().min(1),
  local: localAccountRecordSchema.default({ overlay: false }),
  google: z.array(googleAccountRecordSchema).default([]),
});

export type GoogleAccountRecord = z.output<typeof googleAccountRecordSchema>;
export type AccountMetadata = z.output<typeof accountMetadataSchema>;

export const accountMetadataFile = (userDataDir: string): string => join(userDataDir, 'accounts.json');

export interface LoadedMetadata {
  readonly metadata: AccountMetadata;
  /** Set when the file existed but could not be used; says where it was moved. */
  readonly problem?: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export class AccountMetadataStore {
  constructor(
    readonly file: string,
    private readonly fallbackActive: string,
  ) {}

  private fresh(): AccountMetadata {
    return { version: 1, active: this.fallbackActive, local: { overlay: false }, google: [] };
  }

  async load(): Promise<LoadedMetadata> {
    const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (text === undefined) return { metadata: this.fresh() };
    const parsed = accountMetadataSchema.safeParse(parseJson(text));
    if (parsed.success) {
      const metadata = parsed.data;
      const ids = new Set(metadata.google.map((account) => account.id));
      // Two records for one account, or an active id that names nobody, cannot be trusted either.
      if (ids.size === metadata.google.length) {
        if (metadata.active !== this.fallbackActive && !ids.has(metadata.active)) metadata.active = this.fallbackActive;
        return { metadata };
      }
    }
    const aside = `${this.file}.unreadable-${Date.now()}`;
    await copyFile(this.file, aside).catch(() => {});
    return {
      metadata: this.fresh(),
      problem: `The account list in ${this.file} could not be read; it was kept as ${aside} and Atrium started with the local account only.`,
    };
  }

  /** Writes are serialised, atomic and synced: a crash leaves the old or the new list. */
  save(metadata: AccountMetadata): Promise<void> {
    return writePrivateFile(this.file, `${JSON.stringify(accountMetadataSchema.parse(metadata), null, 2)}\n`);
  }
}
