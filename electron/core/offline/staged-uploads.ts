import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { apiCallErrorFrom } from '../api-call-error';
import type { ApiClient } from '../api-client';
import { receivedFrom } from '../resumable-uploads';
import type { Resource } from './mirror-store';

/** What a staged upload sends: Drive's chunk size (a multiple of 256 KiB). */
const chunkBytes = 8 * 1024 * 1024;

interface Staging {
  readonly path: string;
  readonly size: number;
  readonly metadata: Record<string, unknown>;
  readonly contentType?: string;
  /** Bytes written from the start without a gap. */
  received: number;
}

export interface StagedUpload {
  readonly path: string;
  readonly size: number;
  readonly metadata: Record<string, unknown>;
  readonly contentType?: string;
}

/**
 * Files dropped for upload while an account is offline: their bytes are written to a staging
 * folder beside the mirror as the renderer sends them (same chunks as an online upload); once all
 * have arrived the upload joins the outbox.
 */
export class UploadStaging {
  private readonly staging = new Map<string, Staging>();

  constructor(private readonly dir: string) {}

  /** A new staged upload; answers its id (prefixed `staged-`, so the IPC layer can tell). */
  start(metadata: Record<string, unknown>, size: number, contentType: string | undefined): string {
    mkdirSync(this.dir, { recursive: true });
    const upload = `staged-${randomBytes(12).toString('hex')}`;
    const path = join(this.dir, upload);
    closeSync(openSync(path, 'w'));
    this.staging.set(upload, { path, size, metadata, ...(contentType ? { contentType } : {}), received: 0 });
    return upload;
  }

  has(upload: string): boolean {
    return this.staging.has(upload);
  }

  /** Writes a chunk at its offset; answers how many bytes are held, and the upload once all are. */
  write(upload: string, offset: number, data: Uint8Array): { received: number; complete?: StagedUpload } {
    const staging = this.get(upload);
    if (offset > staging.received)
      throw new Error(`The chunk at ${offset} leaves a gap after byte ${staging.received}.`);
    if (offset + data.length > staging.size) throw new Error(`The chunk ends past the upload's ${staging.size} bytes.`);
    const fd = openSync(staging.path, 'r+');
    try {
      writeSync(fd, data, 0, data.length, offset);
    } finally {
      closeSync(fd);
    }
    staging.received = Math.max(staging.received, offset + data.length);
    if (staging.received < staging.size) return { received: staging.received };
    this.staging.delete(upload);
    const { path, size, metadata, contentType } = staging;
    return { received: size, complete: { path, size, metadata, ...(contentType ? { contentType } : {}) } };
  }

  received(upload: string): number {
    return this.get(upload).received;
  }

  cancel(upload: string): void {
    const staging = this.staging.get(upload);
    this.staging.delete(upload);
    if (staging) rmSync(staging.path, { force: true });
  }

  private get(upload: string): Staging {
    const staging = this.staging.get(upload);
    if (!staging) throw new Error('This upload is no longer in progress; start it again.');
    return staging;
  }
}

/** Where a staged upload's resumable session stands. */
export interface UploadProgressState {
  /** The session address (kept in the outbox entry, so a restart resumes it). */
  readonly session?: string;
  readonly sent: number;
}

/**
 * Sends a staged file with a resumable session: opened with the file's client-chosen id (a repeat
 * after a crash finds the file made: 409), resumed from what the service holds after an
 * interruption, started afresh when the session expired. `progress` is told after each chunk.
 */
export async function sendStagedUpload(
  api: ApiClient,
  upload: StagedUpload & { readonly id: string },
  state: UploadProgressState,
  progress: (state: UploadProgressState) => void,
): Promise<Resource> {
  let session = state.session ? new URL(state.session) : undefined;
  for (let opened = 0; opened < 3; opened++) {
    if (!session) {
      const url = api.uploadUrl('DriveFilesCreate', { supportsAllDrives: true });
      url.searchParams.set('uploadType', 'resumable');
      // The finished file goes into the mirror as the server's copy: all of it (parents included), not the
      // default few fields, or listings that filter on them would lose it until the next sync pass.
      url.searchParams.set('fields', '*');
      const response = await api.fetchAuthorized(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': String(upload.size),
          ...(upload.contentType ? { 'x-upload-content-type': upload.contentType } : {}),
        },
        body: Buffer.from(JSON.stringify({ ...upload.metadata, id: upload.id }), 'utf8'),
      });
      const text = await response.text();
      if (response.status === 409) {
        // The id is taken: an earlier attempt completed the upload (Drive makes the file only then).
        return (await api.callByName('DriveFilesGet', {
          fileId: upload.id,
          fields: '*',
          supportsAllDrives: true,
        })) as Resource;
      }
      if (!response.ok) throw apiCallErrorFrom(response.status, text);
      const location = response.headers.get('location');
      if (!location) throw new Error('The service opened no upload session (no Location header).');
      session = new URL(location, url);
      progress({ session: session.href, sent: 0 });
    }
    const put = async (headers: Record<string, string>, body?: Uint8Array<ArrayBuffer>): Promise<Response> =>
      api.fetchAuthorized(session!, { method: 'PUT', headers, ...(body ? { body } : {}) });
    // How much the service holds (a restart resumes from there).
    let answer = await put(
      upload.size === 0 ? { 'content-length': '0' } : { 'content-range': `bytes */${upload.size}` },
    );
    for (;;) {
      if (answer.status === 404 || answer.status === 410) {
        await answer.arrayBuffer();
        session = undefined;
        break;
      }
      if (answer.ok) return (await answer.json()) as Resource;
      if (answer.status !== 308) throw apiCallErrorFrom(answer.status, await answer.text());
      await answer.arrayBuffer();
      const received = receivedFrom(answer.headers.get('range'));
      progress({ session: session.href, sent: received });
      const end = Math.min(upload.size, received + chunkBytes);
      const chunk = Buffer.alloc(end - received);
      const fd = openSync(upload.path, 'r');
      try {
        readSync(fd, chunk, 0, chunk.length, received);
      } finally {
        closeSync(fd);
      }
      answer = await put({ 'content-range': `bytes ${received}-${end - 1}/${upload.size}` }, chunk);
    }
  }
  throw new Error('The upload session kept expiring.');
}
