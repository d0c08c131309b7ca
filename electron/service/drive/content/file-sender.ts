import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';

/** Bytes per read; two buffers of this size take turns. */
const bufferBytes = 1024 * 1024;

/** Writes `chunk` to `out`; resolves once the socket has taken it (so its buffer may be reused). */
function writeOut(out: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const onClose = () => reject(new Error('The response closed before the content was sent.'));
    out.once('close', onClose);
    out.write(chunk, (error) => {
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    });
  });
}

/**
 * Writes bytes `start..end` (inclusive) of a file to `out` through two reusable buffers: one is read
 * into while the other goes out, and a buffer is filled again only once the socket has taken it. A
 * read stream would allocate a new buffer per read instead, and the garbage collections that much
 * short-lived memory brings cost a large download more processor time than sending it does.
 */
export async function sendFileRange(out: Writable, path: string, start: number, end: number): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const buffers = [Buffer.allocUnsafeSlow(bufferBytes), Buffer.allocUnsafeSlow(bufferBytes)] as const;
    const sent: [Promise<void>, Promise<void>] = [Promise.resolve(), Promise.resolve()];
    let position = start;
    let turn: 0 | 1 = 0;
    while (position <= end) {
      await sent[turn];
      const buffer = buffers[turn];
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, end - position + 1), position);
      if (bytesRead === 0) throw new Error('The content is shorter than its recorded size.');
      const writing = writeOut(out, buffer.subarray(0, bytesRead));
      // Awaited before the buffer is reused or at the end; a failure meanwhile must not go unhandled.
      writing.catch(() => undefined);
      sent[turn] = writing;
      position += bytesRead;
      turn = turn === 0 ? 1 : 0;
    }
    await Promise.all(sent);
  } finally {
    await handle.close();
  }
}
