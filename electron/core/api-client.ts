import type { OperationSpec } from '../../shared/api/operation';
import { expandPath, splitParams } from '../../shared/api/paths';
import { findOperation } from '../../shared/api/registry';
import type { BodyFor, OperationName, ParamsFor, ResultFor } from '../../shared/api/registry';
import { ApiCallError, apiCallErrorFrom } from './api-call-error';
import { backoffDelay, defaultRetryPolicy, isRetryable, parseRetryAfter } from './retry-policy';
import type { RetryPolicy } from './retry-policy';

/** A non-JSON answer (`alt=media` downloads, exports), carried as base64 so it survives JSON and IPC. */
export interface MediaContent {
  readonly contentType: string;
  readonly contentBase64: string;
}

export interface ApiClientOptions {
  /** Root the registry's paths are appended to, e.g. `http://127.0.0.1:4567` or `https://www.googleapis.com`. */
  readonly baseUrl: string;
  /** The bearer token to send; asked before every attempt so a refreshed token is picked up. */
  readonly accessToken: () => string | Promise<string>;
  /**
   * Told when the service refused `rejectedToken` (401). Answering true means a fresh token is now
   * available and the request is sent once more; it may also throw (the account needs a new sign-in).
   */
  readonly onUnauthorized?: (rejectedToken: string) => Promise<boolean>;
  readonly retry?: Partial<RetryPolicy>;
  readonly fetch?: typeof fetch;
  readonly random?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Content answered as a stream (`alt=media`, exports): read it once, as it arrives. */
export interface DownloadContent {
  readonly contentType: string;
  /** Bytes the body will carry, when the service said so (and did not compress the answer). */
  readonly contentLength?: number;
  readonly body: ReadableStream<Uint8Array>;
}

export interface DownloadOptions {
  /** Aborting stops the request, a pending retry, and the body being read. */
  readonly signal?: AbortSignal;
}

const idempotentMethods = new Set(['GET', 'PUT', 'DELETE']);
const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function lookupOperation(name: string): OperationSpec {
  const op = findOperation(name);
  if (!op) throw new ApiCallError(400, 'unknownOperation', `Unknown operation ${name}`, 'operation');
  return op;
}

function appendQuery(url: URL, query: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      url.searchParams.append(name, String(item));
    }
  }
}

function isJson(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * Calls any operation of the registry on one account's endpoint: builds method and URL from the
 * registry, adds the bearer token, retries what Google says to retry with backoff, and turns error
 * answers into ApiCallError.
 */
export class ApiClient {
  private readonly policy: RetryPolicy;
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: ApiClientOptions) {
    this.policy = { ...defaultRetryPolicy, ...options.retry };
    this.fetchImpl = options.fetch ?? fetch;
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? defaultSleep;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** Typed call of a registry operation. Answers undefined for 204, MediaContent for non-JSON content. */
  async call<N extends OperationName>(operation: N, params: ParamsFor<N>, body?: BodyFor<N>): Promise<ResultFor<N>> {
    return (await this.callByName(operation, params as Record<string, unknown>, body)) as ResultFor<N>;
  }

  /**
   * The same, for a name and values that arrive as data (IPC); the caller has validated them.
   * `ifMatch` sends the etag the change is based on (a replayed edit); the service answers 412 when it moved on.
   */
  async callByName(
    operation: string,
    params: Readonly<Record<string, unknown>>,
    body?: unknown,
    { ifMatch }: { ifMatch?: string } = {},
  ): Promise<unknown> {
    const op = lookupOperation(operation);
    const url = this.urlFor(op, op.path, params);
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
    return readSuccess(
      await this.respond(op.method, url, payload, payload ? 'application/json; charset=UTF-8' : undefined, {
        ...(ifMatch ? { ifMatch } : {}),
      }),
    );
  }

  /**
   * The content of a download operation (`alt=media`, export) as a stream, with the same
   * credentials, token renewal and retries as any call; nothing is buffered. The caller
   * passes `alt: 'media'` where the operation needs it.
   */
  async download(
    operation: string,
    params: Readonly<Record<string, unknown>>,
    options: DownloadOptions = {},
  ): Promise<DownloadContent> {
    const op = lookupOperation(operation);
    if (!op.media?.download || op.method !== 'GET')
      throw new ApiCallError(400, 'mediaDownloadNotSupported', `${operation} does not answer content`, 'operation');
    const url = this.urlFor(op, op.path, params);
    const response = await this.respond('GET', url, undefined, undefined, { accept: '*/*', signal: options.signal });
    return downloadContentOf(response);
  }

  /**
   * One authorised request to an address on this client's own service (a resumable upload
   * session), answering the raw response without retries: the caller knows what may be repeated.
   * A refused token is renewed once, as for any call.
   */
  async fetchAuthorized(
    url: URL,
    init: { method: string; headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> },
  ): Promise<Response> {
    if (url.origin !== new URL(this.options.baseUrl).origin) {
      throw new ApiCallError(
        400,
        'invalidUrl',
        `Credentials for ${new URL(this.options.baseUrl).origin} are not sent to ${url.origin}`,
      );
    }
    let renewedAfter401 = false;
    for (;;) {
      const token = await this.options.accessToken();
      let response: Response;
      try {
        response = await this.fetchImpl(url, {
          method: init.method,
          headers: { ...init.headers, authorization: `Bearer ${token}` },
          redirect: 'manual',
          ...(init.body ? { body: init.body } : {}),
        });
      } catch (cause) {
        throw new ApiCallError(0, 'networkError', `Could not reach ${url.origin}: ${describeCause(cause)}`);
      }
      if (response.status === 401 && !renewedAfter401 && this.options.onUnauthorized) {
        renewedAfter401 = true;
        if (await this.options.onUnauthorized(token)) continue;
      }
      return response;
    }
  }

  /** The address of an operation's upload path (`/upload/...`) for `params`. */
  uploadUrl(operation: string, params: Readonly<Record<string, unknown>>): URL {
    const op = lookupOperation(operation);
    const uploadPath = op.media?.uploadPath;
    if (!uploadPath)
      throw new ApiCallError(400, 'mediaUploadNotSupported', `${operation} does not accept content`, 'operation');
    return this.urlFor(op, uploadPath, params);
  }

  private urlFor(op: OperationSpec, pathTemplate: string, params: Readonly<Record<string, unknown>>): URL {
    const { pathParams, query } = splitParams(op, params);
    const url = new URL(expandPath(pathTemplate, pathParams), this.options.baseUrl);
    appendQuery(url, query);
    return url;
  }

  /**
   * Sends a request until it succeeds, answering the successful response with its body unread:
   * a refused token is renewed once, and what Google says to retry is retried with backoff.
   */
  private async respond(
    method: string,
    url: URL,
    body: Uint8Array<ArrayBuffer> | undefined,
    contentType: string | undefined,
    {
      accept = 'application/json',
      signal,
      ifMatch,
    }: { accept?: string; signal?: AbortSignal | undefined; ifMatch?: string } = {},
  ): Promise<Response> {
    let renewedAfter401 = false;
    for (let attempt = 1; ; attempt++) {
      throwIfAborted(signal);
      const token = await this.options.accessToken();
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept };
      if (contentType) headers['content-type'] = contentType;
      if (ifMatch) headers['if-match'] = ifMatch;

      let response: Response;
      try {
        response = await this.fetchImpl(url, {
          method,
          headers,
          ...(body ? { body } : {}),
          ...(signal ? { signal } : {}),
        });
      } catch (cause) {
        throwIfAborted(signal);
        const error = new ApiCallError(0, 'networkError', `Could not reach ${url.origin}: ${describeCause(cause)}`);
        // Only retry methods that are safe to repeat: a POST may have been applied before the connection broke.
        if (!idempotentMethods.has(method) || attempt >= this.policy.maxAttempts) throw error;
        await this.sleep(backoffDelay(this.policy, attempt - 1, this.random));
        continue;
      }

      if (response.ok) return response;
      const error = apiCallErrorFrom(response.status, await response.text());
      // One renewal per call: a token refused twice in a row is not a stale-token problem.
      if (response.status === 401 && !renewedAfter401 && this.options.onUnauthorized) {
        renewedAfter401 = true;
        if (await this.options.onUnauthorized(token)) {
          attempt--;
          continue;
        }
      }
      if (!isRetryable(error) || attempt >= this.policy.maxAttempts) throw error;
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'), Date.now());
      await this.sleep(backoffDelay(this.policy, attempt - 1, this.random, retryAfter));
    }
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ApiCallError(0, 'cancelled', 'The request was cancelled.');
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as Error & { cause?: unknown }).cause;
    return inner instanceof Error ? inner.message : cause.message;
  }
  return String(cause);
}

async function readSuccess(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length === 0) return undefined;
  if (isJson(contentType)) {
    try {
      return JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new ApiCallError(response.status, 'invalidResponse', 'The service answered malformed JSON.');
    }
  }
  const media: MediaContent = {
    contentType: contentType || 'application/octet-stream',
    contentBase64: bytes.toString('base64'),
  };
  return media;
}

/** Whole bytes as a header states them; anything else (absent, negative, fractional, garbage) is unknown. */
function parseContentLength(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  const length = Number(value.trim());
  return Number.isSafeInteger(length) ? length : undefined;
}

function downloadContentOf(response: Response): DownloadContent {
  const encoding = response.headers.get('content-encoding')?.trim().toLowerCase();
  // fetch decompresses an encoded answer, so its Content-Length counts other bytes than the body's.
  const contentLength =
    encoding && encoding !== 'identity' ? undefined : parseContentLength(response.headers.get('content-length'));
  const body = response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
  return {
    contentType: response.headers.get('content-type') || 'application/octet-stream',
    ...(response.status === 204 ? { contentLength: 0 } : contentLength !== undefined ? { contentLength } : {}),
    body,
  };
}
