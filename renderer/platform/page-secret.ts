/** The browser host's per-launch secret, as the page URL first brings it (`?secret=...`). */
export const secretStorageKey = 'atrium.secret';

export interface SecretSources {
  readonly location: Pick<Location, 'href'>;
  readonly history: Pick<History, 'replaceState' | 'state'>;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * Takes the secret out of the address bar (so it is not bookmarked, shared or left in history)
 * into sessionStorage (so a reload still has it), and answers it.
 */
export function takePageSecret({ location, history, storage }: SecretSources): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('secret');
  if (fromUrl) {
    storage.setItem(secretStorageKey, fromUrl);
    url.searchParams.delete('secret');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return fromUrl;
  }
  return storage.getItem(secretStorageKey);
}

/** The browser host's IPC socket address for the page at `pageUrl`. */
export function ipcSocketUrl(pageUrl: string, secret: string | null): string {
  const page = new URL(pageUrl);
  const socket = new URL('/ipc', page);
  socket.protocol = page.protocol === 'https:' ? 'wss:' : 'ws:';
  if (secret) socket.searchParams.set('secret', secret);
  return socket.toString();
}
