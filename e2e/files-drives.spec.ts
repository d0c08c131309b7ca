import type { WebSocketRoute } from '@playwright/test';
import { expect, serviceGet, serviceRequest, test, type AtriumApp } from './fixtures';
import { dropFiles, getFile, listFiles, openFiles, row, createFolder, createFile } from './files-helpers';
import { chooseValue } from './choice-menu';
import { checkScreens, expectInWindow } from './files-screens';
import { expectAxeCleanInBothSchemes } from './axe';

interface StoredDrive {
  id: string;
  name?: string;
  colorRgb?: string;
  hidden?: boolean;
}

async function drives(app: AtriumApp, token = app.localUser.token): Promise<StoredDrive[]> {
  return (
    (
      await serviceGet<{ drives?: StoredDrive[] }>(
        app,
        '/drive/v3/drives?pageSize=100&fields=drives(id,name,colorRgb,hidden)',
        token,
      )
    ).drives ?? []
  );
}

test('creates, renames, colors, hides and deletes a shared drive, and manages its members', async ({ page, app }) => {
  await openFiles(page);
  await page.getByTestId('place-sharedDrives').click();
  await expect(page.getByTestId('files-empty')).toBeVisible();

  await page.getByTestId('new-drive').click();
  await page.getByTestId('new-drive-dialog-input').fill('Design team');
  await page.getByTestId('new-drive-dialog-submit').click();
  const card = page.getByTestId('drive-card').filter({ hasText: 'Design team' });
  await expect(card).toBeVisible();
  await expect.poll(async () => (await drives(app)).map((d) => d.name)).toEqual(['Design team']);
  const driveId = (await drives(app))[0]!.id;

  await card.getByTestId('drive-menu').click();
  await page.getByRole('menu').getByTestId('drive-rename').click();
  await page.getByTestId('drive-rename-dialog-input').fill('Design');
  await page.getByTestId('drive-rename-dialog-submit').click();
  await expect(page.getByTestId('drive-card').filter({ hasText: 'Design' })).toBeVisible();
  await expect.poll(async () => (await drives(app))[0]?.name).toBe('Design');

  const design = page.locator(`[data-testid="drive-card"][data-drive-id="${driveId}"]`);
  await design.getByTestId('drive-menu').click();
  await page.getByRole('menu').getByTestId('drive-style').click();
  await page.getByTestId('drive-color-4986e7').click();
  await expect.poll(async () => (await drives(app))[0]?.colorRgb).toBe('#4986e7');
  // A theme is offered by its name as people read it, not by its id.
  await design.getByTestId('drive-menu').click();
  await page.getByRole('menu').getByTestId('drive-style').click();
  await page.getByTestId('drive-style-dialog').getByRole('button', { name: 'Beach ball theme' }).click();
  await expect.poll(async () => (await drives(app))[0]?.colorRgb).toBe('#f691b2');

  // Members: bob as content manager.
  await design.getByTestId('drive-menu').click();
  await page.getByRole('menu').getByTestId('drive-members').click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByTestId('share-email').fill(app.bob.email);
  // A drive's roles say what each allows, as Drive's member menu does.
  await dialog.getByTestId('share-role').click();
  await expect(page.getByRole('menu', { name: 'Role' }).getByRole('menuitemradio')).toHaveText([
    'ViewerView files',
    'CommenterComment on files',
    'ContributorAdd and edit files',
    'Content managerAdd, edit, move and delete files',
    'ManagerManage content, members and settings',
  ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await chooseValue(dialog.getByTestId('share-role'), 'fileOrganizer');
  await dialog.getByTestId('share-submit').click();
  await expect(dialog.locator('[data-testid="permission-row"][data-email="bob@atrium.local"]')).toHaveAttribute(
    'data-role',
    'fileOrganizer',
  );
  await dialog.getByTestId('share-done').click();
  expect((await drives(app, app.bob.token)).map((d) => d.name)).toEqual(['Design']);

  // A file inside: the drive cannot be deleted, and the reason is given.
  await design.getByTestId('drive-open').click();
  await expect(page.getByTestId('files-current-folder')).toHaveText('Design');
  await dropFiles(page, page.getByTestId('files-drop-zone'), [
    { name: 'brief.txt', type: 'text/plain', content: 'brief' },
  ]);
  await expect(row(page, 'brief.txt')).toBeVisible();
  const [brief] = await listFiles(app, `'${driveId}' in parents`);
  expect(brief?.name).toBe('brief.txt');

  await page.getByTestId('breadcrumb-sharedDrives').click();
  await design.getByTestId('drive-menu').click();
  await page.getByRole('menu').getByTestId('drive-delete').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'only an empty drive can be deleted' })).toBeVisible();
  expect(await drives(app)).toHaveLength(1);

  // Hide and unhide.
  await design.getByTestId('drive-menu').click();
  await page.getByRole('menu').getByTestId('drive-hide').click();
  await expect(design).toHaveCount(0);
  await expect.poll(async () => (await drives(app))[0]?.hidden).toBe(true);
  await page.getByTestId('show-hidden-drives').check();
  await design.getByTestId('drive-menu').click();
  await page.getByRole('menu').getByTestId('drive-unhide').click();
  await expect.poll(async () => (await drives(app))[0]?.hidden).toBe(false);

  // Once its content is in the trash, the drive can go.
  await design.getByTestId('drive-open').click();
  await row(page, 'brief.txt').click();
  await page.getByTestId('action-trash').click();
  await expect.poll(async () => (await getFile(app, brief!.id)).trashed).toBe(true);
  await page.getByTestId('breadcrumb-sharedDrives').click();
  await design.getByTestId('drive-menu').click();
  await page.getByRole('menu').getByTestId('drive-delete').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('files-empty')).toBeVisible();
  await expect.poll(async () => (await drives(app)).length).toBe(0);
});

test('stars and colors folders, switches to the grid, finds them in Starred and Recent, and follows a link to a file', async ({
  page,
  app,
}) => {
  const folder = await createFolder(app, 'Photos');
  await createFile(
    app,
    'tiny.svg',
    '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>',
    'root',
    'image/svg+xml',
  );
  // Said to be a PNG, but not one: its tile shows the image glyph, not a broken picture.
  await createFile(app, 'broken.png', 'not really a png', 'root', 'image/png');
  const album = await createFolder(app, 'Album', folder.id);
  const deep = await createFile(app, 'deep.txt', 'deep inside', album.id);
  // The page's IPC socket, to push what the core pushes when a deep link is opened.
  let host: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
    socket.connectToServer();
    host = socket;
  });
  await page.reload();
  await openFiles(page);

  await row(page, 'Photos').click();
  await page.getByTestId('action-more').click();
  await page.getByTestId('action-star').click();
  await expect(row(page, 'Photos').getByTestId('starred-badge')).toBeVisible();
  await expect.poll(async () => (await getFile(app, folder.id)).starred).toBe(true);

  await page.getByTestId('action-more').click();
  await page.getByTestId('action-color').click();
  await page.getByTestId('color-16a765').click();
  await expect.poll(async () => (await getFile(app, folder.id)).folderColorRgb).toBe('#16a765');

  await page.getByTestId('view-grid').click();
  await expect(page.getByTestId('file-list')).toHaveClass(/file-collection__scroller/);
  await expect(row(page, 'tiny.svg').locator('img')).toBeVisible();
  await expect(row(page, 'broken.png').locator('.file-icon--image').last()).toBeVisible();
  await expect(row(page, 'broken.png').locator('img')).toHaveCount(0);
  await expect(row(page, 'Photos')).toBeVisible();

  await page.getByTestId('place-starred').click();
  await expect(page.getByTestId('file-row')).toHaveText([/Photos/]);
  await page.getByTestId('place-recent').click();
  await expect(row(page, 'tiny.svg')).toBeVisible();
  await expect(row(page, 'Photos')).toHaveCount(0);

  // A link to a file (atrium://file/...) from another view opens its folder with the file selected.
  await page.getByTestId('nav-calendar').click();
  host!.send(JSON.stringify({ type: 'event', event: { type: 'navigate', route: { kind: 'file', fileId: deep.id } } }));
  await expect(page.getByTestId('files-current-folder')).toHaveText('Album');
  await expect(page.getByTestId('files-breadcrumbs')).toContainText('Photos');
  await expect(row(page, 'deep.txt')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('details-title')).toHaveText('deep.txt');
});

test('an item trashed in a shared drive is in the Trash, with the drive as its place; Restore and Empty trash reach it', async ({
  page,
  app,
}) => {
  const drive = await serviceRequest<{ id: string }>(app, 'POST', '/drive/v3/drives?requestId=trash-e2e', {
    name: 'Marketing',
  });
  const brief = await serviceRequest<{ id: string }>(app, 'POST', '/drive/v3/files?supportsAllDrives=true', {
    name: 'brief.txt',
    mimeType: 'text/plain',
    parents: [drive.id],
  });
  await serviceRequest<{ id: string }>(app, 'POST', '/drive/v3/files?supportsAllDrives=true', {
    name: 'notes.txt',
    mimeType: 'text/plain',
  });
  const inDrive = async () =>
    (
      await serviceGet<{ files?: { name: string; trashed: boolean }[] }>(
        app,
        `/drive/v3/files?supportsAllDrives=true&includeItemsFromAllDrives=true&corpora=allDrives&fields=files(name,trashed)&q=${encodeURIComponent('trashed = true or trashed = false')}`,
      )
    ).files ?? [];

  await openFiles(page);
  await page.getByTestId('place-sharedDrives').click();
  await page.getByTestId('drive-card').filter({ hasText: 'Marketing' }).getByTestId('drive-open').click();
  await row(page, 'brief.txt').click();
  await page.keyboard.press('Delete');
  await expect(row(page, 'brief.txt')).toHaveCount(0);
  await page.getByTestId('place-myDrive').click();
  await row(page, 'notes.txt').click();
  await page.keyboard.press('Delete');
  await expect(row(page, 'notes.txt')).toHaveCount(0);

  await page.getByTestId('place-trash').click();
  await expect(row(page, 'brief.txt').getByTestId('trash-location')).toHaveText('Marketing');
  await expect(row(page, 'notes.txt').getByTestId('trash-location')).toHaveText('My Drive');

  // Restore puts it back in its drive.
  await row(page, 'brief.txt').click();
  await page.getByTestId('action-restore').click();
  await expect(row(page, 'brief.txt')).toHaveCount(0);
  await expect.poll(async () => (await inDrive()).find((f) => f.name === 'brief.txt')?.trashed).toBe(false);

  // Trashed again, Empty trash deletes it with My Drive's trash.
  await serviceRequest(app, 'PATCH', `/drive/v3/files/${brief.id}?supportsAllDrives=true`, { trashed: true });
  await page.reload();
  await expect(row(page, 'brief.txt')).toBeVisible();
  await page.getByTestId('empty-trash').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('files-empty')).toBeVisible();
  await expect.poll(async () => (await inDrive()).map((f) => f.name)).toEqual([]);
});

test('the only Manager of a shared drive cannot make themself less: the dialog says why in its words and keeps the role', async ({
  page,
  app,
}) => {
  const drive = await serviceRequest<{ id: string }>(app, 'POST', '/drive/v3/drives?requestId=last-manager', {
    name: 'Research',
  });
  const myRole = async () =>
    (
      await serviceGet<{ permissions?: { role: string; emailAddress?: string }[] }>(
        app,
        `/drive/v3/files/${drive.id}/permissions?supportsAllDrives=true&fields=permissions(role,emailAddress)`,
      )
    ).permissions?.find((p) => p.emailAddress === app.localUser.email)?.role;
  await openFiles(page);
  await page.getByTestId('place-sharedDrives').click();
  const card = page.getByTestId('drive-card').filter({ hasText: 'Research' });
  await card.getByTestId('drive-menu').click();
  await page.getByRole('menu').getByTestId('drive-members').click();
  const me = page
    .getByTestId('share-dialog')
    .locator(`[data-testid="permission-row"][data-email="${app.localUser.email}"]`);

  await chooseValue(me.getByTestId('permission-role'), 'reader');
  await expect(me.getByTestId('permission-error')).toHaveText(
    'A shared drive needs at least one Manager. Make someone else a Manager first.',
  );
  await expect(me.getByTestId('permission-role')).toHaveAttribute('data-value', 'organizer');
  expect(await myRole()).toBe('organizer');
  await checkScreens(page, 'files-drive-last-manager', async () => {
    await me.getByTestId('permission-error').scrollIntoViewIfNeeded();
    await expectInWindow(page, me.getByTestId('permission-error'));
  });
});

test('moving into or out of a shared drive asks first, as Drive does: who can open the item changes', async ({
  page,
  app,
}) => {
  const drive = await serviceRequest<{ id: string }>(app, 'POST', '/drive/v3/drives?requestId=move-ask', {
    name: 'Engineering',
  });
  const plan = await createFile(app, 'plan.txt', 'the plan');
  const placeOf = (id: string) =>
    serviceGet<{ parents?: string[]; driveId?: string }>(
      app,
      `/drive/v3/files/${id}?supportsAllDrives=true&fields=parents,driveId`,
    );
  await openFiles(page);

  // My Drive → Engineering, from the move dialog: asked, and Cancel moves nothing.
  const chooseTarget = async () => {
    await row(page, 'plan.txt').click({ button: 'right' });
    await page.getByTestId('file-context-menu').getByTestId('menu-move').hover();
    await page.getByTestId('menu-move-choose').click();
    const dialog = page.getByTestId('move-dialog');
    await dialog.getByTestId('move-dialog-up').click();
    await dialog.getByTestId('move-dialog-place').filter({ hasText: 'Engineering' }).click();
    await expect(dialog.getByTestId('move-dialog-here')).toHaveText('Engineering');
    await dialog.getByTestId('move-dialog-submit').click();
  };
  await chooseTarget();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('heading')).toHaveText('Move to “Engineering”?');
  await expect(confirm).toContainText(
    '“plan.txt” will belong to the shared drive “Engineering”: its members will get access to it.',
  );
  // Not a destructive step: the button is the ordinary primary one.
  await expect(confirm.getByTestId('confirm-dialog-confirm')).toHaveText('Move');
  await expect(confirm.getByTestId('confirm-dialog-confirm')).not.toHaveClass(/button--danger/);
  await checkScreens(page, 'files-move-into-shared-drive', async () => {
    await expectInWindow(page, confirm.getByTestId('confirm-dialog-confirm'));
  });
  await expectAxeCleanInBothSchemes(page, 'move into a shared drive');
  await confirm.getByTestId('confirm-dialog-cancel').click();
  await expect(confirm).toBeHidden();
  expect((await placeOf(plan.id)).driveId).toBeUndefined();

  await chooseTarget();
  await confirm.getByTestId('confirm-dialog-confirm').click();
  await expect.poll(async () => (await placeOf(plan.id)).driveId).toBe(drive.id);
  await expect(row(page, 'plan.txt')).toHaveCount(0);

  // Engineering → My Drive, from the menu's quick targets: asked too, in the drive's words.
  await page.getByTestId('place-sharedDrives').click();
  await page.getByTestId('drive-card').filter({ hasText: 'Engineering' }).getByTestId('drive-open').click();
  await row(page, 'plan.txt').click({ button: 'right' });
  await page.getByTestId('file-context-menu').getByTestId('menu-move').hover();
  await page.getByTestId('menu-move-root').click();
  await expect(confirm.getByRole('heading')).toHaveText('Move out of “Engineering”?');
  await expect(confirm).toContainText(
    'Members of “Engineering” will lose the access that drive gave them to “plan.txt”.',
  );
  await confirm.getByTestId('confirm-dialog-confirm').click();
  await expect.poll(async () => (await placeOf(plan.id)).driveId ?? null).toBeNull();
  await expect(row(page, 'plan.txt')).toHaveCount(0);
});
