import { create } from 'zustand';
import { useAccountStore } from './account-store';

/**
 * The app's one way to tell the person what just happened: a stack of toasts shown by
 * `components/Toaster` (bottom-left, in its own strip below the content, never over it).
 *
 * Stable API, for every feature:
 *
 *   notify({ message, kind?, action?, details? }) → id
 *     message  one plain sentence ("Deleted “Buy milk”", "Couldn’t save “Standup”").
 *     kind     'info' (default) or 'error'; errors stay on screen longer and are announced assertively.
 *     action   optional `{ label, run }` button; `undoAction(run)` makes an Undo, which Ctrl/Cmd+Z also runs.
 *     details  optional technical text, behind a "Details" expander (never in the sentence itself).
 *   notifyError(sentence, error) → id    an error toast with the error's own message as its details.
 *   dismissNotification(id)
 *   undoLatest() → whether an Undo ran (what Ctrl/Cmd+Z calls).
 *
 * At most three toasts are kept, newest first; a fourth pushes the oldest out.
 */

export type NotificationKind = 'info' | 'error';

export interface NotificationAction {
  label: string;
  run: () => unknown;
  /** An Undo: Ctrl/Cmd+Z runs the newest one. */
  undo?: boolean;
}

export interface NotificationInput {
  message: string;
  kind?: NotificationKind;
  action?: NotificationAction;
  details?: string;
}

export interface Notification {
  id: number;
  message: string;
  kind: NotificationKind;
  action?: NotificationAction;
  details?: string;
}

export const maxNotifications = 3;
/** How long a toast stays (paused while hovered or focused); Undo stays possible until it goes. */
export const notificationLifetimeMs = { info: 8000, error: 16000 } as const;

interface NotificationState {
  /** Newest first. */
  notifications: Notification[];
  push(input: NotificationInput): number;
  dismiss(id: number): void;
}

let nextId = 1;

export const useNotificationStore = create<NotificationState>((set) => ({
  notifications: [],
  push: (input) => {
    const id = nextId++;
    const entry: Notification = {
      id,
      message: input.message,
      kind: input.kind ?? 'info',
      ...(input.action ? { action: input.action } : {}),
      ...(input.details ? { details: input.details } : {}),
    };
    set((state) => ({ notifications: [entry, ...state.notifications].slice(0, maxNotifications) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ notifications: state.notifications.filter((n) => n.id !== id) })),
}));

// An Undo calls the service as the active account: after a switch it would act on the wrong one.
useAccountStore.subscribe((state, previous) => {
  if (state.active !== previous.active && previous.active !== null) {
    useNotificationStore.setState({ notifications: [] });
  }
});

export function notify(input: NotificationInput): number {
  return useNotificationStore.getState().push(input);
}

export function dismissNotification(id: number): void {
  useNotificationStore.getState().dismiss(id);
}

export function undoAction(run: () => unknown): NotificationAction {
  return { label: 'Undo', run, undo: true };
}

/** An error toast: the plain sentence, and what the service said behind the expander. */
export function notifyError(sentence: string, error: unknown): number {
  const details = detailsOf(error);
  return notify({ message: sentence, kind: 'error', ...(details ? { details } : {}) });
}

function detailsOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message || undefined;
  }
  return typeof error === 'string' && error ? error : undefined;
}

/** Runs a toast's action once and takes the toast away. */
export function runNotificationAction(id: number): boolean {
  const entry = useNotificationStore.getState().notifications.find((n) => n.id === id);
  if (!entry?.action) return false;
  dismissNotification(id);
  void Promise.resolve()
    .then(() => entry.action?.run())
    .catch((error: unknown) => notifyError(`Couldn’t ${entry.action?.label.toLowerCase() ?? 'do that'}.`, error));
  return true;
}

/** Runs the newest toast's Undo, if any toast on screen has one. */
export function undoLatest(): boolean {
  const latest = useNotificationStore.getState().notifications.find((n) => n.action?.undo);
  return latest ? runNotificationAction(latest.id) : false;
}
