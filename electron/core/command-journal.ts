import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writePrivateFile } from './private-file';

/** Where the journal of running multi-write commands is kept, beside the app's other per-user files. */
export const commandJournalDir = (userDataDir: string): string => join(userDataDir, 'command-journal');

export interface JournalRecord<T> {
  readonly id: string;
  readonly entry: T;
}

/**
 * A write-ahead record of commands that need several API writes: each command's plan and progress
 * is written (atomically, synced) before the write it describes is sent, so after a crash or quit
 * the core can tell what was done and undo it. One file per running command; a finished command's
 * file is removed.
 */
export class CommandJournal<T> {
  constructor(private readonly dir: string) {}

  private file(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  async begin(entry: T): Promise<string> {
    const id = randomUUID();
    await this.record(id, entry);
    return id;
  }

  record(id: string, entry: T): Promise<void> {
    return writePrivateFile(this.file(id), JSON.stringify(entry));
  }

  async finish(id: string): Promise<void> {
    await rm(this.file(id), { force: true });
  }

  /** Commands left unfinished by an earlier run; unreadable files are reported and left for a person to look at. */
  async unfinished(onUnreadable: (file: string, error: unknown) => void): Promise<JournalRecord<T>[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const records: JournalRecord<T>[] = [];
    for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
      const file = join(this.dir, name);
      try {
        records.push({ id: name.slice(0, -'.json'.length), entry: JSON.parse(await readFile(file, 'utf8')) as T });
      } catch (error) {
        onUnreadable(file, error);
      }
    }
    return records;
  }
}
