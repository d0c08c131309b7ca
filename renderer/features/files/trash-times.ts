import { getActiveAccount } from '../../lib/account-store';

/**
 * When items were moved to the trash from this computer. Drive reports `trashedTime` only for items
 * in shared drives; for My Drive items the Trash falls back to the time this app trashed them.
 * Kept per account in local storage, at most `limit` entries (the oldest are dropped).
 */
const storageKey = (account: string) => `atrium.trashTimes.${account}`;
const limit = 2000;

function read(account: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(account)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function write(account: string, times: Record<string, string>): void {
  const entries = Object.entries(times).sort((a, b) => a[1].localeCompare(b[1]));
  try {
    localStorage.setItem(storageKey(account), JSON.stringify(Object.fromEntries(entries.slice(-limit))));
  } catch {
    // Storage full or unavailable: the Trash then shows no time for these items.
  }
}

export function rememberTrashed(ids: readonly string[], time = new Date().toISOString()): void {
  const account = getActiveAccount();
  if (!account) return;
  const times = read(account);
  for (const id of ids) times[id] = time;
  write(account, times);
}

export function forgetTrashed(ids: readonly string[]): void {
  const account = getActiveAccount();
  if (!account) return;
  const times = read(account);
  for (const id of ids) delete times[id];
  write(account, times);
}

/** The service's `trashedTime` when it gives one, else the time this app trashed the item. */
export function trashedTimeOf(item: { id: string; trashedTime?: string | null | undefined }): string | null {
  if (item.trashedTime) return item.trashedTime;
  const account = getActiveAccount();
  return account ? (read(account)[item.id] ?? null) : null;
}
