import type { Locator, Page } from '@playwright/test';
import { expect, serviceGet, serviceRequest, type AtriumApp } from './fixtures';

/** Drive calls straight to the embedded service, to seed data and to check what it stores. */

export interface StoredFile {
  id: string;
  name?: string;
  mimeType?: string;
  size?: string;
  parents?: string[];
  trashed?: boolean;
  starred?: boolean;
  owners?: { emailAddress?: string }[];
  folderColorRgb?: string;
}

export const folderMime = 'application/vnd.google-apps.folder';

export function serviceUrl(app: AtriumApp, pathAndQuery: string): URL {
  return new URL(pathAndQuery.replace(/^\//, ''), app.serviceUrl.endsWith('/') ? app.serviceUrl : `${app.serviceUrl}/`);
}

export async function createFolder(
  app: AtriumApp,
  name: string,
  parent = 'root',
  token = app.localUser.token,
): Promise<StoredFile> {
  return serviceRequest<StoredFile>(
    app,
    'POST',
    '/drive/v3/files?fields=id,name,parents',
    { name, mimeType: folderMime, parents: [parent] },
    token,
  );
}

/** A file with content, uploaded in one multipart request. */
export async function createFile(
  app: AtriumApp,
  name: string,
  content: string | Uint8Array,
  parent = 'root',
  mimeType = 'text/plain',
  token = app.localUser.token,
): Promise<StoredFile> {
  const boundary = 'e2e-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify({ name, parents: [parent], mimeType })}\r\n` +
        `--${boundary}\r\nContent-Type: ${mimeType}\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(serviceUrl(app, '/upload/drive/v3/files?uploadType=multipart&fields=id,name,parents'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/related; boundary=${boundary}` },
    body,
  });
  if (!response.ok) throw new Error(`upload of ${name} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as StoredFile;
}

/** New content for an existing file (a new revision). */
export async function updateContent(
  app: AtriumApp,
  fileId: string,
  content: string,
  mimeType = 'text/plain',
): Promise<void> {
  const response = await fetch(serviceUrl(app, `/upload/drive/v3/files/${fileId}?uploadType=media`), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${app.localUser.token}`, 'content-type': mimeType },
    body: content,
  });
  if (!response.ok) throw new Error(`update of ${fileId} answered ${response.status}: ${await response.text()}`);
}

export async function getFile(app: AtriumApp, fileId: string, token = app.localUser.token): Promise<StoredFile> {
  return serviceGet<StoredFile>(
    app,
    `/drive/v3/files/${fileId}?fields=id,name,mimeType,size,parents,trashed,starred,owners(emailAddress),folderColorRgb`,
    token,
  );
}

export async function listFiles(app: AtriumApp, q: string, token = app.localUser.token): Promise<StoredFile[]> {
  const page = await serviceGet<{ files?: StoredFile[] }>(
    app,
    `/drive/v3/files?pageSize=1000&fields=files(id,name,mimeType,size,parents,trashed,starred)&q=${encodeURIComponent(q)}`,
    token,
  );
  return page.files ?? [];
}

export async function contentOf(app: AtriumApp, fileId: string): Promise<string> {
  const response = await fetch(serviceUrl(app, `/drive/v3/files/${fileId}?alt=media`), {
    headers: { authorization: `Bearer ${app.localUser.token}` },
  });
  return response.text();
}

// ---- the page side ----

export async function openFiles(page: Page): Promise<void> {
  await page.getByTestId('nav-files').click();
  await expect(page.getByTestId('files-view')).toBeVisible();
}

export function row(page: Page, name: string): Locator {
  return page.getByTestId('file-row').filter({ has: page.getByTestId('file-name').getByText(name, { exact: true }) });
}

/** Drops files from "the OS" onto an element: a DataTransfer built in the page, as a real drop carries. */
export async function dropFiles(
  page: Page,
  target: Locator,
  files: { name: string; type: string; content: string }[],
): Promise<void> {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.content], file.name, { type: file.type }));
    return transfer;
  }, files);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}
