/**
 * A failed API call, from Google's error body
 * `{"error":{"code":404,"message":"...","errors":[{"reason":"notFound","location":"..."}]}}`
 * or from the transport (`status` 0, reason `networkError`).
 */
export class ApiCallError extends Error {
  readonly status: number;
  readonly reason: string;
  readonly location?: string;

  constructor(status: number, reason: string, message: string, location?: string) {
    super(message);
    this.name = 'ApiCallError';
    this.status = status;
    this.reason = reason;
    if (location !== undefined) this.location = location;
  }
}

const reasonByStatus: Record<number, string> = {
  400: 'badRequest',
  401: 'authError',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  410: 'deleted',
  412: 'conditionNotMet',
  429: 'rateLimitExceeded',
  500: 'backendError',
  501: 'notImplemented',
  503: 'backendError',
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Reads an error answer; whatever its body looks like, the result names status, reason and a message. */
export function apiCallErrorFrom(status: number, bodyText: string): ApiCallError {
  const error = asRecord(asRecord(parseJson(bodyText))?.error);
  const first = asRecord(Array.isArray(error?.errors) ? (error.errors as unknown[])[0] : undefined);
  const reason =
    typeof first?.reason === 'string'
      ? first.reason
      : (reasonByStatus[status] ?? (status >= 500 ? 'backendError' : 'unknown'));
  const message =
    (typeof error?.message === 'string' && error.message) ||
    (typeof first?.message === 'string' && first.message) ||
    (bodyText.trim() && !bodyText.trimStart().startsWith('<') ? bodyText.trim().slice(0, 300) : '') ||
    `Request failed with status ${status}`;
  const location = typeof first?.location === 'string' ? first.location : undefined;
  return new ApiCallError(status, reason, message, location);
}
