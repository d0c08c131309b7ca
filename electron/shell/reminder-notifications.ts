import { Notification } from 'electron';
import type { Core } from '../core/core';

/** Event reminders as desktop notifications; clicking one opens its event. */
export function showReminderNotifications(core: Core, showWindow: () => void): () => void {
  if (!Notification.isSupported()) return () => {};
  const shown = new Set<Notification>();
  const stop = core.startReminders((reminder) => {
    const notification = new Notification({ title: reminder.title, body: reminder.body, silent: false });
    // Kept referenced until closed, or the click handler can be collected with the object.
    shown.add(notification);
    notification.on('click', () => {
      showWindow();
      core.openRoute(reminder.route);
    });
    notification.on('close', () => shown.delete(notification));
    notification.show();
  });
  return () => {
    stop();
    for (const notification of shown) notification.close();
    shown.clear();
  };
}
