import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, isAbsolute } from 'node:path';
import type { z } from 'zod';
import type { DownloadOutcome, IpcMethods } from '../../shared/ipc/contract';
import { IpcCallError } from '../../shared/ipc/errors';
import type { ApiClient, DownloadContent } from './api-client';

export type DownloadRequest = z.output<IpcMethods['files.download']['input']>;

/** Where the browser host serves a download link: `<prefix><ticket>`. */
export const downloadLinkPrefix = '/downloads/';
/** A ticket as issued: 32 random bytes, base64url without padding. */
export const downloadTicketPattern = /^[A-Za-z0-9_-]{43}$/;

const defaultLinkLifetimeMs = 60_000;
const defaultMaxLinks = 64;

/** The API call that answers a download's content. */
export interface DownloadTarget {
  readonly operation: 'DriveFilesGet' | 'DriveFilesExport' | 'DriveRevisionsGet';
  readonly params: Readonly<Record<string, unknown>>;
}

export function downloadTarget(
  request: Pick<DownloadRequest, 'fileId' | 'revisionId' | 'exportMimeType'>,
): DownloadTarget {
  if (request.exportMimeType !== undefined)
    return { operation: 'DriveFilesExport', params: { fileId: request.fileId, mimeType: request.exportMimeType } };
  if (request.revisionId !== undefined)
    return {
      operation: 'DriveRevisionsGet',
      params: { fileId: request.fileId, revisionId: request.revisionId, alt: 'media' },
    };
  return { operation: 'DriveFilesGet', params: { fileId: request.fileId, alt: 'media', supportsAllDrives: true } };
}

/** A redeemed download link: the content on its way, and the name to offer it under. */
export interface OpenedDownload extends DownloadContent {
  readonly fileName: string;
}

export interface DownloadsOptions {
  /** The account's API client (the active account when none is named); throws for an unknown account. */
  readonly connection: (account?: string) => { readonly account: { readonly id: string }; readonly api: ApiClient };
  /**
   * Asks the user where to save (the shell's save dialog); null when they cancelled. Without it,
   * downloads are handed out as short-lived links for the browser host to serve.
   */
  readonly chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  /** How long a link can be opened after it was issued. */
  readonly linkLifetimeMs?: number;
  /** Most links waiting to be opened; issuing one more forgets the oldest. */
  readonly maxLinks?: number;
  readonly now?: () => number;
}

interface PendingLink {
  readonly account: string;
  readonly fileName: string;
  /** The service's answer, already received: a link only exists for content that can be served. */
  readonly content: DownloadContent;
  readonly upstream: AbortController;
  readonly expires: number;
  readonly expiryTimer: ReturnType<typeof setTimeout>;
}

/**
 * Downloads that never carry content over IPC. In Electron the core streams the answer to a
 * file the user chose; in the browser host it asks for the content, then issues a single-use,
 * short-lived link that the host redeems into that answer's stream.
 */
export class Downloads {
  private readonly links = new Map<string, PendingLink>();
  private readonly lifetimeMs: number;
  private readonly maxLinks: number;
  private readonly now: () => number;

  constructor(private readonly options: DownloadsOptions) {
    this.lifetimeMs = options.linkLifetimeMs ?? defaultLinkLifetimeMs;
    this.maxLinks = Math.max(1, options.maxLinks ?? defaultMaxLinks);
    this.now = options.now ?? Date.now;
  }

  /** The `files.download` call. API failures arrive as ApiCallError. */
  async start(request: DownloadRequest): Promise<DownloadOutcome> {
    const connection = this.options.connection(request.account);
    const target = downloadTarget(request);
    const choose = this.options.chooseSavePath;
    if (!choose) {
      // The content is asked for before the link exists: a file deleted since it was listed, a
      // revision gone or a format the service cannot export is reported to the app, which can say
      // so, instead of surfacing as a failed entry in the browser's download list.
      const upstream = new AbortController();
      const content = await connection.api.download(target.operation, target.params, { signal: upstream.signal });
      const ticket = this.issue(connection.account.id, request.fileName, content, upstream);
      return { kind: 'link', url: `${downloadLinkPrefix}${ticket}` };
    }

    const path = await choose(request.fileName);
    if (path === null) return { kind: 'cancelled' };
    if (!isAbsolute(path))
      throw new IpcCallError({ code: 'internal', message: `The save dialog answered a relative path: ${path}` });
    const content = await connection.api.download(target.operation, target.params);
    const bytes = await saveContent(content, path);
    return { kind: 'saved', path, bytes };
  }

  /** Links waiting to be opened (expired ones are not counted). */
  get pendingLinks(): number {
    this.forgetExpired();
    return this.links.size;
  }

  /**
   * Redeems a link's ticket: the content as a stream, or null when the ticket is unknown, used or
   * expired (or its account is gone). Aborting `signal` stops the request and the body.
   */
  async open(ticket: string, signal?: AbortSignal): Promise<OpenedDownload | null> {
    const link = this.links.get(ticket);
    if (!link) return null;
    // Single use: the ticket is spent whatever happens next.
    this.links.delete(ticket);
    clearTimeout(link.expiryTimer);
    if (link.expires <= this.now() || !this.accountExists(link.account)) {
      release(link);
      return null;
    }
    if (signal?.aborted) link.upstream.abort();
    else signal?.addEventListener('abort', () => link.upstream.abort(), { once: true });
    return { ...link.content, fileName: link.fileName };
  }

  /** Stops every link's waiting content (the host is shutting down). */
  discardLinks(): void {
    for (const link of this.links.values()) release(link);
    this.links.clear();
  }

  private accountExists(account: string): boolean {
    try {
      this.options.connection(account);
      return true;
    } catch {
      return false;
    }
  }

  private issue(account: string, fileName: string, content: DownloadContent, upstream: AbortController): string {
    this.forgetExpired();
    // Map order is issue order: the oldest waiting link makes room.
    for (const [oldest, link] of this.links) {
      if (this.links.size < this.maxLinks) break;
      this.links.delete(oldest);
      release(link);
    }
    const ticket = randomBytes(32).toString('base64url');
    // A link nobody opens must not hold its content request open; unref'd, so it keeps no process alive.
    // This link's own timer ends it: the clock read when it fires may still be a millisecond short of
    // `expires` (timers and the wall clock round differently), and nothing else would come back for it.
    const expiryTimer = setTimeout(() => this.forget(ticket), this.lifetimeMs);
    expiryTimer.unref();
    this.links.set(ticket, {
      account,
      fileName,
      content,
      upstream,
      expires: this.now() + this.lifetimeMs,
      expiryTimer,
    });
    return ticket;
  }

  private forget(ticket: string): void {
    const link = this.links.get(ticket);
    if (!link) return;
    this.links.delete(ticket);
    release(link);
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [ticket, link] of this.links) {
      if (link.expires > now) continue;
      this.links.delete(ticket);
      release(link);
    }
  }
}

/** Ends a link's content request and lets go of what it received. */
function release(link: PendingLink): void {
  clearTimeout(link.expiryTimer);
  link.upstream.abort();
  link.content.body.cancel().catch(() => undefined);
}

/**
 * Streams content into `<path>.part`, flushes it to disk, and only then renames it onto `path`:
 * an interrupted download never leaves a partial file under the real name, and a failed one
 * leaves no `.part` behind. Answers the number of bytes saved.
 */
export async function saveContent(content: DownloadContent, path: string): Promise<number> {
  const partPath = `${path}.part`;
  let handle: FileHandle;
  try {
    handle = await open(partPath, 'w');
  } catch (error) {
    await content.body.cancel().catch(() => undefined);
    throw fileError(error, path);
  }
  let bytes = 0;
  try {
    const reader = content.body.getReader();
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw new IpcCallError({
          code: 'unavailable',
          message: `The download broke off after ${bytes} bytes: ${describe(error)}`,
        });
      }
      if (chunk.done) break;
      await writeAll(handle, chunk.value).catch((error: unknown) => {
        void reader.cancel().catch(() => undefined);
        throw fileError(error, path);
      });
      bytes += chunk.value.byteLength;
    }
    if (content.contentLength !== undefined && bytes !== content.contentLength) {
      throw new IpcCallError({
        code: 'unavailable',
        message: `The download ended after ${bytes} of ${content.contentLength} bytes.`,
      });
    }
    await handle.sync().catch((error: unknown) => {
      throw fileError(error, path);
    });
    await handle.close();
    await rename(partPath, path).catch((error: unknown) => {
      throw fileError(error, path);
    });
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(partPath, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(path));
  return bytes;
}

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  for (let offset = 0; offset < chunk.byteLength;) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

/** Makes the rename itself durable; folders cannot be opened for this everywhere (Windows), hence best effort. */
async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // The file is complete and flushed; only the folder entry's durability is left to the system.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const inner = (error as Error & { cause?: unknown }).cause;
    return inner instanceof Error ? inner.message : error.message;
  }
  return String(error);
}

function fileError(error: unknown, path: string): IpcCallError {
  if (error instanceof IpcCallError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const refused = code === 'EACCES' || code === 'EPERM' || code === 'EROFS';
  return new IpcCallError({
    code: refused ? 'forbidden' : 'internal',
    message: `Could not save to ${path}: ${describe(error)}`,
  });
}
