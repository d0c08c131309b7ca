import { useEffect } from 'react';
import { ipc } from '../../platform/ipc';

/** Tells the core whether Atrium's window has focus, so it polls quickly only while someone is looking. */
export function useWindowFocusReport(): void {
  useEffect(() => {
    let last: boolean | undefined;
    const report = () => {
      const focused = document.visibilityState === 'visible' && document.hasFocus();
      if (focused === last) return;
      last = focused;
      // Best effort: a lost report only means one poll interval at the other speed.
      ipc.invoke('app.focus', { focused }).catch(() => {
        last = undefined;
      });
    };
    report();
    window.addEventListener('focus', report);
    window.addEventListener('blur', report);
    document.addEventListener('visibilitychange', report);
    return () => {
      window.removeEventListener('focus', report);
      window.removeEventListener('blur', report);
      document.removeEventListener('visibilitychange', report);
    };
  }, []);
}
