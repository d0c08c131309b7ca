import { useCallback, useState } from 'react';

/**
 * The value a controlled input shows while the change it started is being stored: the input's new
 * value is held from the click until the change settles. The cached data it otherwise shows takes
 * the change a moment later (once in-flight reads are cancelled), and a render in between from the
 * old data, or a refresh that lands meanwhile, would otherwise set the input back under the pointer.
 *
 * `hold(value, change)` shows `value` until `change` settles; then the stored value shows again
 * (the new one, or the old one if the change was refused and taken back). A later hold wins.
 */
export function useHeldValue<T>(stored: T): [T, (value: T, change: Promise<unknown>) => void] {
  const [held, setHeld] = useState<{ value: T } | null>(null);
  const hold = useCallback((value: T, change: Promise<unknown>) => {
    const mine = { value };
    setHeld(mine);
    void change.finally(() => setHeld((current) => (current === mine ? null : current)));
  }, []);
  return [held ? held.value : stored, hold];
}
