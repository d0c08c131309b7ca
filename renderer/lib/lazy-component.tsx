import { use, type ComponentType } from 'react';
import { importAgainOnFailure } from './import-again';

/** A component whose code is fetched on first use, or ahead of it with `preload`. */
export interface LazyComponent<P extends object> {
  Component: ComponentType<P>;
  /**
   * Starts fetching the component's code (once, or again after a failed fetch); resolves when it
   * can render without suspending.
   */
  preload: () => Promise<unknown>;
  /**
   * Fetches the code ahead of use if no fetch was ever started. One that was (and perhaps failed) is
   * left to its use: a fetch ahead started after a failure would still be under way, and fail the
   * same way, when the person opens it again, and that opening would wait for it instead of fetching afresh.
   */
  prefetch: () => void;
}

/**
 * Like React.lazy, but once loaded the component renders straight away (one fetched ahead never
 * shows its fallback), and a failed fetch can be tried again: rendering it throws the failure to
 * the nearest error boundary (drawing never fetches again by itself, which would loop), and the
 * next `preload` (an error boundary's Retry, a fetch ahead) fetches afresh. Until loaded it
 * suspends; render it inside a Suspense boundary.
 */
export function lazyComponent<M, P extends object>(
  importer: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  // A fetch tried again after a failure imports the file under an address of its own (see import-again).
  const load = importAgainOnFailure(importer, pick);
  let loaded: ComponentType<P> | null = null;
  let latest: Promise<ComponentType<P>> | null = null;
  let failed = false;
  const preload = () => {
    if (!latest || failed) {
      failed = false;
      latest = load().then(
        (component) => (loaded = component),
        (error: unknown) => {
          failed = true;
          throw error;
        },
      );
    }
    return latest;
  };
  function Component(props: P) {
    const Loaded = loaded ?? use(latest ?? preload());
    return <Loaded {...props} />;
  }
  const prefetch = () => {
    if (!latest) void preload().catch(() => undefined);
  };
  return { Component, preload, prefetch };
}
