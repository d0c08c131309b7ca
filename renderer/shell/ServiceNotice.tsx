import { useEffect, useState } from 'react';
import { ipc } from '../platform/ipc';

/** How long the notice stays: long enough to read, short since nothing needs doing. */
const shownMs = 8_000;

/** A short notice when the local service stopped unexpectedly and was restarted (its data is kept). */
export function ServiceNotice() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = ipc.onEvent((event) => {
      if (event.type !== 'serviceRestarted') return;
      setMessage(event.message);
      clearTimeout(timer);
      timer = setTimeout(() => setMessage(null), shownMs);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);
  if (!message) return null;
  return (
    <div className="banner" role="status" data-testid="service-notice">
      <span className="banner__text">{message}</span>
    </div>
  );
}
