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

  async function startSession(query: string, metadata: object, headers: Record<string, string> = {}, method = 'POST') {
    const path = query.startsWith('/') ? query : `/upload/drive/v3/files?uploadType=resumable${query}`;
    return t.call(t.alice.token, method, path, {
      body: JSON.stringify(metadata),
      headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers },
    });
  }

  it('answers a resumable upload with the fields and prettyPrint its first request asked for', async () => {
    const content = randomBytes(300_000);
    const start = await startSession(
      '&fields=id,name,size,md5Checksum,parents&prettyPrint=true',
      { name: 'shaped.bin' },
      { 'X-Upload-Content-Length': String(content.length), 'X-Upload-Content-Type': 'application/octet-stream' },
    );
    expect(start.status).toBe(200);
    const location = new URL(start.headers.get('location')!);
    expect(location.searchParams.get('fields')).toBe('id,name,size,md5Checksum,parents');
    expect(location.searchParams.get('uploadType')).toBe('resumable');
    const uploadId = location.searchParams.get('upload_id')!;
    // Sent to the bare session URL: what the session kept shapes the answer.
    const bare = `/upload/drive/v3/files?uploadType=resumable&upload_id=${uploadId}`;
    const first = await t.call(t.alice.token, 'PUT', bare, {
      body: content.subarray(0, 100_000),
      headers: { 'Content-Range': `bytes 0-99999/${content.length}` },
    });
    expect(first.status).toBe(308);
    const last = await t.call(t.alice.token, 'PUT', bare, {
      body: content.subarray(100_000),
      headers: { 'Content-Range': `bytes 100000-${content.length - 1}/${content.length}` },
    });
    expect(last.status).toBe(200);
    const text = await last.text();
    expect(text).toContain('\n  "'); // pretty-printed
    const file = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(file).sort()).toEqual(['id', 'md5Checksum', 'name', 'parents', 'size']);
    expect(file).toMatchObject({ name: 'shaped.bin', size: String(content.length), md5Checksum: md5(content) });

    // A status query of the completed session, sent to the Location as given, answers the same fields.
    const again = await fetch(location, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${t.alice.token}`, 'Content-Range': `bytes */${content.length}` },
    });
    expect(again.status).toBe(200);
    expect(Object.keys((await again.json()) as object).sort()).toEqual([
      'id',
      'md5Checksum',
      'name',
      'parents',
      'size',
    ]);
  });

  it('a resumable update moves the file as its first request said, whatever URL the content goes to', async () => {
    const folder = await t.alice.client.files.create({
      requestBody: { name: 'target', mimeType: 'application/vnd.google-apps.folder' },
    });
    const made = await t.alice.client.files.create({ requestBody: { name: 'mover.txt' }, fields: 'id,parents' });
    const start = await startSession(
      `/upload/drive/v3/files/${made.data.id}?uploadType=resumable&addParents=${folder.data.id}&removeParents=${made.data.parents![0]}&fields=parents`,
      {},
      {},
      'PATCH',
    );
    expect(start.status).toBe(200);
    const uploadId = new URL(start.headers.get('location')!).searchParams.get('upload_id')!;
    const put = await t.call(
      t.alice.token,
      'PUT',
      `/upload/drive/v3/files/${made.data.id}?uploadType=resumable&upload_id=${uploadId}`,
      { body: 'moved content', headers: { 'Content-Type': 'text/plain' } },
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ parents: [folder.data.id] });
  });

  const dated = {
    modifiedTime: '2001-02-03T04:05:06.000Z',
    createdTime: '2000-01-01T00:00:00.000Z',
    viewedByMeTime: '2002-03-04T05:06:07.000Z',
    starred: true,
    description: 'set at creation',
    properties: { shade: 'blue' },
    appProperties: { owner: 'atrium' },
    writersCanShare: false,
    copyRequiresWriterPermission: true,
    originalFilename: 'original-name.txt',
  };
  const datedFields =
    'id,name,modifiedTime,createdTime,viewedByMeTime,modifiedByMeTime,starred,description,properties,appProperties,writersCanShare,copyRequiresWriterPermission,originalFilename';

  for (const via of ['metadata-only', 'multipart', 'resumable'] as const) {
    it(`files.create keeps every writable field given at creation (${via})`, async () => {
      const word = `zebracorn${via.replace('-', '')}`;
      const metadata = { name: `dated-${via}.txt`, ...dated, contentHints: { indexableText: word } };
      let res: Response;
      if (via === 'metadata-only') {
        res = await t.call(t.alice.token, 'POST', `/drive/v3/files?fields=${datedFields}`, {
          body: JSON.stringify(metadata),
          headers: { 'Content-Type': 'application/json' },
        });
      } else if (via === 'multipart') {
        const { body, contentType } = pythonMultipart(metadata, 'text/plain', Buffer.from('plain words'));
        res = await t.call(t.alice.token, 'POST', `/upload/drive/v3/files?uploadType=multipart&fields=${datedFields}`, {
          body,
          headers: { 'Content-Type': contentType },
        });
      } else {
        const start = await startSession(`&fields=${datedFields}`, metadata, { 'X-Upload-Content-Type': 'text/plain' });
        expect(start.status).toBe(200);
        res = await fetch(start.headers.get('location')!, {
          method: 'PUT',
          body: 'plain words',
          headers: { Authorization: `Bearer ${t.alice.token}` },
        });
      }
      expect(res.status, await res.clone().text()).toBe(200);
      const file = (await res.json()) as Record<string, unknown>;
      expect(file).toMatchObject({ ...dated, modifiedByMeTime: dated.modifiedTime });
      const found = await t.alice.client.files.list({ q: `fullText contains '${word}'` });
      expect(found.data.files!.map((f) => f.id)).toEqual([file['id']]);
    });
  }

  it('keeps the colour of a folder created with one', async () => {
    const res = await t.call(t.alice.token, 'POST', '/drive/v3/files?fields=folderColorRgb,modifiedTime', {
      body: JSON.stringify({
        name: 'coloured',
        mimeType: 'application/vnd.google-apps.folder',
        folderColorRgb: '#4986e7',
        modifiedTime: dated.modifiedTime,
      }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await res.json()).toEqual({ folderColorRgb: '#4986e7', modifiedTime: dated.modifiedTime });
  });

  it('refuses a bad X-Upload-Content-Length or X-Upload-Content-Type and opens no session', async () => {
    const before = t.digest();
    const bad: Record<string, string>[] = [
      ...['-1', '1e30', 'abc', '1.5', '', '0x10', String(5 * 1024 ** 4 + 1), '99999999999999999999'].map((v) => ({
        'X-Upload-Content-Length': v,
      })),
      { 'X-Upload-Content-Type': 'not a type' },
      { 'X-Upload-Content-Type': 'text/' },
    ];
    for (const headers of bad) {
      const res = await startSession('', { name: 'never.bin' }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(400);
      const error = ((await res.json()) as { error: { code: number; errors: { reason: string; location: string }[] } })
        .error;
      expect(error.code).toBe(400);
      expect(error.errors[0]).toMatchObject({ reason: 'badRequest', location: Object.keys(headers)[0] });
      expect(res.headers.get('location')).toBeNull();
    }
    expect(t.digest()).toBe(before);
  });

  it('refuses a malformed or inconsistent Content-Range and keeps the session as it was', async () => {
    const start = await startSession('', { name: 'ranges.bin' }, { 'X-Upload-Content-Length': '100' });
    const location = start.headers.get('location')!;
    const put = (headers: Record<string, string>, body?: string) =>
      fetch(location, { method: 'PUT', body, headers: { Authorization: `Bearer ${t.alice.token}`, ...headers } });
    const ok = await put({ 'Content-Range': 'bytes 0-9/100' }, '0123456789');
    expect(ok.status).toBe(308);
    for (const [range, body] of [
      ['bytes 0-10', 'x'],
      ['bytes=0-9/100', '0123456789'],
      ['bytes 5-2/100', 'x'],
      ['bytes 0-200/100', 'x'],
      ['bytes 0-99999999999999999999/*', 'x'],
      ['bytes -1-3/100', 'x'],
      ['bytes */abc', undefined],
      ['bytes */50', undefined], // not what was declared
      ['bytes 10-19/200', '0123456789'], // nor this
      ['bytes 50-59/100', '0123456789'], // past what was received
      ['bytes 10-29/100', '0123456789'], // longer than the body
    ] as const) {
      const res = await put({ 'Content-Range': range }, body);
      expect(res.status, range).toBe(400);
      expect(((await res.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
        'badRequest',
      );
    }
    const status = await put({ 'Content-Range': 'bytes */100' });
    expect(status.status).toBe(308);
    expect(status.headers.get('range')).toBe('bytes=0-9');
  });
});
