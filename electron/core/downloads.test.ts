import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DownloadOutcome } from '../../shared/ipc/contract';
import { IpcCallError } from '../../shared/ipc/errors';
import { startEmbeddedService } from '../service';
import type { EmbeddedService } from '../service';
import { ApiCallError } from './api-call-error';
import { ApiClient } from './api-client';
import type { DownloadContent } from './api-client';
import { createCore } from './core';
import { uploadForTest } from './testing/drive-upload';
import type { Core } from './core';
import { Downloads, downloadLinkPrefix, downloadTarget, saveContent } from './downloads';
import type { DownloadsOptions } from './downloads';
import { MemoryVault } from './vault';

let dir: string;
let service: EmbeddedService;
let api: ApiClient;
/** Every request the client sent, with the signal it carried. */
let requests: { url: string; signal: AbortSignal | undefined }[] = [];
/** Accounts the tests' `connection` knows. */
let accounts: Set<string>;

const fileBytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
let fileId: string;
let firstRevision: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-downloads-'));
  service = await startEmbeddedService({
    dataDir: join(dir, 'service'),
    port: 0,
    users: [{ email: 'ann@example.com', token: 'ann-token', displayName: 'Ann' }],
  });
  api = new ApiClient({
    baseUrl: service.url,
    accessToken: () => 'ann-token',
    fetch: (input, init) => {
      requests.push({ url: String(input), signal: init?.signal ?? undefined });
      return fetch(input, init);
    },
  });
  const ann = { baseUrl: service.url, token: 'ann-token' };
  const file = await uploadForTest(
    ann,
    { name: 'data.bin', mimeType: 'application/octet-stream' },
    Buffer.from('the first version'),
  );
  fileId = file.id;
  await uploadForTest(ann, {}, fileBytes, { fileId });
  const { revisions } = await api.call('DriveRevisionsList', { fileId });
  firstRevision = revisions?.[0]?.id as string;
});

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  requests = [];
  accounts = new Set(['local']);
});

function downloads(options: Partial<DownloadsOptions> = {}): Downloads {
  return new Downloads({
    connection: (account = 'local') => {
      if (!accounts.has(account))
        throw new IpcCallError({ code: 'invalidInput', message: `Unknown account: ${account}`, location: 'account' });
      return { account: { id: account }, api };
    },
    ...options,
  });
}

async function readAll(content: DownloadContent): Promise<Buffer> {
  return Buffer.from(await new Response(content.body).arrayBuffer());
}

async function folder(): Promise<string> {
  return mkdtemp(join(dir, 'saved-'));
}

/** Content that delivers `chunks`, then fails as a dropped connection does. */
function brokenContent(chunks: string[], contentLength?: number): DownloadContent {
  const queue = [...chunks];
  return {
    contentType: 'text/plain',
    ...(contentLength !== undefined ? { contentLength } : {}),
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = queue.shift();
        if (next === undefined) controller.error(new TypeError('terminated'));
        else controller.enqueue(new TextEncoder().encode(next));
      },
    }),
  };
}

describe('downloadTarget', () => {
  it('picks the operation: file content, a revision, or an export', () => {
    expect(downloadTarget({ fileId: 'f' })).toEqual({
      operation: 'DriveFilesGet',
      params: { fileId: 'f', alt: 'media', supportsAllDrives: true },
    });
    expect(downloadTarget({ fileId: 'f', revisionId: 'r' })).toEqual({
      operation: 'DriveRevisionsGet',
      params: { fileId: 'f', revisionId: 'r', alt: 'media' },
    });
    expect(downloadTarget({ fileId: 'f', exportMimeType: 'application/pdf' })).toEqual({
      operation: 'DriveFilesExport',
      params: { fileId: 'f', mimeType: 'application/pdf' },
    });
  });
});

describe('downloads saved where the user chooses (Electron)', () => {
  it('asks with the file name, streams to the chosen path and answers the byte count', async () => {
    const target = join(await folder(), 'chosen.bin');
    const asked: string[] = [];
    const outcome = await downloads({
      chooseSavePath: async (name) => {
        asked.push(name);
        return target;
      },
    }).start({ fileId, fileName: 'data.bin' });
    expect(asked).toEqual(['data.bin']);
    expect(outcome).toEqual({ kind: 'saved', path: target, bytes: fileBytes.length });
    expect((await readFile(target)).equals(fileBytes)).toBe(true);
    expect(await readdir(join(target, '..'))).toEqual(['chosen.bin']);
  });

  it('saves an earlier revision', async () => {
    const target = join(await folder(), 'old.bin');
    const outcome = await downloads({ chooseSavePath: async () => target }).start({
      fileId,
      revisionId: firstRevision,
      fileName: 'old.bin',
    });
    expect(outcome).toMatchObject({ kind: 'saved', bytes: 17 });
    expect(await readFile(target, 'utf8')).toBe('the first version');
  });

  it('answers cancelled, and asks nothing of the service, when the user cancels the dialog', async () => {
    const outcome = await downloads({ chooseSavePath: async () => null }).start({ fileId, fileName: 'data.bin' });
    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(requests).toEqual([]);
  });

  it('reports an API error and leaves neither the file nor a .part behind', async () => {
    const where = await folder();
    const error = await downloads({ chooseSavePath: async () => join(where, 'missing.bin') })
      .start({ fileId: 'no-such-file', fileName: 'missing.bin' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 404 });
    expect(await readdir(where)).toEqual([]);
  });

  it('refuses an unknown account before asking where to save', async () => {
    let asked = false;
    const error = await downloads({
      chooseSavePath: async () => {
        asked = true;
        return join(dir, 'never');
      },
    })
      .start({ account: 'someone-else', fileId, fileName: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalidInput', location: 'account' });
    expect(asked).toBe(false);
  });

  it('reports a folder it cannot write to clearly', async () => {
    const error = await downloads({ chooseSavePath: async () => join(dir, 'no', 'such', 'folder', 'x.bin') })
      .start({ fileId, fileName: 'x.bin' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IpcCallError);
    expect((error as IpcCallError).message).toMatch(/^Could not save to .*x\.bin/);
  });
});

describe('saveContent', () => {
  it('keeps an existing file untouched and removes the .part when the stream breaks off', async () => {
    const where = await folder();
    const target = join(where, 'report.txt');
    await writeFile(target, 'the old report');
    const error = await saveContent(brokenContent(['new ', 'rep']), target).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unavailable' });
    expect((error as Error).message).toContain('after 7 bytes');
    expect(await readFile(target, 'utf8')).toBe('the old report');
    expect(await readdir(where)).toEqual(['report.txt']);
  });

  it('refuses content shorter than its announced length', async () => {
    const where = await folder();
    const short: DownloadContent = {
      contentType: 'text/plain',
      contentLength: 10,
      body: new Response('12345').body!,
    };
    await expect(saveContent(short, join(where, 'short.txt'))).rejects.toMatchObject({
      code: 'unavailable',
      message: 'The download ended after 5 of 10 bytes.',
    });
    expect(await readdir(where)).toEqual([]);
  });

  it('replaces an existing file once the new content is complete, and saves empty content', async () => {
    const where = await folder();
    const target = join(where, 'report.txt');
    await writeFile(target, 'the old report');
    const bytes = await saveContent({ contentType: 'text/plain', body: new Response('the new one').body! }, target);
    expect(bytes).toBe(11);
    expect(await readFile(target, 'utf8')).toBe('the new one');
    const empty = join(where, 'empty.txt');
    expect(
      await saveContent({ contentType: 'text/plain', contentLength: 0, body: new Response('').body! }, empty),
    ).toBe(0);
    expect(await readFile(empty, 'utf8')).toBe('');
    expect((await readdir(where)).sort()).toEqual(['empty.txt', 'report.txt']);
  });
});

/** The ticket of a link `start` answered. */
function ticketOf(outcome: DownloadOutcome): string {
  if (outcome.kind !== 'link') throw new Error(`expected a link, got ${outcome.kind}`);
  return outcome.url.slice(downloadLinkPrefix.length);
}

describe('download links (browser host)', () => {
  it('answers a single-use link that streams the content under the requested name', async () => {
    const links = downloads();
    const outcome = await links.start({ fileId, fileName: 'Résumé 2024.bin' });
    expect(outcome.kind).toBe('link');
    const url = (outcome as { url: string }).url;
    expect(url.startsWith(downloadLinkPrefix)).toBe(true);
    const ticket = ticketOf(outcome);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The content is asked for once, when the link is issued; opening it asks nothing more.
    expect(requests).toHaveLength(1);

    const opened = await links.open(ticket);
    expect(opened?.fileName).toBe('Résumé 2024.bin');
    expect(opened?.contentLength).toBe(fileBytes.length);
    expect((await readAll(opened!)).equals(fileBytes)).toBe(true);
    expect(requests).toHaveLength(1);
    expect(await links.open(ticket)).toBeNull();
    expect(await links.open('x'.repeat(43))).toBeNull();
  });

  it('issues a different ticket each time', async () => {
    const links = downloads();
    const urls = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const outcome = await links.start({ fileId, fileName: 'a' });
      if (outcome.kind === 'link') urls.add(outcome.url);
    }
    expect(urls.size).toBe(20);
    links.discardLinks();
  });

  it('reports an API error when the download is asked for, and issues no link', async () => {
    const links = downloads();
    const error = await links.start({ fileId: 'no-such-file', fileName: 'a' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 404 });
    expect(links.pendingLinks).toBe(0);
  });

  it('reports a file deleted after it was listed, before any link exists', async () => {
    const doomed = await uploadForTest(
      { baseUrl: service.url, token: 'ann-token' },
      { name: 'doomed.txt', mimeType: 'text/plain' },
      Buffer.from('soon gone'),
      { contentType: 'text/plain' },
    );
    await api.call('DriveFilesDelete', { fileId: doomed.id });
    const links = downloads();
    await expect(links.start({ fileId: doomed.id, fileName: 'doomed.txt' })).rejects.toMatchObject({ status: 404 });
    expect(links.pendingLinks).toBe(0);
  });

  it('lets a link expire after its lifetime, stopping its content request, and then forgets it', async () => {
    let now = 1_000_000;
    const links = downloads({ linkLifetimeMs: 60_000, now: () => now });
    const early = await links.start({ fileId, fileName: 'a' });
    const late = await links.start({ fileId, fileName: 'b' });
    expect(links.pendingLinks).toBe(2);
    now += 59_999;
    const fresh = await links.open(ticketOf(late));
    expect(fresh).not.toBeNull();
    await fresh?.body.cancel();
    now += 1;
    expect(await links.open(ticketOf(early))).toBeNull();
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(links.pendingLinks).toBe(0);
    expect(requests).toHaveLength(2);
  });

  it('stops the content request of a link nobody opens once its lifetime is over', async () => {
    const links = downloads({ linkLifetimeMs: 50 });
    await links.start({ fileId, fileName: 'a' });
    expect(requests[0]?.signal?.aborted).toBe(false);
    await expect.poll(() => requests[0]?.signal?.aborted, { timeout: 2000 }).toBe(true);
    expect(links.pendingLinks).toBe(0);
  });

  it('stops the content request when its timer fires, even if the clock then reads a moment short of its expiry', async () => {
    // Timers and the wall clock round differently: a timer may fire when Date.now() is still 1 ms short.
    const links = downloads({ linkLifetimeMs: 20, now: () => 1_000_000 });
    await links.start({ fileId, fileName: 'a' });
    await expect.poll(() => requests[0]?.signal?.aborted, { timeout: 2000 }).toBe(true);
    expect(links.pendingLinks).toBe(0);
  });

  it('keeps at most maxLinks waiting, forgetting the oldest and stopping its content request', async () => {
    const links = downloads({ maxLinks: 3 });
    const tickets: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) tickets.push(ticketOf(await links.start({ fileId, fileName: name })));
    expect(links.pendingLinks).toBe(3);
    expect(requests.map((r) => r.signal?.aborted)).toEqual([true, false, false, false]);
    expect(await links.open(tickets[0]!)).toBeNull();
    for (const ticket of tickets.slice(1)) {
      const opened = await links.open(ticket);
      expect(opened).not.toBeNull();
      await opened?.body.cancel();
    }
  });

  it('stops every waiting content request when the links are discarded', async () => {
    const links = downloads();
    const tickets = [
      ticketOf(await links.start({ fileId, fileName: 'a' })),
      ticketOf(await links.start({ fileId, fileName: 'b' })),
    ];
    links.discardLinks();
    expect(requests.map((r) => r.signal?.aborted)).toEqual([true, true]);
    expect(links.pendingLinks).toBe(0);
    for (const ticket of tickets) expect(await links.open(ticket)).toBeNull();
  });

  it('remembers the account the link was issued for, and dies with it', async () => {
    accounts.add('work');
    const seen: (string | undefined)[] = [];
    const links = new Downloads({
      connection: (account) => {
        seen.push(account);
        const id = account ?? 'work';
        if (!accounts.has(id)) throw new IpcCallError({ code: 'invalidInput', message: 'Unknown account' });
        return { account: { id }, api };
      },
    });
    const outcome = await links.start({ fileId, fileName: 'a' });
    accounts.delete('work');
    expect(await links.open(ticketOf(outcome))).toBeNull();
    expect(seen).toEqual([undefined, 'work']);
    expect(requests[0]?.signal?.aborted).toBe(true);
  });

  it('stops the upstream request when the host aborts', async () => {
    const links = downloads();
    const outcome = await links.start({ fileId, fileName: 'a' });
    const controller = new AbortController();
    const opened = await links.open(ticketOf(outcome), controller.signal);
    expect(requests[0]?.signal?.aborted).toBe(false);
    controller.abort();
    expect(requests[0]?.signal?.aborted).toBe(true);
    await expect(readAll(opened!)).rejects.toThrow();
  });
});

describe('files.download through the core with a save dialog (the Electron shell)', () => {
  let core: Core;
  let answerDialog: (name: string) => string | null;
  const asked: string[] = [];

  beforeAll(async () => {
    core = await createCore({
      userDataDir: join(dir, 'core'),
      vault: new MemoryVault(),
      host: 'electron',
      changeWatch: false,
      config: {},
      chooseSavePath: async (name) => {
        asked.push(name);
        return answerDialog(name);
      },
    });
  });

  afterAll(async () => {
    await core?.close();
  });

  it('saves where the dialog says, answers cancelled when it is dismissed, and maps API errors', async () => {
    const { id } = await uploadForTest(
      { baseUrl: core.serviceUrl, token: core.localUser.token },
      { name: 'photo.raw', mimeType: 'application/octet-stream' },
      fileBytes,
    );
    const where = await folder();

    answerDialog = (name) => join(where, name);
    expect(await core.dispatcher.dispatch('files.download', { fileId: id, fileName: 'photo.raw' })).toEqual({
      ok: true,
      value: { kind: 'saved', path: join(where, 'photo.raw'), bytes: fileBytes.length },
    });
    expect((await readFile(join(where, 'photo.raw'))).equals(fileBytes)).toBe(true);

    answerDialog = () => null;
    expect(await core.dispatcher.dispatch('files.download', { fileId: id, fileName: 'again.raw' })).toEqual({
      ok: true,
      value: { kind: 'cancelled' },
    });

    answerDialog = (name) => join(where, name);
    expect(await core.dispatcher.dispatch('files.download', { fileId: 'gone', fileName: 'gone.raw' })).toMatchObject({
      ok: false,
      error: { code: 'notFound', status: 404 },
    });
    expect(asked).toEqual(['photo.raw', 'again.raw', 'gone.raw']);
    expect(await readdir(where)).toEqual(['photo.raw']);
  });
});
