import { createHash, randomBytes } from 'node:crypto';

/** A PKCE pair (RFC 7636): the verifier stays in the core, only its S256 challenge travels. */
export interface PkcePair {
  readonly verifier: string;
  readonly challenge: string;
  readonly method: 'S256';
}

/** 32 random bytes give a 43-character verifier, the shortest RFC 7636 allows, with 256 bits of entropy. */
export function createPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256(verifier), method: 'S256' };
}

export const s256 = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** An unguessable `state` value binding a redirect to the request that started it. */
export const createState = (): string => randomBytes(32).toString('base64url');
