import { useLayoutEffect, useState, useSyncExternalStore, type RefObject } from 'react';

/** Whether a CSS media query matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** The widths the shell's layout changes at (kept in step with styles/shell.css). */
export const narrowQuery = '(max-width: 800px)';

/** Whether the element is narrower than `width` pixels; re-renders only when that turns. */
export function useNarrowerThan(ref: RefObject<HTMLElement | null>, width: number): boolean {
  const [narrow, setNarrow] = useState(false);
  // Before the first paint, so a narrow toolbar never shows its long form for a frame.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setNarrow(element.getBoundingClientRect().width < width);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, width]);
  return narrow;
}
