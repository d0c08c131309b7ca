import { expect, serviceGet, test } from './fixtures';
import { injectApiFailures } from './ipc-faults';

interface FileList {
  files?: { id: string; name?: string; mimeType?: string; size?: string; parents?: string[] }[];
}

const folderMime = 'application/vnd.google-apps.folder';

test('uploads files, opens folders and walks back with the breadcrumbs', async ({ page, app }) => {
  await page.getByTestId('nav-files').click();
  await expect(page.getByTestId('files-empty')).toBeVisible();

  await page.getByTestId('upload-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello world') });
  const notes = page.getByTestId('file-row').filter({ hasText: 'notes.txt' });
  await expect(notes).toHaveAttribute('data-kind', 'text');
  await expect(notes).toContainText('11 B');

  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Folder name').fill('Projects');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Open folder Projects' }).click();
  await expect(page.getByTestId('files-current-folder')).toHaveText('Projects');
  await expect(page.getByTestId('files-empty')).toBeVisible();

  await page.getByTestId('upload-input').setInputFiles({ name: 'plan.md', mimeType: 'text/markdown', buffer: Buffer.from('# Plan\n') });
  await expect(page.getByTestId('file-row').filter({ hasText: 'plan.md' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: 'My Drive' }).click();
  await expect(page.getByTestId('files-current-folder')).toHaveText('My Drive');
  await expect(page.getByTestId('file-row')).toHaveText([/Projects/, /notes\.txt/]);

  const root = await serviceGet<FileList>(app, `/drive/v3/files?q=${encodeURIComponent("'root' in parents and trashed = false")}&fields=files(id,name,mimeType,size)`);
  const projects = root.files?.find((file) => file.name === 'Projects');
  expect(projects?.mimeType).toBe(folderMime);
  expect(root.files?.find((file) => file.name === 'notes.txt')?.size).toBe('11');

  const inside = await serviceGet<FileList>(app, `/drive/v3/files?q=${encodeURIComponent(`'${projects?.id}' in parents and trashed = false`)}`);
  expect(inside.files?.map((file) => file.name)).toEqual(['plan.md']);

  const notesId = root.files?.find((file) => file.name === 'notes.txt')?.id ?? '';
  const content = await fetch(new URL(`drive/v3/files/${notesId}?alt=media`, app.serviceUrl.endsWith('/') ? app.serviceUrl : `${app.serviceUrl}/`), {
    headers: { authorization: `Bearer ${app.localUser.token}` },
  });
  expect(await content.text()).toBe('hello world');
});

test('shows a readable error with Retry when the folder cannot be listed', async ({ page }) => {
  let refuse = true;
  await injectApiFailures(page, (operation) =>
    operation === 'DriveFilesList' && refuse ? { code: 'forbidden', message: 'The user does not have sufficient permissions for this file.', status: 403, reason: 'insufficientFilePermissions' } : null,
  );
  await page.reload();
  await page.getByTestId('nav-files').click();

  const error = page.getByTestId('files-error');
  await expect(error).toContainText('The user does not have sufficient permissions for this file.');
  refuse = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('files-empty')).toBeVisible();
});
