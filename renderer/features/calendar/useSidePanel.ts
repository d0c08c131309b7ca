import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useCalendarStore } from './calendar-store';

/** Below this window width the side panel starts hidden and opens as a drawer over the grid. */
const narrowQuery = '(max-width: 959px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(narrowQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia(narrowQuery).matches;

/**
 * The calendar's side panel, as Google Calendar's main menu button treats it: in a wide window it is collapsed or
 * expanded in place and the choice is remembered; in a narrow one it starts hidden and opens as a drawer that Escape
 * or a click outside closes, handing focus back to the toggle.
 */
export function useSidePanel() {
  const narrow = useSyncExternalStore(subscribe, isNarrow);
  const collapsed = useCalendarStore((state) => state.panelCollapsed);
  const setCollapsed = useCalendarStore((state) => state.setPanelCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  const drawer = narrow && drawerOpen;

  // A drawer left open while the window widens would otherwise reopen by itself the next time it narrows.
  useEffect(() => {
    if (!narrow) setDrawerOpen(false);
  }, [narrow]);

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!drawer) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      closeDrawer();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [drawer, closeDrawer]);

  return {
    shown: narrow ? drawerOpen : !collapsed,
    drawer,
    toggleRef,
    toggle: () => (narrow ? setDrawerOpen((open) => !open) : setCollapsed(!collapsed)),
    closeDrawer,
    /** Runs an action chosen in the panel, closing the drawer first so the action's dialog is not behind it. */
    then:
      <Args extends unknown[]>(action: (...args: Args) => unknown) =>
      (...args: Args) => {
        if (drawer) setDrawerOpen(false);
        return action(...args);
      },
  };
}
