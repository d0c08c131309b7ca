import { describe, expect, it } from 'vitest';
import { IpcCallError } from '../../../../shared/ipc/errors';
import { entriesFromPicker, folderOf, foldersInCreationOrder } from './dropped-entries';
import {
  nextChunkEnd,
  uploadBlockSize,
  uploadResumably,
  UploadCancelledError,
  type UploadSource,
  type UploadTransport,
} from './resumable-upload';

const block = uploadBlockSize;

function source(size: number): UploadSource & { bytes: Uint8Array } {
  const bytes = new Uint8Array(size).map((_, i) => i % 256);
  return {
    size,
    type: 'application/octet-stream',
    bytes,
    slice: (start, end) => ({ arrayBuffer: async () => bytes.slice(start, end).buffer }),
  };
}

/** A session like the service keeps: it may take only part of a chunk (a dropped connection) or fail outright. */
function fakeService(total: number, faults: ('drop-half' | 'fail' | 'status-fail')[] = []) {
  const received = new Uint8Array(total);
  let held = 0;
  const calls: string[] = [];
  const unavailable = () => new IpcCallError({ code: 'unavailable', message: 'connection lost' });
  const transport: UploadTransport = {
    start: async () => {
      calls.push('start');
      return { upload: 'u1' };
    },
    chunk: async (_upload, offset, bytes) => {
      calls.push(`chunk ${offset}+${bytes.length}`);
      expect(offset).toBeLessThanOrEqual(held);
      const fault = faults[0] === 'drop-half' || faults[0] === 'fail' ? faults.shift() : undefined;
      const usable = bytes.subarray(held - offset);
      if (fault === 'fail') throw unavailable();
      const taken = fault === 'drop-half' ? usable.subarray(0, Math.floor(usable.length / 2)) : usable;
      received.set(taken, held);
      held += taken.length;
      if (fault) throw unavailable();
      return held === total ? { received: held, file: { id: 'f1' } } : { received: held };
    },
    status: async () => {
      calls.push('status');
      if (faults[0] === 'status-fail') {
        faults.shift();
        throw unavailable();
      }
      return { received: held };
    },
    cancel: async () => void calls.push('cancel'),
  };
  return { transport, received, calls };
}

const noSleep = async () => undefined;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

describe('nextChunkEnd', () => {
  it('ends chunks on a block boundary except the last', () => {
    expect(nextChunkEnd(0, 10 * block, 4 * block)).toBe(4 * block);
    expect(nextChunkEnd(1000, 10 * block, 4 * block)).toBe(4 * block);
    expect(nextChunkEnd(8 * block, 10 * block, 4 * block)).toBe(10 * block);
    expect(nextChunkEnd(0, 100, 4 * block)).toBe(100);
  });
});

describe('uploadResumably', () => {
  it('sends the content in chunks and answers the file', async () => {
    const data = source(5 * block + 10);
    const service = fakeService(data.size);
    const progress: number[] = [];
    const file = await uploadResumably(data, service.transport, {
      metadata: { name: 'x' },
      chunkSize: 2 * block,
      onProgress: (n) => progress.push(n),
      sleep: noSleep,
    });
    expect(file).toEqual({ id: 'f1' });
    expect(sameBytes(service.received, data.bytes)).toBe(true);
    expect(progress).toEqual([2 * block, 4 * block, 5 * block + 10]);
  });

  it('resumes from what the service holds after a dropped connection', async () => {
    const data = source(3 * block);
    const service = fakeService(data.size, ['drop-half', 'status-fail', 'fail']);
    const file = await uploadResumably(data, service.transport, {
      metadata: { name: 'x' },
      chunkSize: 2 * block,
      sleep: noSleep,
    });
    expect(file).toEqual({ id: 'f1' });
    expect(sameBytes(service.received, data.bytes)).toBe(true);
    expect(service.calls.filter((c) => c === 'status').length).toBeGreaterThanOrEqual(2);
  });

  it('gives up on errors that will not pass and after too many failures', async () => {
    const refusing: UploadTransport = {
      ...fakeService(10).transport,
      chunk: async () => {
        throw new IpcCallError({ code: 'forbidden', message: 'no', status: 403 });
      },
    };
    await expect(uploadResumably(source(10), refusing, { metadata: {}, sleep: noSleep })).rejects.toMatchObject({
      code: 'forbidden',
    });
    const failing = fakeService(10, Array(20).fill('fail') as 'fail'[]);
    await expect(
      uploadResumably(source(10), failing.transport, { metadata: {}, sleep: noSleep, maxFailures: 3 }),
    ).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('cancels the session when aborted', async () => {
    const controller = new AbortController();
    const service = fakeService(4 * block);
    const upload = uploadResumably(source(4 * block), service.transport, {
      metadata: {},
      chunkSize: block,
      signal: controller.signal,
      sleep: noSleep,
      onProgress: () => controller.abort(),
    });
    await expect(upload).rejects.toBeInstanceOf(UploadCancelledError);
    expect(service.calls).toContain('cancel');
  });
});

describe('dropped folders', () => {
  it('creates parents before children and reads picker paths', () => {
    expect(foldersInCreationOrder(['a/b/c', 'x', 'a'])).toEqual(['a', 'x', 'a/b', 'a/b/c']);
    expect(folderOf('a/b/c.txt')).toBe('a/b');
    expect(folderOf('c.txt')).toBe('');
    const picked = entriesFromPicker(
      [Object.assign(new File(['1'], 'one.txt'), {}), new File(['2'], 'two.txt')].map((file, i) =>
        Object.defineProperty(file, 'webkitRelativePath', { value: i === 0 ? 'Top/one.txt' : 'Top/sub/two.txt' }),
      ),
    );
    expect(picked.files.map((f) => f.relativePath)).toEqual(['Top/one.txt', 'Top/sub/two.txt']);
    expect(picked.folders.sort()).toEqual(['Top', 'Top/sub']);
  });
});
