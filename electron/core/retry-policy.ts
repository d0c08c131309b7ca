import type { ApiCallError } from './api-call-error';

export interface RetryPolicy {
  /** Tries per call, the first included. */
  readonly maxAttempts: number;
  /** Backoff before the first retry; it doubles each retry. */
  readonly baseDelayMs: number;
  /** No single wait is longer than this, whatever Retry-After says. */
  readonly maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 16_000 };

const rateLimitReasons = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/** Google asks clients to retry these: rate limits (429, or 403 with a rate-limit reason) and server errors. */
export function isRetryable(error: ApiCallError): boolean {
  if (error.status === 429) return true;
  if (error.status === 403) return rateLimitReasons.has(error.reason);
  // 501 says the operation does not exist there; asking again will not change that.
  return error.status >= 500 && error.status !== 501;
}

/**
 * Exponential backoff with jitter: half the exponential step is fixed, half random, so retries
 * from many clients spread out while each client still backs off.
 */
export function backoffDelay(policy: RetryPolicy, retry: number, random: () => number, retryAfterMs?: number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  const jittered = step / 2 + random() * (step / 2);
  const wanted = retryAfterMs !== undefined ? Math.max(jittered, retryAfterMs) : jittered;
  return Math.min(policy.maxDelayMs, wanted);
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
