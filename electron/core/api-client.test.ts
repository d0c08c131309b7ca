import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../service';
import type { EmbeddedService } from '../service';
import { ApiCallError } from './api-call-error';
import { ApiClient } from './api-client';
import type { MediaContent } from './api-client';

let dir: string;
let service: EmbeddedService;
let api: ApiClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-api-client-'));
  service = await startEmbeddedService({
    dataDir: dir,
    port: 0,
    users: [{ email: 'ann@example.com', token: 'ann-token', displayName: 'Ann' }],
  });
  api = new ApiClient({ baseUrl: service.url, accessToken: () => 'ann-token' });
});

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('ApiClient against the embedded service', () => {
  it('lists the calendar list with the primary calendar', async () => {
    const list = await api.call('CalendarCalendarListList', {});
    expect(list.items?.map((entry) => entry.id)).toContain('ann@example.com');
  });

  it('creates, reads and deletes an event (204 answers undefined)', async () => {
    const created = await api.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      { summary: 'Standup', start: { dateTime: '2031-03-04T09:00:00Z' }, end: { dateTime: '2031-03-04T09:15:00Z' } },
    );
    expect(created.id).toBeTruthy();
    const read = await api.call('CalendarEventsGet', { calendarId: 'ann@example.com', eventId: created.id as string });
    expect(read.summary).toBe('Standup');
    expect(
      await api.call('CalendarEventsDelete', { calendarId: 'primary', eventId: created.id as string }),
    ).toBeUndefined();
    const listed = await api.call('CalendarEventsList', { calendarId: 'primary' });
    expect(listed.items?.map((event) => event.id)).not.toContain(created.id);
  });

  it('maps a Google error body to ApiCallError', async () => {
    const error = await api.call('TasksTasklistsGet', { tasklist: 'missing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 404, reason: 'notFound' });
  });

  it('refuses a wrong token as unauthenticated', async () => {
    const stranger = new ApiClient({ baseUrl: service.url, accessToken: () => 'wrong-token' });
    await expect(stranger.call('TasksTasklistsList', {})).rejects.toMatchObject({ status: 401 });
  });

  it('uploads through the /upload path in one multipart request and downloads the content', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 13, 10, 45, 45]);
    const file = (await api.upload(
      'DriveFilesCreate',
      {},
      { name: 'blob.bin', mimeType: 'application/octet-stream' },
      { data: bytes },
    )) as {
      id: string;
      name: string;
    };
    expect(file.name).toBe('blob.bin');
    const media = (await api.callByName('DriveFilesGet', { fileId: file.id, alt: 'media' })) as MediaContent;
    expect(Buffer.from(media.contentBase64, 'base64').equals(bytes)).toBe(true);
  });

  it('refuses uploads to operations without an upload path', async () => {
    await expect(api.upload('TasksTasklistsInsert', {}, {}, { data: Buffer.from('x') })).rejects.toMatchObject({
      reason: 'mediaUploadNotSupported',
    });
  });
});
