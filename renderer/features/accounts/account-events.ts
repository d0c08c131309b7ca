import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { AccountsOverview, IpcEvent } from '../../../shared/ipc/contract';
import { ipc } from '../../platform/ipc';
import { accountsQueryKey } from '../../shell/useAccounts';

/** A Google sign-in waiting on the browser, and how the last one ended. */
export interface SignInState {
  pending: { flow: string; authorizationUrl: string; opened: boolean } | null;
  outcome: { kind: 'signedIn' | 'failed' | 'cancelled'; message: string } | null;
}

interface AccountEventsState extends SignInState {
  /** Accounts whose service cannot be reached right now. */
  offline: ReadonlySet<string>;
  startedSignIn: (pending: NonNullable<SignInState['pending']>) => void;
  clearOutcome: () => void;
}

export const useAccountEventsStore = create<AccountEventsState>((set) => ({
  pending: null,
  outcome: null,
  offline: new Set(),
  startedSignIn: (pending) => set({ pending, outcome: null }),
  clearOutcome: () => set({ outcome: null }),
}));

function signInOutcome(
  event: Extract<IpcEvent, { type: 'signIn' }>,
  overview: AccountsOverview | undefined,
): SignInState['outcome'] {
  if (event.outcome === 'signedIn') {
    const account = overview?.accounts.find((a) => a.id === event.account);
    return { kind: 'signedIn', message: account ? `${account.email} is connected.` : 'The account is connected.' };
  }
  return {
    kind: event.outcome,
    message: event.message ?? (event.outcome === 'cancelled' ? 'Sign-in cancelled.' : 'Sign-in failed.'),
  };
}

/**
 * Keeps the accounts cache and the sign-in and connectivity state in step with what the core
 * pushes. Returns the unsubscribe function.
 */
export function followAccountEvents(client: QueryClient): () => void {
  return ipc.onEvent((event) => {
    if (event.type === 'accounts') {
      client.setQueryData<AccountsOverview>(accountsQueryKey, { accounts: event.accounts, active: event.active });
    } else if (event.type === 'signIn') {
      const { pending } = useAccountEventsStore.getState();
      if (pending && pending.flow !== event.flow) return;
      const overview = client.getQueryData<AccountsOverview>(accountsQueryKey);
      useAccountEventsStore.setState({ pending: null, outcome: signInOutcome(event, overview) });
      void client.invalidateQueries({ queryKey: accountsQueryKey });
    } else if (event.type === 'syncState') {
      const offline = new Set(useAccountEventsStore.getState().offline);
      if (event.state === 'offline') offline.add(event.account);
      else offline.delete(event.account);
      useAccountEventsStore.setState({ offline });
    }
  });
}
