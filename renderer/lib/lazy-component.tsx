import { use, type ComponentType } from 'react';

/** A component whose code is fetched on first use, or ahead of it with `preload`. */
export interface LazyComponent<P extends object> {
  Component: ComponentType<P>;
  /** Starts fetching the component's code (once); resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * Unlike React.lazy, a failed fetch is not remembered (an error boundary's Retry fetches again), and
 * once loaded the component renders straight away: one fetched ahead never shows its fallback.
 * Until then it suspends; render it inside a Suspense boundary.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  function Component(props: P) {
    const Loaded = loaded ?? use(preload());
    return <Loaded {...props} />;
  }
  return { Component, preload };
}
