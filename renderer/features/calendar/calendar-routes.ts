import type { AppRoute } from '../../../shared/ipc/contract';
import { ipc } from '../../platform/ipc';
import { enterAccountOf } from '../../shell/route-account';
import { useViewStore } from '../../shell/views';
import { useCalendarStore } from './calendar-store';

export type CalendarRoute = Extract<AppRoute, { kind: 'event' | 'quickAdd' }>;

/**
 * Follows the core's `navigate` events that belong to the calendar (a reminder or deep link naming
 * an event, the tray's "Quick add"): shows the calendar view and leaves the route for it to open.
 * Runs for the app's lifetime, whichever view is on screen. Returns the unsubscribe function.
 */
export function listenForCalendarRoutes(): () => void {
  return ipc.onEvent((event) => {
    if (event.type !== 'navigate') return;
    const route = event.route;
    if (route.kind !== 'event' && route.kind !== 'quickAdd') return;
    // Another account's event is opened in that account: it becomes the active one first. Should that
    // fail, the view still tries, and says why the event could not be opened.
    void enterAccountOf(route).then(() => {
      useCalendarStore.getState().openRoute(route);
      useViewStore.getState().show('calendar');
    });
  });
}
