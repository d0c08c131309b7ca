import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentDigests, HashFollower } from './hash-follower';

const dir = mkdtempSync(join(tmpdir(), 'atrium-hash-follower-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const digestOf = (algorithm: string, data: Buffer) => createHash(algorithm).update(data).digest('hex');

describe('hashing a file as it is written', () => {
  it('follows a growing file and gives the address and md5 of exactly the bytes it was told of', async () => {
    const path = join(dir, 'growing.bin');
    const parts = [randomBytes(1_500_000), randomBytes(10), randomBytes(2_000_000)];
    writeFileSync(path, '');
    const digests = new ContentDigests(path);
    let size = 0;
    for (const part of parts) {
      appendFileSync(path, part);
      size += part.length;
      await digests.written(size, [part.subarray(0, 7), part.subarray(7)]);
    }
    // Bytes past the size it is finished at are not part of the digest.
    appendFileSync(path, 'trailing bytes');
    const whole = Buffer.concat(parts);
    const followed = await digests.finish(size);
    expect(followed.md5).toBe(digestOf('md5', whole));
    // The same address as the whole file read at once.
    expect(followed).toEqual(await ContentDigests.ofFile(path, size));
  });

  it('addresses content by its BLAKE3 digest', async () => {
    const path = join(dir, 'abc.txt');
    writeFileSync(path, 'abc!');
    // Published BLAKE3 test values (of "abc" and of nothing).
    expect(await ContentDigests.ofFile(path, 3)).toEqual({
      address: '6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85',
      md5: digestOf('md5', Buffer.from('abc')),
    });
    expect((await ContentDigests.ofFile(path, 0)).address).toBe(
      'af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262',
    );
  });

  it('refuses bytes that do not continue where the file was', async () => {
    const path = join(dir, 'gap.bin');
    writeFileSync(path, randomBytes(20));
    const digests = new ContentDigests(path);
    await digests.written(10, [Buffer.alloc(10)]);
    await expect(digests.written(20, [Buffer.alloc(5)])).rejects.toThrow(/differ/);
  });

  it('makes the writer wait while the hash lags too far behind, until it has caught up', async () => {
    const path = join(dir, 'lagging.bin');
    const data = randomBytes(3 * 1024 * 1024);
    writeFileSync(path, data.subarray(0, 1024 * 1024));
    const follower = new HashFollower(path, 'sha256', 256 * 1024);
    // Within the allowed lag the writer goes on at once (a promise already resolved).
    await follower.written(200 * 1024);
    // Beyond it, the answer is the worker's: here it cannot catch up (the bytes are not there), and
    // the wait ends with that failure instead of letting the writer run ahead.
    await expect(follower.written(data.length)).rejects.toThrow(/shorter than what was written/);

    writeFileSync(path, data);
    const caughtUp = new HashFollower(path, 'sha256', 256 * 1024);
    await caughtUp.written(data.length);
    expect(await caughtUp.finish(data.length)).toBe(digestOf('sha256', data));
  });

  it('fails, naming why, when the file holds fewer bytes than it was told of', async () => {
    const path = join(dir, 'short.bin');
    writeFileSync(path, randomBytes(1000));
    const follower = new HashFollower(path, 'md5');
    await expect(follower.finish(5000)).rejects.toThrow(/shorter than what was written/);
  });

  it('stops on discard, rejecting a wait in progress', async () => {
    const path = join(dir, 'discarded.bin');
    writeFileSync(path, randomBytes(4 * 1024 * 1024));
    const follower = new HashFollower(path, 'sha256', 1024);
    const waiting = follower.written(4 * 1024 * 1024);
    follower.discard();
    await expect(waiting).rejects.toThrow(/discarded/);
    await expect(follower.finish(10)).rejects.toThrow(/discarded/);
  });
});
