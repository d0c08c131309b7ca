import { create } from 'zustand';

/** A short message about something that just happened, with Undo when it can be taken back. */
export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
  undo?: () => Promise<unknown>;
}

interface ToastState {
  toasts: Toast[];
  show: (toast: Omit<Toast, 'id' | 'tone'> & { tone?: Toast['tone'] }) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;
/** How long a toast stays; Undo stays possible until it goes. */
export const toastLifetimeMs = 8000;
const maxToasts = 4;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    const entry: Toast = { tone: 'info', ...toast, id };
    set((state) => ({ toasts: [...state.toasts, entry].slice(-maxToasts) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

export function showToast(toast: Omit<Toast, 'id' | 'tone'> & { tone?: Toast['tone'] }): number {
  return useToastStore.getState().show(toast);
}

/** The newest toast that can still be undone (Ctrl+Z takes it back). */
export function latestUndoable(): Toast | undefined {
  return [...useToastStore.getState().toasts].reverse().find((toast) => toast.undo);
}
