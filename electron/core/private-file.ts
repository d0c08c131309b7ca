import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/**
 * Writes a file only this user may read, atomically and durably: a temporary file is written and
 * synced, then renamed over the old one, so a crash leaves the old or the new content, never a mix.
 * Writes to the same file run one after another, in the order they were asked for.
 */
export async function writePrivateFile(file: string, body: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, body, { mode: 0o600, fsync: true });
}
