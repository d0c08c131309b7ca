import { fileURLToPath } from 'node:url';
import { ApiClient } from '../../api-client';
import { AccountMirror } from '../account-mirror';

/** This file, run as a process of its own (`node --import tsx`) by the crash test. */
export const replayProcessFile = fileURLToPath(import.meta.url);

/**
 * Replays an account mirror's outbox against a service and exits 0 once it is empty, printing
 * `pending <n>` after every change sent, so a test can kill it (SIGKILL) at any point of the replay.
 * Arguments: `<mirror file> <service url> <token>`.
 */
async function main(): Promise<void> {
  const [file, baseUrl, token] = process.argv.slice(2);
  if (!file || !baseUrl || !token) throw new Error('usage: replay-process <mirror file> <service url> <token>');
  const api = new ApiClient({ baseUrl, accessToken: () => token, retry: { maxAttempts: 1 } });
  let mirror: AccountMirror | undefined = undefined;
  mirror = new AccountMirror({
    account: 'google-crash',
    file,
    api,
    onStatus: () => process.stdout.write(`pending ${mirror?.pendingCount() ?? -1}\n`),
    reconnect: { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 10, maxDelayMs: 50 },
    replayBackoff: { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 10, maxDelayMs: 50 },
  });
  mirror.setOffline(false);
  while (mirror.pendingCount() > 0) {
    await mirror.replay();
    const stuck = mirror.store.outbox().find((entry) => entry.state === 'failed');
    if (stuck) throw new Error(`"${stuck.summary}" was refused: ${stuck.lastError ?? ''}`);
    if (mirror.pendingCount() > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  process.stdout.write(`done ${mirror.store.conflictCount()}\n`);
  await mirror.close();
}

if (process.argv[1] === replayProcessFile) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
