import * as Toast from '@radix-ui/react-toast';
import { useEffect } from 'react';
import {
  dismissNotification,
  notificationLifetimeMs,
  runNotificationAction,
  undoLatest,
  useNotificationStore,
  type Notification,
} from '../lib/notify';
import { passEscapeToNewerLayer } from '../lib/escape-layers';
import { commandKeyHeld, commandKeyShortcut, commandShortcut, isTypingTarget } from '../lib/platform';
import './toaster.css';

const undoKeys = commandShortcut('Z');

/** Ctrl/Cmd+Z anywhere except where the person is typing (there it undoes their typing). */
function useUndoShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.shiftKey || event.altKey) return;
      if (event.key.toLowerCase() !== 'z' || !commandKeyHeld(event)) return;
      if (isTypingTarget(event.target)) return;
      if (undoLatest()) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

function ToastItem({ notification }: { notification: Notification }) {
  const { id, kind, message, action, details } = notification;
  return (
    <Toast.Root
      className={`toast toast--${kind}`}
      open
      onOpenChange={(open) => {
        if (!open) dismissNotification(id);
      }}
      duration={notificationLifetimeMs[kind]}
      type={kind === 'error' ? 'foreground' : 'background'}
      // A dialog just opened over the toast is where Escape belongs (the toast is never focused).
      onEscapeKeyDown={(event) => passEscapeToNewerLayer(event, null)}
      data-testid="toast"
      data-kind={kind}
    >
      <div className="toast__body">
        <Toast.Description className="toast__message">{message}</Toast.Description>
        {details ? (
          <details className="toast__details">
            <summary>Details</summary>
            <p>{details}</p>
          </details>
        ) : null}
      </div>
      {action ? (
        <Toast.Action
          className="toast__action"
          altText={action.undo ? `${action.label} (${undoKeys})` : action.label}
          onClick={(event) => {
            // The store takes the toast away itself, once the action has been started.
            event.preventDefault();
            runNotificationAction(id);
          }}
          data-testid={action.undo ? 'toast-undo' : 'toast-action'}
          {...(action.undo ? { 'aria-keyshortcuts': commandKeyShortcut('Z') } : {})}
        >
          {action.label}
        </Toast.Action>
      ) : null}
      <Toast.Close className="toast__close" aria-label="Dismiss" data-testid="toast-dismiss">
        <span aria-hidden="true">×</span>
      </Toast.Close>
    </Toast.Root>
  );
}

/**
 * The app's one toast stack: what `notify()` reports, newest first, at most three, each leaving on
 * its own after a while (errors stay longer; hovering or focusing one holds them). It sits in a
 * strip of its own under the content, so a toast never covers what the person is working on.
 */
export function Toaster() {
  const notifications = useNotificationStore((state) => state.notifications);
  useUndoShortcut();
  return (
    <Toast.Provider label="Notification" swipeDirection="left">
      {notifications.map((notification) => (
        <ToastItem key={notification.id} notification={notification} />
      ))}
      <div
        className="toast-region"
        data-testid="toast-region"
        {...(notifications.length > 0 ? { 'data-active': 'true' } : {})}
      >
        <Toast.Viewport className="toast-stack" label="Notifications ({hotkey})" data-testid="toast-stack" />
      </div>
    </Toast.Provider>
  );
}
