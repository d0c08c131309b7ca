import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createIpcClient } from '../../../shared/ipc/client';
import type { IpcClient } from '../../../shared/ipc/client';
import type { IpcEvent } from '../../../shared/ipc/contract';
import { createFramedClientTransport } from '../../../shared/ipc/framed-client';
import { serveFramedConnection } from '../../../shared/ipc/framed-host';
import type { Core } from '../core';

/**
 * A renderer's view of the core for tests: every call and event goes through the same framed
 * connection the browser host uses, and every frame the host sends (replies and events) is kept,
 * so a test can prove what did and did not cross the boundary.
 */
export interface RecordedIpc {
  readonly client: IpcClient;
  readonly events: IpcEvent[];
  /** Every frame the core sent to the renderer, as sent. */
  readonly hostFrames: string[];
  /** When each event frame was sent (ms since the epoch), parallel to `events`. */
  readonly eventTimes: number[];
  waitForEvent(
    match: (event: IpcEvent) => boolean,
    options?: { since?: number; timeoutMs?: number },
  ): Promise<IpcEvent>;
  close(): void;
}

export function recordIpc(core: Core): RecordedIpc {
  const transport = createFramedClientTransport();
  const hostFrames: string[] = [];
  const events: IpcEvent[] = [];
  const eventTimes: number[] = [];
  const host = serveFramedConnection(core.dispatcher, (frame) => {
    hostFrames.push(frame);
    transport.receive(frame);
  });
  transport.connected({ send: (frame) => void host.receive(frame) });
  const unsubscribe = core.onEvent((event) => host.pushEvent(event));
  const client = createIpcClient(transport);
  client.onEvent((event) => {
    events.push(event);
    eventTimes.push(Date.now());
  });
  return {
    client,
    events,
    hostFrames,
    eventTimes,
    async waitForEvent(match, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 5_000);
      for (;;) {
        const found = events.slice(options.since ?? 0).find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`No matching event; saw ${JSON.stringify(events.slice(options.since ?? 0))}`);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    },
    close: unsubscribe,
  };
}

/** Every regular file under `dir`, recursively. */
export async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/** Files under `dir` whose bytes contain any of the secrets (as UTF-8 or UTF-16LE), each with the secret's index. */
export async function filesContainingSecrets(dir: string, secrets: readonly string[]): Promise<string[]> {
  const hits: string[] = [];
  const files = await filesUnder(dir);
  for (const file of files) {
    const bytes = await readFile(file);
    secrets.forEach((secret, index) => {
      if (secret.length < 8) return;
      if (bytes.includes(Buffer.from(secret, 'utf8')) || bytes.includes(Buffer.from(secret, 'utf16le')))
        hits.push(`${file} holds secret #${index}`);
    });
  }
  return hits;
}
