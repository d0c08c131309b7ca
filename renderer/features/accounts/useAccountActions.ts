import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsOverview } from '../../../shared/ipc/contract';
import { ipc } from '../../platform/ipc';
import { accountsQueryKey } from '../../shell/useAccounts';
import { useAccountEventsStore } from './account-events';

/** The account operations of the accounts screen; each answers the new account list, which replaces the cached one. */
export function useAccountActions() {
  const client = useQueryClient();
  const keep = (overview: AccountsOverview) =>
    client.setQueryData<AccountsOverview>(accountsQueryKey, { accounts: overview.accounts, active: overview.active });

  const switchTo = useMutation({
    mutationFn: (account: string) => ipc.invoke('accounts.switch', { account }),
    onSuccess: keep,
  });
  const rename = useMutation({
    mutationFn: (input: { account: string; displayName: string }) => ipc.invoke('accounts.rename', input),
    onSuccess: keep,
  });
  const setOverlay = useMutation({
    mutationFn: (input: { account: string; overlay: boolean }) => ipc.invoke('accounts.setOverlay', input),
    onSuccess: keep,
  });
  const remove = useMutation({
    mutationFn: (account: string) => ipc.invoke('accounts.remove', { account }),
    onSuccess: keep,
  });
  const signIn = useMutation({
    mutationFn: (loginHint?: string) => ipc.invoke('accounts.signIn', loginHint ? { loginHint } : {}),
    onSuccess: (started) => useAccountEventsStore.getState().startedSignIn(started),
  });
  const cancelSignIn = useMutation({
    mutationFn: (flow: string) => ipc.invoke('accounts.cancelSignIn', { flow }),
  });
  return { switchTo, rename, setOverlay, remove, signIn, cancelSignIn };
}
