import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchedWriter } from './batched-writer';

const dir = mkdtempSync(join(tmpdir(), 'atrium-batched-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('BatchedWriter', () => {
  it('writes chunks of any size in order from the start offset, reporting each written end', async () => {
    const path = join(dir, 'ordered.bin');
    writeFileSync(path, 'HEAD');
    const chunks = [randomBytes(100), randomBytes(3_000_000), randomBytes(9_000_000), Buffer.alloc(0), randomBytes(7)];
    const ends: number[] = [];
    const handle = await open(path, 'r+');
    const writer = new BatchedWriter(handle, 4, (end) => {
      ends.push(end);
    });
    for (const chunk of chunks) await writer.append(chunk);
    await writer.end();
    await handle.close();

    const expected = Buffer.concat([Buffer.from('HEAD'), ...chunks]);
    expect(readFileSync(path).equals(expected)).toBe(true);
    expect(ends.at(-1)).toBe(expected.length);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    // Large writes: a few per batch size, not one per chunk.
    expect(ends.length).toBeLessThan(chunks.length);
  });

  it('waits for what `onWritten` returns before the next write', async () => {
    const path = join(dir, 'paced.bin');
    const handle = await open(path, 'w');
    const events: string[] = [];
    const writer = new BatchedWriter(handle, 0, async (end) => {
      events.push(`written ${end}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push(`released ${end}`);
    });
    for (let i = 0; i < 12; i++) await writer.append(randomBytes(1024 * 1024));
    await writer.end();
    await handle.close();
    expect(events).toEqual([
      'written 4194304',
      'released 4194304',
      'written 8388608',
      'released 8388608',
      'written 12582912',
      'released 12582912',
    ]);
  });

  it('fails the upload with the write error, and waits for nothing after it', async () => {
    const path = join(dir, 'read-only.bin');
    writeFileSync(path, '');
    const handle = await open(path, 'r');
    const writer = new BatchedWriter(handle);
    let thrown: unknown;
    try {
      for (let i = 0; i < 12; i++) await writer.append(randomBytes(1024 * 1024));
    } catch (error) {
      thrown = error;
    }
    await expect(writer.end()).rejects.toMatchObject({ code: 'EBADF' });
    expect(thrown ?? (await writer.end().catch((error: unknown) => error))).toMatchObject({ code: 'EBADF' });
    await writer.settle();
    await handle.close();
  });
});
