import { request } from 'node:http';

/** One request exactly as a hostile client sends it: raw path, any headers, any body bytes. */
export interface ProbeRequest {
  readonly method: string;
  /** Sent as is (already percent-encoded where meant to be). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer;
  /** Send the body chunked, without Content-Length. */
  readonly chunked?: boolean;
}

export interface ProbeAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
}

/**
 * Sends one request on its own connection and resolves with the answer. A server may answer and
 * close before reading the whole body (an oversized upload): the answer still counts, and the
 * write error that follows is ignored. Rejects only when no answer arrives.
 */
export function probe(port: number, req: ProbeRequest, timeoutMs = 15_000): Promise<ProbeAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: Record<string, string> = { ...req.headers };
    if (req.body && !req.chunked && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) {
      headers['content-length'] = String(req.body.length);
    }
    const outgoing = request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent: false, setHost: true },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          answered = true;
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        });
        res.on('error', (error) => {
          if (!answered) reject(error);
        });
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    outgoing.on('error', (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(error);
    });
    if (req.body) {
      // Large bodies go in slices, so an early answer stops the sending.
      const slice = 1 << 20;
      for (let offset = 0; offset < req.body.length && !outgoing.destroyed; offset += slice) {
        outgoing.write(req.body.subarray(offset, offset + slice));
      }
    }
    outgoing.end();
  });
}

interface GoogleErrorBody {
  error?: {
    code?: unknown;
    message?: unknown;
    status?: unknown;
    errors?: unknown;
  };
}

/**
 * Why an answer is not a Google-shaped error (`{"error":{"code","message","errors":[{reason,...}],"status"}}`
 * with the HTTP status as code and a JSON content type), or null when it is one.
 */
export function googleErrorProblem(answer: ProbeAnswer): string | null {
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `content type is "${type}", not JSON`;
  let parsed: GoogleErrorBody;
  try {
    parsed = JSON.parse(answer.body.toString('utf8')) as GoogleErrorBody;
  } catch {
    return 'body is not JSON';
  }
  const error = parsed.error;
  if (typeof error !== 'object' || error === null) return 'no "error" object';
  if (error.code !== answer.status) return `error.code ${String(error.code)} differs from the status ${answer.status}`;
  if (typeof error.message !== 'string' || error.message === '') return 'error.message is missing';
  // Calendar's 410 for a stale sync token is documented without `status`; every other error has one.
  const documentedWithoutStatus = answer.status === 410 && JSON.stringify(error.errors).includes('"fullSyncRequired"');
  if (!documentedWithoutStatus && (typeof error.status !== 'string' || error.status === ''))
    return 'error.status is missing';
  if (!Array.isArray(error.errors) || error.errors.length === 0) return 'error.errors is empty';
  for (const item of error.errors as unknown[]) {
    const detail = item as { reason?: unknown; message?: unknown };
    if (typeof detail !== 'object' || detail === null) return 'an error.errors item is not an object';
    if (typeof detail.reason !== 'string' || detail.reason === '') return 'an error.errors item has no reason';
    if (typeof detail.message !== 'string') return 'an error.errors item has no message';
  }
  return null;
}

/** A short description of a request, for failure messages a reader can replay. */
export function describeProbe(req: ProbeRequest): string {
  const body = req.body
    ? req.body.length > 300
      ? `<${req.body.length} bytes: ${JSON.stringify(req.body.subarray(0, 200).toString('latin1'))}...>`
      : JSON.stringify(req.body.toString('latin1'))
    : '<none>';
  const path = req.path.length > 400 ? `${req.path.slice(0, 400)}...<${req.path.length} chars>` : req.path;
  return `${req.method} ${path}\n  headers: ${JSON.stringify(req.headers)}\n  body${req.chunked ? ' (chunked)' : ''}: ${body}`;
}

export function describeAnswer(answer: ProbeAnswer): string {
  const text = answer.body.toString('utf8');
  return `${answer.status} ${String(answer.headers['content-type'] ?? '')} ${text.length > 500 ? `${text.slice(0, 500)}...` : text}`;
}
