import { useEffect, useState } from 'react';
import { ipc, onHostConnectionChange } from '../platform/ipc';

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

/** A drop shorter than this (a reconnect at once) is not worth a word. */
const quietMs = 1_500;

/**
 * In the browser host, while the page cannot reach the Atrium server behind it (stopped, restarted,
 * asleep): says so, and what happens to changes made meanwhile (they wait in the page and are sent
 * on reconnecting). Inside Electron the window and the core never part, and this never shows.
 */
export function HostConnectionNotice() {
  const [lost, setLost] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onHostConnectionChange((connected) => {
      clearTimeout(timer);
      if (connected) setLost(false);
      else timer = setTimeout(() => setLost(true), quietMs);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);
  if (!lost) return null;
  return (
    <div className="banner banner--error" role="alert" data-testid="host-connection-notice">
      <span className="banner__text">
        Can’t reach Atrium’s server. Trying again… Changes you make now wait in this window and are sent when it
        answers. If Atrium was restarted, open it again from the address it printed.
      </span>
    </div>
  );
}
