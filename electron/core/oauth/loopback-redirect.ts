import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sameSecret } from '../relay-server';
import { OAuthError } from './oauth-client';

/**
 * The loopback redirect of RFC 8252 §7.3: a listener on 127.0.0.1 with a port the OS picks, for
 * one authorization answer. The browser's request is held open until the sign-in has finished, so
 * the page it shows can say how it went.
 */
export interface LoopbackRedirect {
  readonly redirectUri: string;
  /** The authorization code, once a redirect carrying the expected `state` arrives. */
  readonly code: Promise<string>;
  /** Answers the waiting browser page and stops listening. */
  finish(outcome: { ok: true; message: string } | { ok: false; message: string }): Promise<void>;
  /** Stops listening; a code not yet received rejects with `reason`. */
  abort(reason: OAuthError): Promise<void>;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, message: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    '<meta name="viewport" content="width=device-width"><style>body{font:16px system-ui,sans-serif;margin:4rem auto;max-width:32rem;padding:0 1rem;color:#222}</style></head>' +
    `<body><h1>${escapeHtml(title)}</h1><p data-testid="loopback-message">${escapeHtml(message)}</p></body></html>`
  );
}

const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'referrer-policy': 'no-referrer',
};

export async function openLoopbackRedirect(expectedState: string): Promise<LoopbackRedirect> {
  let held: ServerResponse | undefined;
  let settled = false;
  let resolveCode: (code: string) => void = () => {};
  let rejectCode: (error: OAuthError) => void = () => {};
  const code = new Promise<string>((resolve, reject) => {
    resolveCode = resolve;
    rejectCode = reject;
  });
  // Nobody may be listening when the flow is abandoned; the rejection is still observed by whoever awaits.
  code.catch(() => {});

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const answer = (status: number, title: string, message: string): void => {
      res.writeHead(status, { ...pageHeaders, connection: 'close' }).end(page(title, message));
    };
    if (req.method !== 'GET') return answer(405, 'Not allowed', 'This address only receives the sign-in answer.');
    if (req.headers.host !== `127.0.0.1:${port}`) return answer(403, 'Not allowed', 'Unexpected host.');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname !== '/') return answer(404, 'Not found', 'Nothing here.');
    const state = url.searchParams.get('state') ?? '';
    // A redirect without the state this sign-in sent was not started by it: refuse it and keep waiting.
    if (!sameSecret(state, expectedState))
      return answer(
        400,
        'Sign-in not recognised',
        'This answer does not belong to the sign-in Atrium started. Start again from Atrium.',
      );
    if (settled) return answer(409, 'Already done', 'This sign-in has already been answered. You can close this tab.');
    settled = true;
    const error = url.searchParams.get('error');
    const received = url.searchParams.get('code');
    if (error || !received) {
      const declined = error === 'access_denied';
      const message = declined
        ? 'Access was not granted, so no account was added.'
        : `The account server refused the sign-in (${error ?? 'no code'}).`;
      answer(400, declined ? 'Not signed in' : 'Sign-in failed', `${message} You can close this tab.`);
      rejectCode(new OAuthError(error ?? 'invalid_request', message, 0));
      void close();
      return;
    }
    held = res;
    resolveCode(received);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  function close(): Promise<void> {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    return closing;
  }

  return {
    redirectUri: `http://127.0.0.1:${port}/`,
    code,
    async finish(outcome) {
      const res = held;
      held = undefined;
      if (res && !res.writableEnded) {
        res
          .writeHead(outcome.ok ? 200 : 400, { ...pageHeaders, connection: 'close' })
          .end(
            page(
              outcome.ok ? 'Signed in to Atrium' : 'Sign-in failed',
              `${outcome.message} You can close this tab and return to Atrium.`,
            ),
          );
      }
      await close();
    },
    async abort(reason) {
      if (!settled) {
        settled = true;
        rejectCode(reason);
      }
      const res = held;
      held = undefined;
      if (res && !res.writableEnded)
        res.writeHead(400, { ...pageHeaders, connection: 'close' }).end(page('Sign-in stopped', reason.message));
      server.closeAllConnections();
      await close();
    },
  };
}
