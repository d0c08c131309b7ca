import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { fileActivityEntrySchema, type FileActivityEntry } from '../../../shared/ipc/contract';
import { writePrivateFile } from '../private-file';
import { fileSnapshotSchema, type FileSnapshot } from './diff';

export const fileActivityFile = (userDataDir: string): string => join(userDataDir, 'file-activity.json');

const recordSchema = z.object({
  account: z.string(),
  fileId: z.string(),
  snapshot: fileSnapshotSchema.optional(),
  entries: z.array(fileActivityEntrySchema),
  /** When the file was last looked at (ms), to forget the least recent first. */
  seen: z.number(),
});
type FileRecord = z.infer<typeof recordSchema>;

const storeSchema = z.object({ version: z.literal(1), files: z.array(recordSchema) });

export interface FileActivityStoreOptions {
  readonly file: string;
  /** Most files remembered; the least recently looked at are forgotten first. */
  readonly maxFiles?: number;
  /** Most entries kept per file; the oldest go first. */
  readonly maxEntriesPerFile?: number;
  /** How long writes gather before the file is written. */
  readonly writeDelayMs?: number;
  readonly now?: () => number;
}

const keyOf = (account: string, fileId: string) => `${account}\u0000${fileId}`;

/**
 * The per-file activity the core has seen, and the last snapshot of each file to diff the next
 * look against, in `<userData>/file-activity.json`. Written atomically, a moment after changes
 * gather. A file that cannot be read is set aside and the store starts empty.
 */
export class FileActivityStore {
  private readonly records = new Map<string, FileRecord>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private sequence = 0;
  /** Set by `close`: what is recorded later stays in memory and is not written. */
  private closed = false;
  /** Set when the file on disk could not be used; says where it was moved. */
  problem: string | undefined;

  private constructor(private readonly options: FileActivityStoreOptions) {}

  static async open(options: FileActivityStoreOptions): Promise<FileActivityStore> {
    const store = new FileActivityStore(options);
    let text: string | undefined;
    try {
      text = await readFile(options.file, 'utf8');
    } catch (error) {
      // Nothing kept yet; or a file that cannot be read at all, which the next write replaces.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        store.problem = `The file activity record could not be read (${String(error)}); it starts afresh.`;
      return store;
    }
    let parsed: ReturnType<typeof storeSchema.safeParse> | undefined;
    try {
      parsed = storeSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (parsed?.success) {
      for (const record of parsed.data.files) store.records.set(keyOf(record.account, record.fileId), record);
    } else {
      const aside = `${options.file}.unreadable-${Date.now()}`;
      await rename(options.file, aside);
      store.problem = `The file activity record could not be read; it was moved to ${aside}.`;
    }
    return store;
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  snapshot(account: string, fileId: string): FileSnapshot | undefined {
    return this.records.get(keyOf(account, fileId))?.snapshot;
  }

  /** The entries kept for a file, oldest first. */
  entries(account: string, fileId: string): readonly FileActivityEntry[] {
    return this.records.get(keyOf(account, fileId))?.entries ?? [];
  }

  /** Keeps the newest snapshot of a file and adds the entries its change made. */
  record(
    account: string,
    fileId: string,
    snapshot: FileSnapshot | undefined,
    entries: readonly Omit<FileActivityEntry, 'id'>[],
  ): void {
    const key = keyOf(account, fileId);
    const record = this.records.get(key) ?? { account, fileId, entries: [], seen: 0 };
    this.records.delete(key);
    if (snapshot) record.snapshot = snapshot;
    else delete record.snapshot;
    record.seen = this.now;
    for (const entry of entries) record.entries.push({ ...entry, id: `${this.now.toString(36)}-${this.sequence++}` });
    const most = this.options.maxEntriesPerFile ?? 200;
    if (record.entries.length > most) record.entries.splice(0, record.entries.length - most);
    // Map order is insertion order: re-inserting keeps the least recently seen first.
    this.records.set(key, record);
    const maxFiles = this.options.maxFiles ?? 5000;
    for (const oldest of this.records.keys()) {
      if (this.records.size <= maxFiles) break;
      this.records.delete(oldest);
    }
    this.scheduleWrite();
  }

  forgetAccount(account: string): void {
    for (const [key, record] of this.records) if (record.account === account) this.records.delete(key);
    this.scheduleWrite();
  }

  private scheduleWrite(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.flush().catch(() => undefined), this.options.writeDelayMs ?? 250);
    this.timer.unref();
  }

  /**
   * Writes what is pending and writes nothing after: activity recorded once the app is closing (a
   * request that was still finishing) would otherwise be written after the app, and its data folder, had
   * gone. Resolves once the last write is on disk.
   */
  close(): Promise<void> {
    const last = this.flush();
    this.closed = true;
    return last;
  }

  /** Writes what is pending now; resolves once it is on disk. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const body = JSON.stringify({ version: 1, files: [...this.records.values()] });
    this.writing = this.writing.catch(() => undefined).then(() => writePrivateFile(this.options.file, body));
    return this.writing;
  }
}
