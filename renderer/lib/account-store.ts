import { create } from 'zustand';

/**
 * Which account the UI is working on. API calls and query keys read it, so switching account
 * switches every view's data without threading the id through each component.
 */
interface AccountState {
  active: string | null;
  setActive: (account: string | null) => void;
}

export const useAccountStore = create<AccountState>((set) => ({
  active: null,
  setActive: (active) => set({ active }),
}));

export function getActiveAccount(): string | null {
  return useAccountStore.getState().active;
}

export function useActiveAccount(): string | null {
  return useAccountStore((state) => state.active);
}
