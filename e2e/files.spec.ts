import { expect, saveScreenshot, serviceRequest, test } from './fixtures';
import {
  contentOf,
  createFile,
  createFolder,
  dropFiles,
  folderMime,
  getFile,
  listFiles,
  openFiles,
  row,
} from './files-helpers';
import { chooseValue } from './choice-menu';
import { injectApiFailures } from './ipc-faults';
import { screenshotVariants } from './screens';

test('uploads by dropping files, creates folders, walks the breadcrumbs and sees changes made elsewhere', async ({
  page,
  app,
}) => {
  await openFiles(page);
  await expect(page.getByTestId('files-empty')).toBeVisible();

  await dropFiles(page, page.getByTestId('files-drop-zone'), [
    { name: 'notes.txt', type: 'text/plain', content: 'hello world' },
    { name: 'it’s "quoted".md', type: 'text/markdown', content: '# Plan\n' },
  ]);
  await expect(page.getByTestId('upload-item')).toHaveCount(2);
  await expect(page.getByTestId('upload-item').filter({ hasText: 'notes.txt' })).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('upload-item').filter({ hasText: 'quoted' })).toHaveAttribute('data-state', 'done');
  await expect(row(page, 'notes.txt')).toHaveAttribute('data-kind', 'text');
  await expect(row(page, 'notes.txt')).toContainText('11 B');

  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  // The suggested name opens selected: typing replaces it.
  await expect(dialog.getByLabel('Folder name')).toHaveValue('Untitled folder');
  await page.keyboard.type('Projects');
  await expect(dialog.getByLabel('Folder name')).toHaveValue('Projects');
  await page.keyboard.press('Enter');
  await expect(row(page, 'Projects')).toHaveAttribute('data-kind', 'folder');
  await expect(row(page, 'Projects')).not.toHaveAttribute('data-pending', 'true');

  await row(page, 'Projects').dblclick();
  await expect(page.getByTestId('files-current-folder')).toHaveText('Projects');
  await expect(page.getByTestId('files-empty')).toBeVisible();
  // Upload › Files… opens the system's file chooser: by keys, the menu opens on its first item.
  await page.getByTestId('upload-menu').focus();
  await page.keyboard.press('Enter');
  const uploadMenu = page.getByRole('menu', { name: 'Upload' });
  await expect(uploadMenu.getByRole('menuitem')).toHaveText(['Files…', 'Folder…']);
  await expect(uploadMenu.getByRole('menuitem', { name: 'Files…' })).toBeFocused();
  await saveScreenshot(page, 'files-upload-menu');
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'plan.md', mimeType: 'text/markdown', buffer: Buffer.from('# Plan\n') });
  await expect(uploadMenu).toHaveCount(0);
  await expect(row(page, 'plan.md')).toBeVisible();

  // A file created by someone else (here: straight through the service) shows up without a reload.
  const projects = (await listFiles(app, "name = 'Projects'"))[0]!;
  await createFile(app, 'from-elsewhere.txt', 'made outside the app', projects.id);
  await expect(row(page, 'from-elsewhere.txt')).toBeVisible({ timeout: 15_000 });

  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: 'My Drive' }).click();
  await expect(page.getByTestId('files-current-folder')).toHaveText('My Drive');
  await expect(page.getByTestId('file-row')).toHaveText([/Projects/, /it’s "quoted"\.md/, /notes\.txt/]);
  await saveScreenshot(page, 'files-browser');

  const root = await listFiles(app, "'root' in parents and trashed = false");
  expect(root.find((file) => file.name === 'Projects')?.mimeType).toBe(folderMime);
  const notes = root.find((file) => file.name === 'notes.txt');
  expect(notes?.size).toBe('11');
  expect(await contentOf(app, notes!.id)).toBe('hello world');
  expect((await listFiles(app, `'${projects.id}' in parents`)).map((file) => file.name).sort()).toEqual([
    'from-elsewhere.txt',
    'plan.md',
  ]);

  // After a reload the listing comes back from the service.
  await page.reload();
  await expect(row(page, 'notes.txt')).toBeVisible();
  await expect(page.getByTestId('file-row')).toHaveCount(3);
});

test('moves by dragging onto a folder and a breadcrumb, renames, and undoes both', async ({ page, app }) => {
  const archive = await createFolder(app, 'Archive');
  const report = await createFile(app, 'report.txt', 'numbers');
  await openFiles(page);

  await row(page, 'report.txt').dragTo(row(page, 'Archive'));
  await expect(row(page, 'report.txt')).toHaveCount(0);
  await expect.poll(async () => (await getFile(app, report.id)).parents).toEqual([archive.id]);

  await row(page, 'Archive').dblclick();
  await expect(row(page, 'report.txt')).toBeVisible();
  await row(page, 'report.txt').dragTo(page.getByTestId('breadcrumb-root'));
  await expect(row(page, 'report.txt')).toHaveCount(0);
  await expect.poll(async () => (await getFile(app, report.id)).parents).not.toEqual([archive.id]);

  // Undo puts it back where it was.
  await page.getByTestId('toast').filter({ hasText: 'to “My Drive”' }).getByTestId('toast-undo').click();
  await expect(row(page, 'report.txt')).toBeVisible();
  await expect.poll(async () => (await getFile(app, report.id)).parents).toEqual([archive.id]);

  // Rename from the keyboard (F2), then undo with Ctrl+Z.
  await row(page, 'report.txt').click();
  await page.keyboard.press('F2');
  const rename = page.getByRole('dialog', { name: 'Rename' });
  await rename.getByLabel('New name').fill('Q3 report.txt');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(row(page, 'Q3 report.txt')).toBeVisible();
  await expect.poll(async () => (await getFile(app, report.id)).name).toBe('Q3 report.txt');
  await page.getByTestId('file-list').focus();
  await page.keyboard.press('Control+z');
  await expect(row(page, 'report.txt')).toBeVisible();
  await expect.poll(async () => (await getFile(app, report.id)).name).toBe('report.txt');

  await page.reload();
  await expect(page.getByTestId('files-current-folder')).toHaveText('Archive');
  await expect(row(page, 'report.txt')).toBeVisible();
});

test('selects with shift and ctrl, trashes and restores, deletes forever', async ({ page, app }) => {
  const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt'];
  const ids: Record<string, string> = {};
  for (const name of names) ids[name] = (await createFile(app, name, name)).id;
  await openFiles(page);

  await row(page, 'a.txt').click();
  await row(page, 'c.txt').click({ modifiers: ['Shift'] });
  await row(page, 'b.txt').click({ modifiers: ['Control'] });
  await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
  await page.keyboard.press('ArrowDown', {});
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
  await expect(row(page, 'c.txt')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'd.txt')).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('Delete');
  await expect(row(page, 'c.txt')).toHaveCount(0);
  await expect(row(page, 'd.txt')).toHaveCount(0);
  await expect.poll(async () => (await getFile(app, ids['c.txt']!)).trashed).toBe(true);
  expect((await getFile(app, ids['d.txt']!)).trashed).toBe(true);

  await page.getByTestId('place-trash').click();
  await expect(page.getByTestId('file-row')).toHaveCount(2);
  await row(page, 'c.txt').click();
  await page.getByTestId('action-restore').click();
  await expect(row(page, 'c.txt')).toHaveCount(0);
  await expect.poll(async () => (await getFile(app, ids['c.txt']!)).trashed).toBe(false);

  await row(page, 'd.txt').click();
  await page.getByTestId('action-delete-forever').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('files-empty')).toBeVisible();
  await expect.poll(async () => (await listFiles(app, "name = 'd.txt'")).length).toBe(0);

  await page.reload();
  await expect(page.getByTestId('files-empty')).toBeVisible();
  await page.getByTestId('place-myDrive').click();
  await expect(page.getByTestId('file-row')).toHaveText([/a\.txt/, /b\.txt/, /c\.txt/]);
});

test('searches by name with quotes and by filter chips', async ({ page, app }, testInfo) => {
  const plans = await createFolder(app, 'Plans');
  await createFile(app, "Bob's plan.txt", 'x', plans.id);
  await createFile(app, 'plan \\ backslash.txt', 'y');
  await createFile(app, 'photo.png', 'not really a png', 'root', 'image/png');
  await createFile(app, 'bobs-own.txt', 'z', 'root', 'text/plain', app.bob.token);
  await openFiles(page);

  await page.getByTestId('search-input').fill("bob's");
  await expect(page.getByTestId('files-current-folder')).toHaveText('Search results');
  await expect(page.getByTestId('file-row')).toHaveText([/Bob's plan\.txt/]);

  // The backslash is searched as typed; the word "plan" also matches Bob's plan by its words (fullText).
  await page.getByTestId('search-input').fill('plan \\');
  await expect(row(page, 'plan \\ backslash.txt')).toBeVisible();
  await expect(page.getByTestId('file-row')).toHaveCount(2);
  await expect(row(page, 'photo.png')).toHaveCount(0);

  await page.getByTestId('search-input').fill('');
  // The type chip's menu lists each kind with its icon; the chip shows the choice, highlighted.
  await page.getByTestId('filter-type').click();
  const types = page.getByRole('menu', { name: 'Type' });
  await expect(types.getByRole('menuitemradio')).toHaveText([
    'Any type',
    'Folders',
    'Documents',
    'Spreadsheets',
    'Presentations',
    'PDFs',
    'Images',
    'Videos',
    'Audio',
    'Archives',
  ]);
  await expect(types.getByRole('menuitemradio', { name: 'Images' }).locator('svg.file-icon--image')).toBeVisible();
  await screenshotVariants(page, testInfo, 'files-filter-type-menu');
  await types.getByRole('menuitemradio', { name: 'Images' }).click();
  await expect(page.getByTestId('filter-type')).toHaveText('Images');
  await expect(page.getByTestId('filter-type')).toHaveClass(/is-active/);
  await expect(page.getByTestId('file-row')).toHaveText([/photo\.png/]);
  await chooseValue(page.getByTestId('filter-type'), 'folder');
  await expect(page.getByTestId('file-row')).toHaveText([/Plans/]);
  await chooseValue(page.getByTestId('filter-type'), '');
  await chooseValue(page.getByTestId('filter-modified'), 'today');
  await chooseValue(page.getByTestId('filter-owner'), 'me');
  await expect(page.getByTestId('file-row')).toHaveCount(4);
  await page.getByTestId('filter-starred').click();
  await expect(page.getByTestId('files-empty')).toBeVisible();

  await page.getByTestId('search-clear').click();
  await expect(page.getByTestId('files-current-folder')).toHaveText('My Drive');
});

test('a custom modified range is picked with date fields, each greying the days the other rules out', async ({
  page,
  app,
}) => {
  const dated = async (name: string, modifiedTime: string) => {
    const file = await createFile(app, name, name);
    await serviceRequest(app, 'PATCH', `/drive/v3/files/${file.id}`, { modifiedTime });
  };
  await dated('winter.txt', '2025-01-15T12:00:00Z');
  await dated('summer.txt', '2025-06-15T12:00:00Z');
  await dated('autumn.txt', '2025-10-01T12:00:00Z');
  await openFiles(page);

  await chooseValue(page.getByTestId('filter-modified'), 'range');
  const after = page.getByTestId('filter-after');
  const before = page.getByTestId('filter-before');
  await expect(after).toHaveAttribute('placeholder', 'Any day');
  await after.fill('Mar 1 2025');
  await after.press('Enter');
  await expect(after).toHaveAttribute('data-value', '2025-03-01');
  await before.fill('2025-09-30');
  await before.press('Enter');
  await expect(page.getByTestId('file-row')).toHaveText([/summer\.txt/]);

  // Each month greys the days the other field rules out: "after" offers nothing past the "before" day.
  await after.press('ArrowDown');
  const month = page.getByTestId('filter-after-month');
  await expect(month.locator('[data-date="2025-03-01"]')).toBeFocused();
  // Seven months on, March to October.
  for (let month = 0; month < 7; month += 1) await page.keyboard.press('PageDown');
  const late = month.locator('[data-date="2025-10-01"]');
  await expect(late).toBeFocused();
  await expect(late).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(month.locator('[data-date="2025-09-30"]')).not.toHaveAttribute('aria-disabled');
  await page.keyboard.press('Escape');
  await expect(month).toBeHidden();

  // "Any day" below the month lifts that bound.
  await before.click();
  await page.getByRole('dialog', { name: 'Modified before' }).getByRole('button', { name: 'Any day' }).click();
  await expect(before).toHaveValue('');
  await expect(row(page, 'autumn.txt')).toBeVisible();
  await expect(row(page, 'summer.txt')).toBeVisible();
  await expect(page.getByTestId('file-row')).toHaveCount(2);
});

test('shows a readable error with Retry when the folder cannot be listed', async ({ page }) => {
  let refuse = true;
  await injectApiFailures(page, (operation) =>
    operation === 'DriveFilesList' && refuse
      ? {
          code: 'forbidden',
          message: 'The user does not have sufficient permissions for this file.',
          status: 403,
          reason: 'insufficientFilePermissions',
        }
      : null,
  );
  await page.reload();
  await page.getByTestId('nav-files').click();

  const error = page.getByTestId('files-error');
  await expect(error).toContainText('The user does not have sufficient permissions for this file.');
  refuse = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('files-empty')).toBeVisible();
});

test('shows at most three toasts, newest first, in a strip below the file list that never covers its rows', async ({
  page,
  app,
}, testInfo) => {
  const names = Array.from({ length: 16 }, (_, i) => `file-${String(i + 1).padStart(2, '0')}.txt`);
  const ids: Record<string, string> = {};
  for (const name of names) ids[name] = (await createFile(app, name, name)).id;
  await openFiles(page);
  await expect(row(page, 'file-16.txt')).toBeVisible();
  const trashed = names.slice(0, 4);
  for (const name of trashed) {
    await row(page, name).click();
    await page.keyboard.press('Delete');
    await expect(row(page, name)).toHaveCount(0);
    await expect(page.getByTestId('toast').filter({ hasText: `Moved “${name}” to the trash` })).toBeVisible();
  }

  // The keyboard's place goes to the file that took the trashed one's: Delete again goes on down the list.
  const next = row(page, 'file-05.txt');
  await expect(next).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('file-list')).toHaveAttribute(
    'aria-activedescendant',
    (await next.getAttribute('id'))!,
  );

  // Keyboard focus on the list draws its ring around the whole listing, where no row's background covers it.
  const ring = await page.getByTestId('file-list').evaluate((scroller) => {
    const listing = scroller.closest('.file-collection')!;
    return {
      focused: scroller.matches(':focus-visible'),
      around: getComputedStyle(listing).outlineStyle,
      inside: getComputedStyle(scroller).outlineStyle,
    };
  });
  expect(ring).toEqual({ focused: true, around: 'solid', inside: 'none' });

  const toasts = page.getByTestId('toast');
  await expect(toasts).toHaveCount(3);
  const placed = await Promise.all(
    (await toasts.all()).map(async (toast) => ({ text: await toast.innerText(), box: await toast.boundingBox() })),
  );
  const topToBottom = placed.sort((a, b) => (a.box?.y ?? 0) - (b.box?.y ?? 0)).map((t) => t.text);
  expect(topToBottom.map((text) => /file-\d+/.exec(text)?.[0])).toEqual(['file-04', 'file-03', 'file-02']);

  const overlaps = async () => {
    const region = await page.getByTestId('toast-region').boundingBox();
    const list = await page.getByTestId('file-list').boundingBox();
    if (!region || !list) throw new Error('no toast region or file list');
    const rows = await Promise.all((await page.getByTestId('file-row').all()).map((r) => r.boundingBox()));
    const covered = rows.filter((box) => box && Math.min(box.y + box.height, list.y + list.height) > region.y + 0.5);
    return { listBottom: Math.round(list.y + list.height), regionTop: Math.round(region.y), covered: covered.length };
  };
  const before = await overlaps();
  expect(before.covered).toBe(0);
  expect(before.listBottom).toBeLessThanOrEqual(before.regionTop);
  for (const toast of placed) expect(toast.box!.y).toBeGreaterThanOrEqual(before.regionTop);
  await screenshotVariants(page, testInfo, 'files-three-toasts');
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1360, height: 860 },
  ]) {
    await page.setViewportSize(size);
    expect((await overlaps()).covered).toBe(0);
  }

  // Ctrl+Z takes back the newest: file-04 comes out of the trash.
  await page.getByTestId('file-list').focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(row(page, 'file-04.txt')).toBeVisible();
  await expect.poll(async () => (await getFile(app, ids['file-04.txt']!)).trashed).toBe(false);
  await expect(toasts.first()).toBeVisible();
  expect((await getFile(app, ids['file-03.txt']!)).trashed).toBe(true);

  // Left alone, they leave on their own, and the strip gives its room back to the list.
  await page.mouse.move(5, 5);
  await expect(toasts).toHaveCount(0, { timeout: 20_000 });
  const region = await page.getByTestId('toast-region').boundingBox();
  expect(region?.height ?? 0).toBe(0);
});
