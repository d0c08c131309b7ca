import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { contentSecurityPolicy, securityHeaders } from '../web/content-security-policy';
import { resolveRendererFile } from '../web/renderer-files';

/** The renderer is served from `app://atrium/`, a secure standard origin of its own, rather than file://. */
export const appScheme = 'app';
export const appHost = 'atrium';
export const appOrigin = `${appScheme}://${appHost}`;
export const appEntryUrl = `${appOrigin}/index.html`;

/** The page may connect to nothing but its own origin; the core is reached over IPC. */
export const shellContentSecurityPolicy = contentSecurityPolicy([]);

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Answers `app://atrium/...` from the built renderer, with the CSP as a header. Run once the app is ready. */
export function serveAppScheme(rendererDir: string): void {
  const headers = securityHeaders(shellContentSecurityPolicy);
  protocol.handle(appScheme, async (request) => {
    const url = new URL(request.url);
    if (url.host !== appHost || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return new Response('Not found', { status: 404, headers });
    }
    const file = await resolveRendererFile(rendererDir, url.pathname);
    if (!file) return new Response('Not found', { status: 404, headers });
    const body = request.method === 'HEAD' ? null : await readFile(file.path);
    return new Response(body, { status: 200, headers: { ...headers, 'content-type': file.contentType } });
  });
}
