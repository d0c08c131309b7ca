import { describe, expect, it } from 'vitest';
import { ApiCallError, apiCallErrorFrom } from './api-call-error';
import { ipcErrorFromApi } from './ipc-error-mapping';

describe('API errors as IPC errors', () => {
  it.each([
    [401, 'authError', 'unauthenticated'],
    [403, 'forbidden', 'forbidden'],
    [403, 'rateLimitExceeded', 'rateLimited'],
    [403, 'userRateLimitExceeded', 'rateLimited'],
    [404, 'notFound', 'notFound'],
    [409, 'duplicate', 'conflict'],
    [410, 'fullSyncRequired', 'gone'],
    [412, 'conditionNotMet', 'preconditionFailed'],
    [429, 'rateLimitExceeded', 'rateLimited'],
    [500, 'backendError', 'unavailable'],
    [503, 'backendError', 'unavailable'],
    [400, 'invalid', 'apiError'],
    [0, 'networkError', 'unavailable'],
  ] as const)('%i %s → %s', (status, reason, code) => {
    const mapped = ipcErrorFromApi(new ApiCallError(status, reason, 'message text', 'where'));
    expect(mapped.code).toBe(code);
    expect(mapped.reason).toBe(reason);
    expect(mapped.message).toBe('message text');
    expect(mapped.location).toBe('where');
    if (status > 0) expect(mapped.status).toBe(status);
    else expect(mapped.status).toBeUndefined();
  });

  it('reads Google error bodies, and falls back sensibly for others', () => {
    const google = apiCallErrorFrom(
      412,
      JSON.stringify({
        error: {
          code: 412,
          message: 'Precondition Failed',
          errors: [{ reason: 'conditionNotMet', location: 'If-Match' }],
        },
      }),
    );
    expect(google).toMatchObject({
      status: 412,
      reason: 'conditionNotMet',
      message: 'Precondition Failed',
      location: 'If-Match',
    });
    expect(apiCallErrorFrom(502, '<html>Bad gateway</html>')).toMatchObject({
      status: 502,
      reason: 'backendError',
      message: 'Request failed with status 502',
    });
    expect(apiCallErrorFrom(418, '')).toMatchObject({ status: 418, reason: 'unknown' });
  });
});
