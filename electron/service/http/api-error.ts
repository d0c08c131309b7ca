/**
 * An error answered to the client in Google's JSON error shape:
 * `{"error":{"code":404,"message":"...","errors":[{"domain":"global","reason":"notFound","message":"..."}],"status":"NOT_FOUND"}}`
 * Handlers throw it; the server turns it into the response. Anything else thrown is a 500 (a bug).
 */
export interface ApiErrorDetail {
  domain?: string;
  reason: string;
  message?: string;
  location?: string;
  locationType?: 'parameter' | 'header';
}

const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'DEADLINE_EXCEEDED',
  409: 'ALREADY_EXISTS',
  410: 'GONE',
  412: 'FAILED_PRECONDITION',
  413: 'OUT_OF_RANGE',
  416: 'OUT_OF_RANGE',
  431: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
};

export class ApiError extends Error {
  readonly code: number;
  readonly reason: string;
  readonly details: ApiErrorDetail[];
  /** Whether the body carries `status`; a few of Google's answers (e.g. Calendar's 410) leave it out. */
  readonly withStatus: boolean;

  constructor(
    code: number,
    reason: string,
    message: string,
    extra: Omit<ApiErrorDetail, 'reason' | 'message'> = {},
    options: { withStatus?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.reason = reason;
    this.details = [{ domain: 'global', reason, message, ...extra }];
    this.withStatus = options.withStatus ?? true;
  }

  toJSON(): { error: { code: number; message: string; errors: ApiErrorDetail[]; status?: string } } {
    const error = { code: this.code, message: this.message, errors: this.details };
    return { error: this.withStatus ? { ...error, status: statusNames[this.code] ?? 'UNKNOWN' } : error };
  }
}

export const badRequest = (reason: string, message: string, location?: string): ApiError =>
  new ApiError(400, reason, message, location ? { location, locationType: 'parameter' } : {});
export const notFound = (message = 'Not Found'): ApiError => new ApiError(404, 'notFound', message);
export const forbidden = (message: string, reason = 'forbidden'): ApiError => new ApiError(403, reason, message);
export const conflict = (message: string, reason = 'duplicate'): ApiError => new ApiError(409, reason, message);
/**
 * Calendar's answer to a sync token it no longer honours, as Google documents it: domain `calendar`,
 * the `syncToken` parameter named, and no `status` member.
 */
export const fullSyncRequired = (): ApiError =>
  new ApiError(
    410,
    'fullSyncRequired',
    'Sync token is no longer valid, a full sync is required.',
    { domain: 'calendar', locationType: 'parameter', location: 'syncToken' },
    { withStatus: false },
  );
export const notImplemented = (operation: string): ApiError =>
  new ApiError(501, 'notImplemented', `Operation ${operation} is not implemented by this service yet.`);
