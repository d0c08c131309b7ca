import { randomBytes } from 'node:crypto';

/** Where a test's content goes: a service's base URL and a bearer token of one of its users. */
export interface UploadTarget {
  readonly baseUrl: string;
  readonly token: string;
}

/**
 * Creates a Drive file with content, or gives an existing one (`fileId`) new content, in one
 * `uploadType=multipart` request, the way Google's clients do. For seeding tests.
 */
export async function uploadForTest(
  target: UploadTarget,
  metadata: Record<string, unknown>,
  data: Buffer,
  options: { fileId?: string; contentType?: string } = {},
): Promise<{ id: string } & Record<string, unknown>> {
  const boundary = `atrium_test_${randomBytes(12).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
        `--${boundary}\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const path = options.fileId
    ? `/upload/drive/v3/files/${encodeURIComponent(options.fileId)}`
    : '/upload/drive/v3/files';
  const response = await fetch(`${target.baseUrl}${path}?uploadType=multipart`, {
    method: options.fileId ? 'PATCH' : 'POST',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': `multipart/related; boundary=${boundary}` },
    body: new Uint8Array(body),
  });
  const answer = (await response.json()) as { id?: unknown };
  if (!response.ok || typeof answer.id !== 'string')
    throw new Error(`Upload answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer as { id: string } & Record<string, unknown>;
}
