import { readFile } from 'node:fs/promises';
import { expect, saveScreenshot, serviceGet, serviceRequest, test, type AtriumApp } from './fixtures';
import { contentOf, createFile, openFiles, row, serviceUrl, updateContent } from './files-helpers';
import { checkScreens, expectNotCut } from './files-screens';

/** The file's content exactly as the service stores it. */
async function storedBytes(app: AtriumApp, fileId: string): Promise<Buffer> {
  const response = await fetch(serviceUrl(app, `/drive/v3/files/${fileId}?alt=media`), {
    headers: { authorization: `Bearer ${app.localUser.token}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

interface Revision {
  id: string;
  keepForever?: boolean;
}

interface Comment {
  id: string;
  content?: string;
  resolved?: boolean;
  replies?: { content?: string; action?: string }[];
}

test('opens versions, keeps one forever, downloads and uploads a version, and resolves a comment thread', async ({
  page,
  app,
}) => {
  const file = await createFile(app, 'draft.txt', 'first words');
  await updateContent(app, file.id, 'second words');
  const revisions = async () =>
    (
      await serviceGet<{ revisions?: Revision[] }>(
        app,
        `/drive/v3/files/${file.id}/revisions?fields=revisions(id,keepForever)`,
      )
    ).revisions ?? [];
  const [oldest] = await revisions();
  await openFiles(page);

  await row(page, 'draft.txt').click();
  await page.getByTestId('toggle-details').click();
  const details = page.getByTestId('details-panel');
  await expect(details.getByTestId('details-title')).toHaveText('draft.txt');
  await expect(details.getByTestId('details-facts')).toContainText('12 B');

  // The file itself: the browser receives exactly the bytes the service stores, under the file's name.
  const fileDownload = page.waitForEvent('download');
  await details.getByTestId('details-download').click();
  const savedFile = await fileDownload;
  expect(savedFile.suggestedFilename()).toBe('draft.txt');
  const downloaded = await readFile(await savedFile.path());
  expect(downloaded.equals(await storedBytes(app, file.id))).toBe(true);
  expect(downloaded.toString('utf8')).toBe('second words');

  await details.getByTestId('details-tab-revisions').click();
  await expect(details.getByTestId('revision')).toHaveCount(2);
  const older = details.locator(`[data-revision-id="${oldest!.id}"]`);
  await older.getByTestId('revision-keep').check();
  await expect.poll(async () => (await revisions()).find((r) => r.id === oldest!.id)?.keepForever).toBe(true);

  const download = page.waitForEvent('download');
  await older.getByTestId('revision-download').click();
  const saved = await download;
  expect(await readFile(await saved.path(), 'utf8')).toBe('first words');

  // A new version through the resumable upload path.
  await details
    .getByTestId('new-version-input')
    .setInputFiles({ name: 'draft.txt', mimeType: 'text/plain', buffer: Buffer.from('third and final words') });
  await expect(page.getByTestId('upload-item').last()).toHaveAttribute('data-state', 'done');
  await expect(details.getByTestId('revision')).toHaveCount(3);
  expect(await contentOf(app, file.id)).toBe('third and final words');

  await details.getByTestId('details-tab-comments').click();
  await details.getByTestId('comment-input').fill('Are these numbers final?');
  await details.getByTestId('comment-submit').click();
  const thread = details.getByTestId('comment-thread').filter({ hasText: 'Are these numbers final?' });
  await expect(thread).toHaveAttribute('data-resolved', 'false');
  await thread.getByTestId('comment-reply').click();
  // Ctrl+Enter sends the reply; Enter alone would start a new line.
  await thread.getByTestId('reply-input').fill('Yes, checked twice.');
  await page.keyboard.press('Control+Enter');
  await expect(thread.getByTestId('reply')).toContainText('Yes, checked twice.');
  await thread.getByTestId('comment-resolve').click();
  await expect(thread).toHaveAttribute('data-resolved', 'true');
  await saveScreenshot(page, 'files-details-panel');

  const comments = async () =>
    (
      await serviceGet<{ comments?: Comment[] }>(
        app,
        `/drive/v3/files/${file.id}/comments?fields=comments(id,content,resolved,replies(content,action))`,
      )
    ).comments ?? [];
  await expect.poll(async () => (await comments())[0]?.resolved).toBe(true);
  const [stored] = await comments();
  expect(stored?.content).toBe('Are these numbers final?');
  expect(stored?.replies?.map((reply) => reply.action ?? reply.content)).toEqual(['Yes, checked twice.', 'resolve']);

  await details.getByTestId('details-tab-activity').click();
  await expect(details.getByTestId('activity-entry').first()).toBeVisible();

  // After a reload the thread is still resolved, as the service stores it.
  await page.reload();
  await row(page, 'draft.txt').click();
  await expect(page.getByTestId('details-panel')).toBeVisible();
  await page.getByTestId('details-tab-comments').click();
  await expect(page.getByTestId('comment-thread')).toHaveAttribute('data-resolved', 'true');
  await page.getByTestId('comment-thread').getByTestId('comment-reopen').click();
  await expect.poll(async () => (await comments())[0]?.resolved).toBe(false);
});

test('a Google document downloads in a format its service exports it to', async ({ page, app }) => {
  // A document converted from text on upload: the local service exports documents to text, HTML and PDF.
  const boundary = 'e2e-native';
  const metadata = { name: 'Plan', mimeType: 'application/vnd.google-apps.document', parents: ['root'] };
  const created = await fetch(serviceUrl(app, '/upload/drive/v3/files?uploadType=multipart&fields=id,mimeType'), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${app.localUser.token}`,
      'content-type': `multipart/related; boundary=${boundary}`,
    },
    body:
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
      `--${boundary}\r\nContent-Type: text/plain\r\n\r\nFirst, the budget.\r\n--${boundary}--\r\n`,
  });
  expect(created.status).toBe(200);
  const doc = (await created.json()) as { id: string; mimeType: string };
  expect(doc.mimeType).toBe('application/vnd.google-apps.document');
  const about = await serviceGet<{ exportFormats: Record<string, string[]> }>(
    app,
    '/drive/v3/about?fields=exportFormats',
  );
  expect(about.exportFormats[doc.mimeType]).toContain('application/pdf');

  await openFiles(page);
  await row(page, 'Plan').click();
  await page.getByTestId('toggle-details').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('details-panel').getByTestId('details-download').click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('Plan.pdf');
  const bytes = await readFile(await saved.path());
  const exported = await fetch(serviceUrl(app, `/drive/v3/files/${doc.id}/export?mimeType=application%2Fpdf`), {
    headers: { authorization: `Bearer ${app.localUser.token}` },
  });
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.equals(Buffer.from(await exported.arrayBuffer()))).toBe(true);
});

/** Whether an IPC frame the page sends is a `files.download` call. */
function isDownloadCall(frame: string | Buffer): boolean {
  if (typeof frame !== 'string') return false;
  try {
    const parsed = JSON.parse(frame) as { type?: unknown; method?: unknown };
    return parsed.type === 'call' && parsed.method === 'files.download';
  } catch {
    return false;
  }
}

test('a file deleted after the list showed it: Download says so in the app, and the row goes away', async ({
  page,
  app,
}) => {
  const file = await createFile(app, 'short-lived.txt', 'here for now');
  // Someone deletes the file at the very moment this page asks to download it (the list still shows it).
  let deletedFirst = false;
  await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage(async (frame) => {
      if (isDownloadCall(frame)) {
        await serviceRequest(app, 'DELETE', `/drive/v3/files/${file.id}`);
        deletedFirst = true;
      }
      server.send(frame);
    });
  });
  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await openFiles(page);
  await row(page, 'short-lived.txt').click();
  await page.getByTestId('toggle-details').click();

  const browserDownloads: string[] = [];
  page.on('download', (download) => browserDownloads.push(download.suggestedFilename()));
  await page.getByTestId('details-panel').getByTestId('details-download').click();

  const toast = page.getByTestId('toast').filter({ hasText: 'short-lived.txt' });
  await expect(toast).toContainText(
    'Couldn’t download “short-lived.txt”: The file no longer exists. It may have been deleted.',
  );
  await expect(toast).toHaveAttribute('data-kind', 'error');
  await expect(row(page, 'short-lived.txt')).toHaveCount(0);
  expect(deletedFirst).toBe(true);
  expect(browserDownloads).toEqual([]);
});

test('an item of a shared drive tells who has access: the drive’s members and whoever it is shared with besides', async ({
  page,
  app,
}) => {
  const drive = await serviceRequest<{ id: string }>(app, 'POST', '/drive/v3/drives?requestId=details-access', {
    name: 'Engineering',
  });
  const create = (name: string) =>
    serviceRequest<{ id: string }>(app, 'POST', '/drive/v3/files?supportsAllDrives=true', {
      name,
      mimeType: 'text/plain',
      parents: [drive.id],
    });
  const shared = await create('launch plan.txt');
  await create('team notes.txt');
  const share = (body: Record<string, string>) =>
    serviceRequest(
      app,
      'POST',
      `/drive/v3/files/${shared.id}/permissions?supportsAllDrives=true${body.type === 'user' ? '&sendNotificationEmail=false' : ''}`,
      body,
    );
  await share({ type: 'user', role: 'reader', emailAddress: app.bob.email });
  await share({ type: 'anyone', role: 'reader' });

  await openFiles(page);
  await page.getByTestId('place-sharedDrives').click();
  await page.getByTestId('drive-card').filter({ hasText: 'Engineering' }).getByTestId('drive-open').click();
  await expect(row(page, 'launch plan.txt').getByLabel('Shared', { exact: true })).toBeVisible();
  await expect(row(page, 'team notes.txt').getByLabel('Shared', { exact: true })).toHaveCount(0);

  await row(page, 'launch plan.txt').click();
  await page.getByTestId('toggle-details').click();
  const facts = page.getByTestId('details-panel').getByTestId('details-facts');
  await expect(facts).toContainText('SharedMembers of Engineering, 1 other person and anyone with the link');
  await checkScreens(page, 'files-details-shared-drive-access', async () => {
    await expectNotCut(page.getByTestId('details-title'));
  });

  await row(page, 'team notes.txt').click();
  await expect(page.getByTestId('details-title')).toHaveText('team notes.txt');
  await expect(facts).toContainText('SharedMembers of Engineering');
  await expect(facts).not.toContainText('other');
});
