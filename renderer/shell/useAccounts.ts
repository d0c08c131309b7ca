import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Account } from '../../shared/ipc/contract';
import { useAccountStore } from '../lib/account-store';
import { ipc } from '../platform/ipc';

export const accountsQueryKey = ['accounts'] as const;

/** Loads the accounts and makes the active one the account every API call acts for. */
export function useAccounts() {
  const query = useQuery({
    queryKey: accountsQueryKey,
    queryFn: () => ipc.invoke('accounts.list', {}),
    staleTime: 60_000,
  });
  const setActive = useAccountStore((state) => state.setActive);
  const activeId = query.data?.active ?? null;

  useEffect(() => {
    setActive(activeId);
  }, [activeId, setActive]);

  const activeAccount: Account | undefined = query.data?.accounts.find((account) => account.id === activeId);
  return { ...query, activeAccount };
}
