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
 *   undoLatest() → whether an Undo ran or was asked for (what Ctrl/Cmd+Z calls).
 *   startUndoable() → marks an action under way whose success may offer Undo (lib/mutation does).
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
  /** When the action the toast reports was started (`startUndoable`); by default, now. */
  startedAt?: number;
}

export interface Notification {
  id: number;
  message: string;
  kind: NotificationKind;
  action?: NotificationAction;
  details?: string;
  /** Orders the toast's action among the others and those under way (see `undoLatest`). */
  startedAt: number;
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
/** Counts the starts of actions: a later action has a larger number. */
let clock = 0;

export const useNotificationStore = create<NotificationState>((set) => ({
  notifications: [],
  push: (input) => {
    const id = nextId++;
    const entry: Notification = {
      id,
      message: input.message,
      kind: input.kind ?? 'info',
      startedAt: input.startedAt ?? ++clock,
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
    for (const action of underWay) action.undoAsked = false;
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

function runAction(action: NotificationAction): void {
  void Promise.resolve()
    .then(() => action.run())
    .catch((error: unknown) => notifyError(`Couldn’t ${action.label.toLowerCase()}.`, error));
}

/** Runs a toast's action once and takes the toast away. */
export function runNotificationAction(id: number): boolean {
  const entry = useNotificationStore.getState().notifications.find((n) => n.id === id);
  if (!entry?.action) return false;
  dismissNotification(id);
  runAction(entry.action);
  return true;
}

interface UnderWay {
  readonly startedAt: number;
  /** Ctrl/Cmd+Z was pressed for this action before it finished. */
  undoAsked: boolean;
}

/** Actions started and not finished whose success may offer Undo, oldest first. */
const underWay: UnderWay[] = [];

/** An action under way (see `startUndoable`). */
export interface UndoableAction {
  readonly startedAt: number;
  /**
   * Says how the action ended: with its Undo (or none) on success, or `'failed'`. Answers whether
   * Undo was asked for while it ran; it has then been carried out (the action's own, or when it
   * offers none, the newest toast's), and the caller offers no Undo for the action again.
   */
  finished(outcome: { undo?: () => unknown } | 'failed'): boolean;
}

/**
 * Marks the start of an action whose success may offer Undo. The person's last action is the
 * one Ctrl/Cmd+Z undoes: pressed before that action has finished, it waits for it, rather than
 * undoing an older action whose toast is on screen.
 */
export function startUndoable(): UndoableAction {
  const entry: UnderWay = { startedAt: ++clock, undoAsked: false };
  underWay.push(entry);
  return {
    startedAt: entry.startedAt,
    finished(outcome) {
      const at = underWay.indexOf(entry);
      if (at >= 0) underWay.splice(at, 1);
      if (!entry.undoAsked) return false;
      // A failed action changed nothing: there is nothing to undo.
      if (outcome === 'failed') return true;
      if (outcome.undo) runAction(undoAction(outcome.undo));
      else undoLatest();
      return true;
    },
  };
}

/**
 * Undoes the person's latest action: the newest toast's Undo, or, when an action started after
 * it is still under way, that action once it finishes. Answers whether Ctrl/Cmd+Z was used.
 */
export function undoLatest(): boolean {
  const latest = useNotificationStore.getState().notifications.find((n) => n.action?.undo);
  const waiting = underWay.filter((action) => !action.undoAsked).at(-1);
  if (waiting && (!latest || waiting.startedAt > latest.startedAt)) {
    waiting.undoAsked = true;
    return true;
  }
  return latest ? runNotificationAction(latest.id) : false;
}
