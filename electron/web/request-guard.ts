import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sameSecret } from '../core/relay-server';

/**
 * The browser host answers only its own page: requests must name it by its loopback address
 * (DNS rebinding sends a foreign Host), carry the per-launch secret (in the query on first load,
 * then in an HttpOnly cookie), and WebSocket upgrades must come from the page's own origin.
 */
export class RequestGuard {
  readonly secret = randomBytes(32).toString('base64url');
  readonly cookieName: string;
  private readonly hosts: ReadonlySet<string>;
  private readonly origins: ReadonlySet<string>;

  constructor(readonly port: number) {
    this.hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
    this.origins = new Set([...this.hosts].map((host) => `http://${host}`));
    // Cookies ignore ports; one name per port keeps two running hosts from overwriting each other's.
    this.cookieName = `atrium_secret_${port}`;
  }

  hostAllowed(req: IncomingMessage): boolean {
    return this.hosts.has((req.headers.host ?? '').toLowerCase());
  }

  /** Browsers always send Origin on WebSocket upgrades; a missing one means a non-browser client, which still needs the secret. */
  originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    return origin === undefined || this.origins.has(origin.toLowerCase());
  }

  /** The secret arrived in the query string (first load of the page). */
  querySecretValid(url: URL): boolean {
    const given = url.searchParams.get('secret');
    return given !== null && sameSecret(given, this.secret);
  }

  cookieSecretValid(req: IncomingMessage): boolean {
    const given = readCookie(req.headers.cookie, this.cookieName);
    return given !== undefined && sameSecret(given, this.secret);
  }

  secretValid(req: IncomingMessage, url: URL): boolean {
    return this.querySecretValid(url) || this.cookieSecretValid(req);
  }

  secretCookie(): string {
    return `${this.cookieName}=${this.secret}; Path=/; HttpOnly; SameSite=Strict`;
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
