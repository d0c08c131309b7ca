/**
 * Requests shaped byte for byte as google-api-python-client sends them, for tests that check the
 * service against that client without running Python: its headers, `alt=json` in the query, and
 * the body serialised by `json.dumps` with its default separators (`, ` and `: `) and ASCII escapes.
 */

/** Python's `json.dumps(value)` with default arguments. */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : JSON.stringify(value);
  if (typeof value === 'string') {
    return JSON.stringify(value).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  }
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  const members = Object.entries(value as Record<string, unknown>).map(
    ([key, member]) => `${pythonJsonDumps(key)}: ${pythonJsonDumps(member)}`,
  );
  return `{${members.join(', ')}}`;
}

export interface PythonClientAnswer {
  status: number;
  body: unknown;
  /** The request body exactly as sent. */
  sent: string | undefined;
}

/** Sends one request as the Python client would (`path` may carry its own query). */
export async function pythonClientRequest(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<PythonClientAnswer> {
  const url = `${baseUrl}${path}${path.includes('?') ? '&' : '?'}alt=json`;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate',
    'user-agent': '(gzip)',
    'x-goog-api-client': 'gdcl/2.151.0 gl-python/3.12.3',
    authorization: `Bearer ${token}`,
  };
  const sent = body === undefined ? undefined : pythonJsonDumps(body);
  if (sent !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method, headers, ...(sent !== undefined ? { body: sent } : {}) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown), sent };
}
