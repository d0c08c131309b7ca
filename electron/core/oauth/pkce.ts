import * as oidc from 'openid-client';

/** A PKCE pair (RFC 7636): the verifier stays in the core, only its S256 challenge travels. */
export interface PkcePair {
  readonly verifier: string;
  readonly challenge: string;
  readonly method: 'S256';
}

/** A 43-character verifier (32 random bytes, 256 bits of entropy) and its S256 challenge. */
export async function createPkcePair(): Promise<PkcePair> {
  const verifier = oidc.randomPKCECodeVerifier();
  return { verifier, challenge: await oidc.calculatePKCECodeChallenge(verifier), method: 'S256' };
}

/** An unguessable `state` value binding a redirect to the request that started it. */
export const createState = (): string => oidc.randomState();
