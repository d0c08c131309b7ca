import type { AccountsOverview, AppRoute } from '../../shared/ipc/contract';
import { errorMessage, getActiveAccount, queryClient } from '../lib/api';
import { useAccountStore } from '../lib/account-store';
import { ipc } from '../platform/ipc';
import { accountsQueryKey } from './useAccounts';

/**
 * Makes the account a route names (a deep link or reminder from an account that is not on screen)
 * the active one, so the view opens the item in the account it belongs to. Answers false, with the
 * reason, when that account cannot be switched to (removed since the link was made, say).
 */
export async function enterAccountOf(route: AppRoute): Promise<{ ok: true } | { ok: false; reason: string }> {
  const wanted = 'account' in route ? route.account : undefined;
  if (!wanted || wanted === getActiveAccount()) return { ok: true };
  try {
    const overview = await ipc.invoke('accounts.switch', { account: wanted });
    queryClient.setQueryData<AccountsOverview>(accountsQueryKey, overview);
    useAccountStore.getState().setActive(overview.active);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: errorMessage(error) };
  }
}
