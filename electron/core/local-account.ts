import { randomBytes } from 'node:crypto';
import type { Vault } from './vault';

export const localAccountId = 'local';
export const localUserEmail = 'me@atrium.local';
export const localUserDisplayName = 'Me';

const tokenKey = 'local-service-token';

/** The embedded service's token for the local account: made on first run, kept in the vault after that. */
export async function localAccountToken(vault: Vault): Promise<string> {
  const existing = await vault.get(tokenKey);
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  await vault.set(tokenKey, token);
  return token;
}
