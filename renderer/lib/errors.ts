/** A readable message for any error thrown by `callApi` / `uploadFile` (IpcCallError or otherwise). */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return typeof error === 'string' && error ? error : 'Something went wrong.';
}

/** Whether retrying the same request may succeed: rate limits and server or transport failures. */
export function isRetryableError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') return status === 429 || status >= 500;
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'unavailable' || code === 'rateLimited';
}
