/**
 * Mirrors the system light/dark preference onto `<html data-color-scheme>`, which is the switch
 * FullCalendar's palettes read; our own tokens follow `prefers-color-scheme` directly.
 */
export function followSystemColorScheme(root: HTMLElement = document.documentElement): () => void {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    root.dataset.colorScheme = query.matches ? 'dark' : 'light';
  };
  apply();
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}
