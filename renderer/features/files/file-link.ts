import type { AccountsOverview } from '../../../shared/ipc/contract';
import { getActiveAccount } from '../../lib/account-store';
import { notify } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { accountsQueryKey } from '../../shell/useAccounts';

/**
 * The address a copied link should carry. A Google account's files have a Drive address anyone with
 * access can open; the local account's files live only on this computer, where an `atrium://` link
 * (the format the app's deep-link handler opens) finds them. The service's own `webViewLink` for a
 * local file points at a loopback port that only this app instance answers, so it is never copied.
 */
export function shareableLink(
  file: { id: string; webViewLink?: string | null | undefined },
  account: { id: string; kind: 'local' | 'google' } | undefined,
): { url: string; where: 'google' | 'local' } {
  if (account?.kind === 'google' && file.webViewLink) return { url: file.webViewLink, where: 'google' };
  const query = account ? `?account=${encodeURIComponent(account.id)}` : '';
  return { url: `atrium://file/${encodeURIComponent(file.id)}${query}`, where: 'local' };
}

export async function copyText(text: string): Promise<boolean> {
  try {
    // A page without focus may leave the request unanswered; the selection copy below then takes over.
    await Promise.race([
      navigator.clipboard.writeText(text),
      new Promise((_, reject) => setTimeout(() => reject(new Error('clipboard did not answer')), 1500)),
    ]);
    return true;
  } catch {
    // Clipboard access can be refused (permissions, an unfocused page); fall back to a selection copy.
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    const copied = document.execCommand('copy');
    field.remove();
    return copied;
  }
}

function activeAccount(): { id: string; kind: 'local' | 'google' } | undefined {
  const overview = queryClient.getQueryData<AccountsOverview>(accountsQueryKey);
  const id = getActiveAccount() ?? overview?.active;
  return overview?.accounts.find((account) => account.id === id);
}

/** Copies the file's link and says in a toast where that link opens. */
export async function copyFileLink(file: { id: string; webViewLink?: string | null | undefined }): Promise<void> {
  const { url, where } = shareableLink(file, activeAccount());
  const copied = await copyText(url);
  if (!copied) {
    notify({ kind: 'error', message: 'Couldn’t copy the link. Try again.' });
    return;
  }
  notify({
    message:
      where === 'google'
        ? 'Link copied. People with access can open it in Google Drive.'
        : 'Link copied. It opens this file in Atrium on this computer.',
  });
}
