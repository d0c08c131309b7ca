import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from './api-error';

/**
 * A request Node's HTTP parser refused before any handler saw it (headers or URL too large, bad
 * syntax, a request that took too long to arrive). Node would answer a bare status line; clients of
 * Google's APIs expect the JSON error shape on every answer, so this writes one and closes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
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
