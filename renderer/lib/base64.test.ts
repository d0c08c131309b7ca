import { describe, expect, it } from 'vitest';
import { encodeBase64 } from './base64';

describe('encodeBase64', () => {
  it('encodes known vectors', () => {
    expect(encodeBase64(new TextEncoder().encode('foobar'))).toBe('Zm9vYmFy');
    expect(encodeBase64(new Uint8Array([0xff, 0x00, 0xfe]))).toBe('/wD+');
    expect(encodeBase64(new Uint8Array())).toBe('');
  });

  it('round-trips bytes across chunk boundaries', () => {
    const bytes = new Uint8Array(0x8000 * 2 + 7).map((_, i) => (i * 31) % 256);
    const decoded = Uint8Array.from(atob(encodeBase64(bytes)), (char) => char.charCodeAt(0));
    expect(decoded).toEqual(bytes);
  });
});
