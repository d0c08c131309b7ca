import type { ComponentType } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import type { ViewId } from './views';

/**
 * A view whose code is fetched on first use, or ahead of it with `preload`. A failed fetch is not
 * remembered: the error boundary's Retry fetches again. Once loaded, the view renders straight away,
 * so switching to a preloaded view never flashes a loading panel.
 */
export interface LazyView {
  View: ComponentType;
  /** Starts fetching the view's code (once); resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
}

function lazyView<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType): LazyView {
  const { Component, preload } = lazyComponent(importer, pick);
  return { View: Component, preload };
}

/** Each view's code is its own chunk (with the libraries only it uses: FullCalendar, dnd-kit, TanStack Virtual). */
export const lazyViews: Record<ViewId, LazyView> = {
  calendar: lazyView(
    () => import('../features/calendar'),
    (module) => module.CalendarView,
  ),
  tasks: lazyView(
    () => import('../features/tasks/TaskBoard'),
    (module) => module.TaskBoard,
  ),
  files: lazyView(
    () => import('../features/files'),
    (module) => module.FilesView,
  ),
};

/**
 * Resolves once the code of the view on screen has run (or failed to load, which the view's error
 * boundary then says), so the first render draws that view rather than a loading panel: React keeps
 * a shown fallback for at least 300 ms before revealing what replaces it.
 */
export function firstViewReady(current: ViewId): Promise<void> {
  return lazyViews[current].preload().then(
    () => undefined,
    () => undefined,
  );
}

/** How long after the first view is up the others' code is fetched, so it never competes with that view's first paint. */
const preloadDelayMs = 1500;

/**
 * Fetches every view's code in idle time once `current` has loaded, so a later switch is instant.
 * Returns a function that cancels what has not started yet.
 */
export function preloadViewsWhenIdle(current: ViewId): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const preloadAll = () => {
    for (const view of Object.values(lazyViews)) void view.preload().catch(() => undefined);
  };
  void lazyViews[current]
    .preload()
    .catch(() => undefined)
    .then(() => {
      if (cancelled) return;
      timer = setTimeout(() => {
        if (cancelled) return;
        if (typeof window.requestIdleCallback === 'function')
          idle = window.requestIdleCallback(preloadAll, { timeout: 5000 });
        else preloadAll();
      }, preloadDelayMs);
    });
  return () => {
    cancelled = true;
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
