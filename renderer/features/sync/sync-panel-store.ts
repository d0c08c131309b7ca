import { create } from 'zustand';

/** Whether the sync panel is open; the sidebar status and the offline notice both open it. */
export const useSyncPanelStore = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
