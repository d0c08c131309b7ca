import { randomBytes } from 'node:crypto';
import type { UploadProgress } from '../../shared/ipc/contract';
import { IpcCallError } from '../../shared/ipc/errors';
import { ApiCallError, apiCallErrorFrom } from './api-call-error';
import type { ApiClient } from './api-client';
import { toIpcCallError } from './ipc-error-mapping';

/** Google accepts chunks in multiples of this size, except the last one. */
const chunkGranularity = 256 * 1024;
/** Google keeps a session for about a week; an unused one is forgotten after that. */
const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;

interface UploadSession {
  readonly api: ApiClient;
  /** The session address the service answered in `Location`; it never leaves the core. */
  readonly url: URL;
  readonly size: number;
  lastUsed: number;
}

export interface ResumableStart {
  readonly api: ApiClient;
  /** `DriveFilesCreate`, or `DriveFilesUpdate` with `fileId` for new content of an existing file. */
  readonly fileId?: string;
  readonly metadata: Record<string, unknown>;
  readonly contentType?: string;
  readonly size: number;
}

/**
 * Drive resumable uploads (`uploadType=resumable`) on behalf of the renderer: the session is opened
 * and kept here, content arrives in chunks, and after a dropped connection the renderer asks how
 * much the service has and goes on from there.
 */
export class ResumableUploads {
  private readonly sessions = new Map<string, UploadSession>();

  constructor(private readonly now: () => number = Date.now) {}

  async start({ api, fileId, metadata, contentType, size }: ResumableStart): Promise<{ upload: string }> {
    this.forgetStale();
    const url = fileId
      ? api.uploadUrl('DriveFilesUpdate', { fileId, supportsAllDrives: true })
      : api.uploadUrl('DriveFilesCreate', { supportsAllDrives: true });
    url.searchParams.set('uploadType', 'resumable');
    const response = await send(() =>
      api.fetchAuthorized(url, {
        method: fileId ? 'PATCH' : 'POST',
        headers: {
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': String(size),
          ...(contentType ? { 'x-upload-content-type': contentType } : {}),
        },
        body: Buffer.from(JSON.stringify(metadata), 'utf8'),
      }),
    );
    if (!response.ok) throw toIpcCallError(apiCallErrorFrom(response.status, await response.text()));
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (!location)
      throw new IpcCallError({
        code: 'apiError',
        message: 'The service opened no upload session (no Location header).',
      });
    const upload = randomBytes(16).toString('hex');
    this.sessions.set(upload, { api, url: new URL(location, url), size, lastUsed: this.now() });
    return { upload };
  }

  /** Sends bytes `offset .. offset + data.length - 1`; answers how many bytes the service now holds. */
  async chunk(upload: string, offset: number, data: Uint8Array<ArrayBuffer>): Promise<UploadProgress> {
    const session = this.session(upload);
    const end = offset + data.length;
    if (end > session.size)
      throw invalid(`The chunk ends at byte ${end}, past the upload's ${session.size} bytes.`, 'contentBase64');
    // Services keep content in 256 KiB blocks; a chunk that is not the last ends on a block boundary.
    if (end < session.size && (data.length === 0 || end % chunkGranularity !== 0)) {
      throw invalid(
        `A chunk that is not the last must be non-empty and end on a multiple of ${chunkGranularity} bytes.`,
        'contentBase64',
      );
    }
    // Empty content is sent whole (no Content-Range), the one form every service takes for it.
    if (session.size === 0) return this.put(upload, session, { 'content-length': '0' }, undefined);
    return this.put(upload, session, { 'content-range': `bytes ${offset}-${end - 1}/${session.size}` }, data);
  }

  /** Asks the service how much of the content it holds (and the file, when it has all of it). */
  async status(upload: string): Promise<UploadProgress> {
    const session = this.session(upload);
    return this.put(upload, session, { 'content-range': `bytes */${session.size}` }, undefined);
  }

  async cancel(upload: string): Promise<Record<string, never>> {
    const session = this.sessions.get(upload);
    this.sessions.delete(upload);
    // Google discards a session on DELETE (answering 499); a service without that lets it expire.
    if (session)
      await session.api
        .fetchAuthorized(session.url, { method: 'DELETE' })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
    return {};
  }

  private session(upload: string): UploadSession {
    const session = this.sessions.get(upload);
    if (!session)
      throw new IpcCallError({
        code: 'notFound',
        message: 'This upload is no longer in progress; start it again.',
        reason: 'uploadNotFound',
        location: 'upload',
      });
    session.lastUsed = this.now();
    return session;
  }

  private async put(
    upload: string,
    session: UploadSession,
    headers: Record<string, string>,
    body: Uint8Array<ArrayBuffer> | undefined,
  ): Promise<UploadProgress> {
    const response = await send(() =>
      session.api.fetchAuthorized(session.url, { method: 'PUT', headers, ...(body ? { body } : {}) }),
    );
    if (response.status === 308) {
      await response.arrayBuffer();
      return { received: receivedFrom(response.headers.get('range')) };
    }
    const text = await response.text();
    if (!response.ok) {
      // The session is gone for good (expired or completed elsewhere): the upload must start again.
      if (response.status === 404 || response.status === 410) this.sessions.delete(upload);
      throw toIpcCallError(apiCallErrorFrom(response.status, text));
    }
    this.sessions.delete(upload);
    let file: unknown;
    try {
      file = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      throw new IpcCallError({
        code: 'apiError',
        message: 'The service answered malformed JSON.',
        reason: 'invalidResponse',
      });
    }
    return { received: session.size, file };
  }

  private forgetStale(): void {
    const cutoff = this.now() - sessionLifetimeMs;
    for (const [id, session] of this.sessions) if (session.lastUsed < cutoff) this.sessions.delete(id);
  }
}

/** `Range: bytes=0-N` means N + 1 bytes arrived; no header means none did. */
export function receivedFrom(range: string | null): number {
  const match = range ? /^bytes=0-(\d+)$/.exec(range.trim()) : null;
  return match ? Number(match[1]) + 1 : 0;
}

function invalid(message: string, location: string): IpcCallError {
  return new IpcCallError({ code: 'invalidInput', message, location });
}

async function send(request: () => Promise<Response>): Promise<Response> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiCallError) throw toIpcCallError(error);
    throw error;
  }
}
