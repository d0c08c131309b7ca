import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDriveTestService, type DriveTestService } from './test-support';

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/**
 * A `multipart/related` body exactly as google-api-python-client builds it: the `email` package's
 * generator with the root's own headers suppressed, so LF line breaks, a boundary of `=` signs (sent
 * quoted in the request's Content-Type), `MIME-Version` in every part and a binary transfer encoding.
 */
function pythonMultipart(metadata: object, mediaType: string, media: Buffer) {
  const boundary = `===============${Math.floor(Math.random() * 1e18)}==`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\nContent-Type: application/json\nMIME-Version: 1.0\n\n${JSON.stringify(metadata).replace(/":/g, '": ')}\n` +
        `--${boundary}\nContent-Type: ${mediaType}\nMIME-Version: 1.0\nContent-Transfer-Encoding: binary\n\n`,
    ),
    media,
    Buffer.from(`\n--${boundary}--\n`),
  ]);
  return { body, contentType: `multipart/related; boundary="${boundary}"` };
}

/** The body Node's googleapis client streams: CRLF, lower-case part headers, no line break after the close. */
function nodeMultipart(metadata: object, mediaType: string, media: Buffer) {
  const boundary = '4bc35d2c-9e4f-4c1b-8a55-0e7d2f0d2d11';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-type: application/json\r\n\r\n${JSON.stringify(metadata)}\r\n`),
    Buffer.from(`--${boundary}\r\ncontent-type: ${mediaType}\r\n\r\n`),
    media,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  return { body, contentType: `multipart/related; boundary=${boundary}` };
}

interface FileAnswer {
  id: string;
  name: string;
  mimeType: string;
  size: string;
  md5Checksum: string;
}

describe('multipart uploads in the shapes real clients send', () => {
  let t: DriveTestService;
  beforeAll(async () => {
    t = await startDriveTestService();
  });
  afterAll(async () => {
    await t.close();
  });

  async function download(id: string): Promise<Buffer> {
    const res = await t.call(t.alice.token, 'GET', `/drive/v3/files/${id}?alt=media`);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  for (const [client, shape] of [
    ['Python', pythonMultipart],
    ['Node', nodeMultipart],
  ] as const) {
    it(`files.create and files.update take the ${client} client's body`, async () => {
      // Media that ends in a CR and holds LF lines: nothing of it may be taken for a line break.
      const media = Buffer.concat([randomBytes(200_000), Buffer.from('\nline\n\r')]);
      const created = shape({ name: `${client}.bin`, description: 'from a client' }, 'application/octet-stream', media);
      const createRes = await t.call(
        t.alice.token,
        'POST',
        '/upload/drive/v3/files?alt=json&uploadType=multipart&fields=id,name,mimeType,size,md5Checksum',
        { body: created.body, headers: { 'Content-Type': created.contentType } },
      );
      expect(createRes.status, await createRes.clone().text()).toBe(200);
      const file = (await createRes.json()) as FileAnswer;
      expect(file).toMatchObject({
        name: `${client}.bin`,
        mimeType: 'application/octet-stream',
        size: String(media.length),
        md5Checksum: md5(media),
      });
      expect(md5(await download(file.id))).toBe(md5(media));

      const text = Buffer.from('second version\nwith LF\n');
      const updated = shape({ name: `${client}.txt` }, 'text/plain', text);
      const updateRes = await t.call(
        t.alice.token,
        'PATCH',
        `/upload/drive/v3/files/${file.id}?alt=json&uploadType=multipart&fields=id,name,size,md5Checksum`,
        { body: updated.body, headers: { 'Content-Type': updated.contentType } },
      );
      expect(updateRes.status, await updateRes.clone().text()).toBe(200);
      expect(await updateRes.json()).toEqual({
        id: file.id,
        name: `${client}.txt`,
        size: String(text.length),
        md5Checksum: md5(text),
      });
      expect((await download(file.id)).equals(text)).toBe(true);
    });
  }

  it('refuses a body whose boundary line is followed by junk, and stores nothing', async () => {
    const before = t.digest();
    const res = await t.call(t.alice.token, 'POST', '/upload/drive/v3/files?uploadType=multipart', {
      body: '--b junk\n\n{}\n--b\n\nx\n--b--',
      headers: { 'Content-Type': 'multipart/related; boundary=b' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'badContent',
    );
    expect(t.digest()).toBe(before);
  });
});
