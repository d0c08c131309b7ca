import { appRouteSchema } from '../../shared/ipc/contract';
import type { AppRoute } from '../../shared/ipc/contract';

export const deepLinkScheme = 'atrium';

/**
 * Reads an `atrium://` link into a place in the app:
 *
 *   atrium://event/<calendarId>/<eventId>[?account=<id>]
 *   atrium://task/<tasklist>/<task>[?account=<id>]
 *   atrium://file/<fileId>[?account=<id>]
 *   atrium://quick-add[?account=<id>]
 *   atrium://accounts
 *
 * Anything else (another scheme, a missing or extra part, an oversized value) is refused with
 * null: links come from outside (other apps, web pages) and are not trusted.
 */
export function parseDeepLink(link: string): AppRoute | null {
  if (link.length > 4096) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${deepLinkScheme}:`) return null;
  let parts: string[];
  try {
    parts = url.pathname
      .split('/')
      .filter((part) => part !== '')
      .map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
  const account = url.searchParams.get('account') ?? undefined;
  const withAccount = account ? { account } : {};
  let candidate: unknown;
  switch (url.hostname) {
    case 'event':
      candidate =
        parts.length === 2 ? { kind: 'event', calendarId: parts[0], eventId: parts[1], ...withAccount } : null;
      break;
    case 'task':
      candidate = parts.length === 2 ? { kind: 'task', tasklist: parts[0], task: parts[1], ...withAccount } : null;
      break;
    case 'file':
      candidate = parts.length === 1 ? { kind: 'file', fileId: parts[0], ...withAccount } : null;
      break;
    case 'quick-add':
      candidate = parts.length === 0 ? { kind: 'quickAdd', ...withAccount } : null;
      break;
    case 'accounts':
      candidate = parts.length === 0 ? { kind: 'accounts' } : null;
      break;
    default:
      candidate = null;
  }
  const parsed = appRouteSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The link that opens a route (for notifications and the tray). */
export function deepLinkFor(route: AppRoute): string {
  const query = 'account' in route && route.account ? `?account=${encodeURIComponent(route.account)}` : '';
  const enc = encodeURIComponent;
  switch (route.kind) {
    case 'event':
      return `${deepLinkScheme}://event/${enc(route.calendarId)}/${enc(route.eventId)}${query}`;
    case 'task':
      return `${deepLinkScheme}://task/${enc(route.tasklist)}/${enc(route.task)}${query}`;
    case 'file':
      return `${deepLinkScheme}://file/${enc(route.fileId)}${query}`;
    case 'quickAdd':
      return `${deepLinkScheme}://quick-add${query}`;
    case 'accounts':
      return `${deepLinkScheme}://accounts`;
  }
}
