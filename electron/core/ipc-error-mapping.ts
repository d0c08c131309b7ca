import type { IpcError, IpcErrorCode } from '../../shared/ipc/contract';
import { IpcCallError } from '../../shared/ipc/errors';
import type { ApiCallError } from './api-call-error';

function codeFor(status: number, reason: string): IpcErrorCode {
  if (status === 403 && (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded')) return 'rateLimited';
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 409:
      return 'conflict';
    case 410:
      return 'gone';
    case 412:
      return 'preconditionFailed';
    case 429:
      return 'rateLimited';
    case 0:
      return 'unavailable';
    default:
      return status >= 500 ? 'unavailable' : 'apiError';
  }
}

/** The IPC error the renderer sees for an API failure; status, reason and location travel with it. */
export function ipcErrorFromApi(error: ApiCallError): IpcError {
  const result: IpcError = { code: codeFor(error.status, error.reason), message: error.message, reason: error.reason };
  if (error.status > 0) result.status = error.status;
  if (error.location !== undefined) result.location = error.location;
  return result;
}

export const toIpcCallError = (error: ApiCallError): IpcCallError => new IpcCallError(ipcErrorFromApi(error));
