import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from './api-error';
import { sendError } from './respond';

/**
 * Requests Node's HTTP parser refuses before or around a handler (headers or URL too large, bad
 * syntax, bytes after a request that said `Connection: close`, a request that took too long). Node
 * would answer a bare status line, and would do so even while a complete request on the same
 * connection is still being handled, so a client could see a 400 for a write that was carried out.
 * This answers in Google's error shape, and only when no request on the connection is under way.
 *
 * A request whose body breaks off (a parse error, a timeout or the connection closing part way) can
 * never be complete: its body stream is ended with an error, so a handler reading it stops waiting
 * instead of hanging on bytes that cannot come. Node ends it itself only while the request's answer
 * is unsent and only when the connection closes; once this guard has answered, nothing else would.
 */
export class ClientErrorGuard {
  private readonly open = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>();

  /** Call for every request before handling it. */
  track(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    // The entry stays until the connection's next request replaces it; once its answer is out it counts as done.
    this.open.set(socket, { req, res });
    // Without a body (most reads) there is nothing a closing connection could break off.
    const { 'content-length': length, 'transfer-encoding': encoding } = req.headers;
    if (encoding === undefined && (length === undefined || length === '0')) return;
    const onSocketClose = () => endBrokenBody(req, connectionClosed());
    socket.once('close', onSocketClose);
    // A request closes once its body was read or dumped (or it was destroyed): nothing is left to break off.
    req.once('close', () => socket.off('close', onSocketClose));
  }

  /** The server's `clientError` listener. */
  readonly answer = (error: Error & { code?: string }, socket: Socket): void => {
    const entry = this.open.get(socket);
    const current = entry && !entry.res.writableFinished && !entry.res.destroyed ? entry : undefined;
    if (current) {
      // The request under way was read whole: the bytes after it are junk; its own answer still goes out.
      if (current.req.complete) {
        current.res.once('close', () => socket.destroy());
        return;
      }
      // Its body broke off: it cannot be carried out; say so if nothing was answered yet, then hang up.
      // Its reader learns it after the answer is out, so that it does not try to answer as well.
      const apiError = clientApiError(error.code);
      if (!current.res.headersSent) {
        current.res.once('finish', () => socket.destroy());
        sendError(current.res, apiError, { Connection: 'close' });
      } else socket.destroy();
      endBrokenBody(current.req, apiError);
      return;
    }
    // Once an answer went out on this connection (the client kept sending after it), there is nothing left to say.
    if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
      socket.destroy();
      return;
    }
    const apiError = clientApiError(error.code);
    const body = JSON.stringify(apiError.toJSON());
    socket.end(
      `HTTP/1.1 ${apiError.code} ${STATUS_CODES[apiError.code] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=UTF-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  };
}

/** Ends an incomplete request body with `error` (a no-op once the body is whole or already ended). */
function endBrokenBody(req: IncomingMessage, error: ApiError): void {
  if (!req.complete && !req.destroyed) req.destroy(error);
}

function connectionClosed(): ApiError {
  return new ApiError(400, 'badRequest', 'The connection closed before the request body was complete.');
}

function clientApiError(code: string | undefined): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(431, 'requestHeadersTooLarge', 'The request line or headers are too large.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'requestTimeout', 'The request did not arrive in time.');
    default:
      return new ApiError(400, 'badRequest', 'The HTTP request is malformed.');
  }
}
