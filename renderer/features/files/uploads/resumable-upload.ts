import { isRetryableError } from '../../../lib/errors';

/** Services store resumable content in blocks of this size; chunks other than the last end on a block. */
export const uploadBlockSize = 256 * 1024;
export const defaultChunkSize = 16 * uploadBlockSize;

export interface UploadProgressAnswer {
  received: number;
  file?: unknown;
}

/** The resumable-upload calls of the core (`files.uploadStart` / `Chunk` / `Status` / `Cancel`). */
export interface UploadTransport {
  start(input: {
    metadata: Record<string, unknown>;
    contentType?: string;
    size: number;
    fileId?: string;
  }): Promise<{ upload: string }>;
  chunk(upload: string, offset: number, bytes: Uint8Array): Promise<UploadProgressAnswer>;
  status(upload: string): Promise<UploadProgressAnswer>;
  cancel(upload: string): Promise<void>;
}

export interface UploadSource {
  readonly size: number;
  readonly type: string;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

export interface ResumableUploadOptions {
  metadata: Record<string, unknown>;
  /** Upload new content for this file instead of creating one. */
  fileId?: string;
  signal?: AbortSignal;
  onProgress?: (received: number, total: number) => void;
  chunkSize?: number;
  /** Attempts in a row without progress before giving up. */
  maxFailures?: number;
  baseDelayMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export class UploadCancelledError extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelledError';
  }
}

/** Where the chunk starting at `received` ends: `chunkSize` on, rounded down to a block, or the end. */
export function nextChunkEnd(received: number, size: number, chunkSize: number): number {
  if (size - received <= chunkSize) return size;
  const aligned = Math.floor((received + chunkSize) / uploadBlockSize) * uploadBlockSize;
  return aligned > received ? aligned : Math.min(size, Math.ceil((received + 1) / uploadBlockSize) * uploadBlockSize);
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Uploads `source` through a resumable session: chunk after chunk, and after a failure that may
 * pass (the connection dropped, the service is busy) it waits, asks the service how much it holds
 * and goes on from there. Answers the created (or updated) file.
 */
export async function uploadResumably(
  source: UploadSource,
  transport: UploadTransport,
  options: ResumableUploadOptions,
): Promise<unknown> {
  const chunkSize = options.chunkSize ?? defaultChunkSize;
  const maxFailures = options.maxFailures ?? 8;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const sleep = options.sleep ?? defaultSleep;
  const { signal } = options;
  const size = source.size;

  let failures = 0;
  const afterFailure = async (error: unknown) => {
    failures += 1;
    if (!isRetryableError(error) || failures >= maxFailures) throw error;
    await sleep(Math.min(baseDelayMs * 2 ** (failures - 1), 15_000), signal);
    if (signal?.aborted) throw new UploadCancelledError();
  };

  let upload: string | undefined;
  while (upload === undefined) {
    if (signal?.aborted) throw new UploadCancelledError();
    try {
      upload = (
        await transport.start({
          metadata: options.metadata,
          size,
          ...(source.type ? { contentType: source.type } : {}),
          ...(options.fileId ? { fileId: options.fileId } : {}),
        })
      ).upload;
    } catch (error) {
      await afterFailure(error);
    }
  }

  let received = 0;
  for (;;) {
    if (signal?.aborted) {
      await transport.cancel(upload).catch(() => undefined);
      throw new UploadCancelledError();
    }
    let answer: UploadProgressAnswer;
    try {
      const end = nextChunkEnd(received, size, chunkSize);
      const bytes = new Uint8Array(await source.slice(received, end).arrayBuffer());
      answer = await transport.chunk(upload, received, bytes);
    } catch (error) {
      await afterFailure(error);
      try {
        answer = await transport.status(upload);
      } catch (statusError) {
        if (!isRetryableError(statusError)) throw statusError;
        continue;
      }
    }
    if (answer.received > received) failures = 0;
    received = answer.received;
    options.onProgress?.(received, size);
    if (answer.file !== undefined) return answer.file;
  }
}
