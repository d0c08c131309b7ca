import { Temporal } from 'temporal-polyfill';
import { expect, saveScreenshot, serviceRequest, test } from './fixtures';
import { contentOf, createFile, createFolder, getFile, listFiles, openFiles, row } from './files-helpers';
import { chooseValue } from './choice-menu';
import { checkScreens, expectInWindow, expectNotCut } from './files-screens';
import { screenshotVariants } from './screens';
import { expectAxeCleanInBothSchemes } from './axe';

function dateFromToday(days: number, timeZone: string): string {
  return Temporal.Now.plainDateISO(timeZone).add({ days }).toString();
}

test('the sharing dialog shows each person whole and keeps its buttons in reach at every size', async ({
  page,
  app,
  timezoneId,
}) => {
  await page.setViewportSize({ width: 1360, height: 860 });
  await createFile(app, 'Roadmap.txt', 'plans');
  await openFiles(page);
  await row(page, 'Roadmap.txt').click();
  await page.getByTestId('action-share').click();
  const dialog = page.getByTestId('share-dialog');

  await dialog.getByTestId('share-email').pressSequentially('bob@example.com');
  await chooseValue(dialog.getByTestId('share-role'), 'writer');
  await dialog.getByTestId('share-expiration').fill(dateFromToday(30, timezoneId ?? 'UTC'));
  await dialog.getByTestId('share-submit').click();
  const bob = dialog.locator('[data-testid="permission-row"][data-email="bob@example.com"]');
  await expect(bob).toHaveAttribute('data-role', 'writer');
  await expect(bob.getByTestId('permission-expiration')).toHaveAttribute(
    'data-value',
    dateFromToday(30, timezoneId ?? 'UTC'),
  );
  const me = dialog.locator(`[data-testid="permission-row"][data-email="${app.localUser.email}"]`);

  await checkScreens(page, 'files-share-dialog', async () => {
    await bob.getByTestId('permission-role').scrollIntoViewIfNeeded();
    await expectNotCut(bob.getByTestId('permission-name'));
    await expect(bob.getByTestId('permission-name')).toHaveText('bob@example.com');
    await expectNotCut(me.getByTestId('permission-email'));
    await expectInWindow(page, dialog.getByTestId('copy-link'));
    await expectInWindow(page, dialog.getByTestId('share-done'));
    await expectInWindow(page, bob.getByTestId('permission-role'));
  });

  // 700 px high: the body scrolls to the last section while the footer stays put.
  await page.setViewportSize({ width: 1360, height: 700 });
  const body = dialog.getByTestId('share-body');
  await body.hover();
  await page.mouse.wheel(0, 2000);
  await expect(dialog.getByTestId('general-kind')).toBeInViewport();
  await expectInWindow(page, dialog.getByTestId('share-done'));
  await dialog.getByTestId('share-done').click();
  await expect(dialog).toHaveCount(0);
});

test('the sharing dialog opens on who has access and the general access; the role, expiration and note come with an address', async ({
  page,
  app,
}) => {
  await createFile(app, 'Plan.txt', 'plans');
  await openFiles(page);
  await row(page, 'Plan.txt').click();
  await page.getByTestId('action-share').click();
  const dialog = page.getByTestId('share-dialog');
  const me = dialog.locator(`[data-testid="permission-row"][data-email="${app.localUser.email}"]`);
  await expect(me).toBeVisible();
  const composeControls = ['share-type', 'share-role', 'share-expiration', 'share-notify', 'share-message'];

  await checkScreens(page, 'files-share-dialog-opened', async () => {
    for (const id of composeControls) await expect(dialog.getByTestId(id)).toHaveCount(0);
    await expectInWindow(page, dialog.getByTestId('share-email'));
    await expectInWindow(page, me);
    await expectInWindow(page, dialog.getByTestId('general-kind'));
    await expectInWindow(page, dialog.getByTestId('share-done'));
  });

  await dialog.getByTestId('share-email').fill(app.bob.email);
  for (const id of composeControls) await expect(dialog.getByTestId(id)).toBeVisible();
  await checkScreens(page, 'files-share-dialog-adding', async () => {
    await expectInWindow(page, dialog.getByTestId('share-done'));
  });
  await dialog.getByTestId('share-email').fill('');
  await expect(dialog.getByTestId('share-role')).toHaveCount(0);
  await expectInWindow(page, dialog.getByTestId('general-kind'));
});

test('Copy link copies an atrium:// link for a local file and says where it opens', async ({ page, app }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const file = await createFile(app, 'Budget notes.txt', 'numbers');
  await openFiles(page);
  await row(page, 'Budget notes.txt').click();
  await page.getByTestId('action-share').click();
  await page.getByTestId('share-dialog').getByTestId('copy-link').click();
  await expect(page.getByTestId('toast')).toContainText('Link copied. It opens this file in Atrium on this computer.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^atrium://file/${file.id}(\\?account=[^&]+)?$`));
  expect(copied).not.toContain('127.0.0.1');
  // The toast shows over the dialog's backdrop, not under it, and takes a click there.
  const toast = page.getByTestId('toast');
  const box = (await toast.boundingBox())!;
  const onTop = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[data-testid="toast"]'), {
    x: box.x + 24,
    y: box.y + box.height / 2,
  });
  expect(onTop).toBe(true);
  await saveScreenshot(page, 'files-copy-link-toast');
  await toast.getByTestId('toast-dismiss').click();
  await expect(toast).toHaveCount(0);
  await expect(page.getByTestId('share-dialog')).toBeVisible();
});

test('Details opens as a side sheet over the list at 1360 px, names stay whole, Escape closes it', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1360, height: 860 });
  await createFile(app, 'Meeting notes for the quarterly planning.txt', 'agenda');
  await createFile(app, 'photo-of-the-whiteboard-after-the-workshop.png', 'png', 'root', 'image/png');
  await openFiles(page);
  const name = row(page, 'Meeting notes for the quarterly planning.txt').getByTestId('file-name');
  const listWidth = (await page.getByTestId('files-drop-zone').boundingBox())!.width;
  // With room, the toolbar's buttons say what they do; beside the sheet at 1024 px, icons named as much.
  await expect(page.getByTestId('new-folder')).toHaveText('New folder');
  await expect(page.getByTestId('upload-menu')).toHaveText('Upload');
  await row(page, 'Meeting notes for the quarterly planning.txt').click();
  await page.getByTestId('toggle-details').click();
  const panel = page.getByTestId('details-panel');
  await expect(panel).toBeVisible();
  // The list keeps its width (the panel lies over it) and the names are shown whole.
  expect((await page.getByTestId('files-drop-zone').boundingBox())!.width).toBe(listWidth);
  await expectNotCut(name);
  await expectNotCut(row(page, 'photo-of-the-whiteboard-after-the-workshop.png').getByTestId('file-name'));
  await checkScreens(page, 'files-details-sheet', async ({ width }) => {
    await expectInWindow(page, panel.getByTestId('details-close'));
    // Beside the sheet, the search, the toolbar and the selection bar keep to its left: none is under it.
    if (width > 900) {
      const left = (await panel.boundingBox())!.x;
      for (const id of ['search-input', 'toggle-details', 'action-trash', 'action-more']) {
        const box = (await page.getByTestId(id).boundingBox())!;
        expect(box.x + box.width, `${id} at ${width} px`).toBeLessThanOrEqual(left);
      }
      // The toolbar and the selection bar each stay one line: their buttons show icons alone there.
      const middle = async (id: string) => {
        const box = (await page.getByTestId(id).boundingBox())!;
        return box.y + box.height / 2;
      };
      const line = await middle('new-folder');
      for (const id of ['upload-menu', 'view-list', 'toggle-details']) {
        expect(Math.abs((await middle(id)) - line), `${id} on the toolbar's line at ${width} px`).toBeLessThan(2);
      }
      expect((await page.getByTestId('selection-bar').boundingBox())!.height).toBeLessThan(50);
      if (width < 1100) {
        await expect(page.getByTestId('new-folder')).toHaveText('');
        await expect(page.getByTestId('new-folder')).toHaveAccessibleName('New folder');
        await expect(page.getByTestId('upload-menu')).toHaveAccessibleName('Upload');
      }
    }
  });
  // An icon is named by its tooltip on hover, as its accessible name says.
  await page.getByTestId('action-trash').hover();
  await expect(page.getByTestId('tip')).toHaveText('Move to trash (Del)');
  await expect(page.getByTestId('action-trash')).toHaveAccessibleName('Move to trash');
  await page.getByTestId('action-share').hover();
  await expect(page.getByTestId('tip')).toHaveText('Share (.)');
  await saveScreenshot(page, 'files-selection-tooltip');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(row(page, 'Meeting notes for the quarterly planning.txt')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('toggle-details').click();
  await panel.getByTestId('details-close').click();
  await expect(panel).toHaveCount(0);
});

test('rename selects the name without its extension; a drag carries a count badge and lights only the folder', async ({
  page,
  app,
}) => {
  await createFolder(app, 'Archive');
  const a = await createFile(app, 'report.final.txt', 'a');
  const b = await createFile(app, 'summary.txt', 'b');
  await openFiles(page);

  // F2: "report.final" is selected, so typing replaces it and keeps ".txt".
  await row(page, 'report.final.txt').click();
  await page.keyboard.press('F2');
  const input = page.getByTestId('rename-dialog-input');
  await expect(input).toBeFocused();
  expect(await input.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 12]);
  await saveScreenshot(page, 'files-rename-selection');
  await page.keyboard.type('Q3 report');
  await page.keyboard.press('Enter');
  await expect(row(page, 'Q3 report.txt')).toBeVisible();
  await expect.poll(async () => (await getFile(app, a.id)).name).toBe('Q3 report.txt');

  // Two selected files dragged with real pointer moves onto the folder.
  await row(page, 'Q3 report.txt').click();
  await row(page, 'summary.txt').click({ modifiers: ['Control'] });
  const from = (await row(page, 'summary.txt').boundingBox())!;
  const to = (await row(page, 'Archive').boundingBox())!;
  await page.mouse.move(from.x + 60, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 80, from.y + from.height / 2 + 10, { steps: 4 });
  await page.mouse.move(to.x + 80, to.y + to.height / 2, { steps: 8 });
  await expect(page.getByTestId('drag-image')).toContainText('2 items');
  await expect(row(page, 'Archive')).toHaveClass(/is-drop-target/);
  await expect(page.getByTestId('files-drop-zone')).not.toHaveClass(/is-drop-target/);
  await expect(page.locator('.is-drop-target')).toHaveCount(1);
  await saveScreenshot(page, 'files-drag-two-items');
  await page.mouse.up();
  await expect(page.getByTestId('drag-image')).toHaveCount(0);
  await expect(row(page, 'summary.txt')).toHaveCount(0);
  const archiveId = (await listFiles(app, "name = 'Archive'"))[0]!.id;
  await expect.poll(async () => (await getFile(app, b.id)).parents).toEqual([archiveId]);
  await expect.poll(async () => (await getFile(app, a.id)).parents).toEqual([archiveId]);
});

test('a shared drive card’s colour bar spans the whole card, menu included', async ({ page, app }) => {
  const drive = await serviceRequest<{ id: string }>(app, 'POST', '/drive/v3/drives?requestId=bar-1', {
    name: 'Design team',
  });
  await serviceRequest(app, 'PATCH', `/drive/v3/drives/${drive.id}`, { colorRgb: '#4986e7' });
  await openFiles(page);
  await page.getByTestId('place-sharedDrives').click();
  const card = page.getByTestId('drive-card').filter({ hasText: 'Design team' });
  await expect(card).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  const barBox = (await card.getByTestId('drive-card-bar').boundingBox())!;
  expect(Math.abs(barBox.x - cardBox.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(barBox.x + barBox.width - (cardBox.x + cardBox.width))).toBeLessThanOrEqual(1);
  expect(Math.abs(barBox.y - cardBox.y)).toBeLessThanOrEqual(1);
  // "New shared drive" sits with the page's title, as "New folder" does; the cards follow the header
  // with no empty selection strip between (nothing is selected here), and Details is not offered.
  const title = (await page.getByRole('heading', { name: 'Shared drives' }).boundingBox())!;
  const create = (await page.getByTestId('new-drive').boundingBox())!;
  expect(Math.abs(create.y + create.height / 2 - (title.y + title.height / 2))).toBeLessThanOrEqual(4);
  expect(cardBox.y - (title.y + title.height)).toBeLessThan(40);
  await expect(page.getByTestId('toggle-details')).toHaveCount(0);
  await checkScreens(page, 'files-drive-card');
});

test('search looks inside files: "Q2" finds the spreadsheet that mentions it', async ({ page, app }) => {
  await createFile(app, 'budget.csv', 'Quarter,Amount\nQ1,1000\nQ2,1200\n', 'root', 'text/csv');
  await createFile(app, 'notes.txt', 'nothing about quarters here');
  await createFile(app, 'Q2 plan.txt', 'named after it');
  await openFiles(page);
  await page.getByTestId('search-input').click();
  await page.keyboard.type('Q2');
  await expect(page.getByTestId('files-current-folder')).toHaveText('Search results');
  await expect(row(page, 'budget.csv')).toBeVisible();
  await expect(row(page, 'Q2 plan.txt')).toBeVisible();
  await expect(row(page, 'notes.txt')).toHaveCount(0);
  await expect(page.getByTestId('file-row')).toHaveCount(2);
  // Results come by relevance: no column claims to order them, and none offers to.
  await expect(page.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort', /.+/);
  await expect(page.getByTestId('sort-name')).toHaveCount(0);
  // One way to clear the search: the Clear button, not also the field's own ×.
  await expect(page.getByTestId('search-clear')).toBeVisible();
  const field = page.getByTestId('search-input');
  const box = (await field.boundingBox())!;
  await page.mouse.click(box.x + box.width - 20, box.y + box.height / 2);
  await expect(field).toHaveValue('Q2');
  await saveScreenshot(page, 'files-search-full-text');
});

test('the Trash shows when each item was trashed and where from; Restore puts it back there', async ({ page, app }) => {
  const projects = await createFolder(app, 'Projects');
  const plan = await createFile(app, 'plan.txt', 'steps', projects.id);
  await createFile(app, 'loose.txt', 'top level');
  await openFiles(page);
  await row(page, 'Projects').dblclick();
  await row(page, 'plan.txt').click();
  await page.keyboard.press('Delete');
  await expect(row(page, 'plan.txt')).toHaveCount(0);
  await page.getByTestId('breadcrumb-root').click();
  await row(page, 'loose.txt').click();
  await page.keyboard.press('Delete');
  await expect(row(page, 'loose.txt')).toHaveCount(0);

  await page.getByTestId('place-trash').click();
  await expect(page.getByTestId('files-current-folder')).toHaveText('Trash');
  await expect(row(page, 'plan.txt').getByTestId('trash-location')).toHaveText('My Drive › Projects');
  await expect(row(page, 'loose.txt').getByTestId('trash-location')).toHaveText('My Drive');
  await expect(row(page, 'plan.txt').getByTestId('trashed-time')).toHaveText(/^\d{1,2}:\d{2}\s?[AP]M$/);
  await expect(page.getByRole('columnheader', { name: 'Original location' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Trashed' })).toBeVisible();
  await checkScreens(page, 'files-trash', async () => {
    await expectNotCut(row(page, 'plan.txt').getByTestId('file-name'));
    await expect(row(page, 'plan.txt').getByTestId('trash-location')).toBeVisible();
  });

  await row(page, 'plan.txt').click();
  await page.getByTestId('action-restore').click();
  await expect(row(page, 'plan.txt')).toHaveCount(0);
  await expect.poll(async () => (await getFile(app, plan.id)).trashed).toBe(false);
  expect((await getFile(app, plan.id)).parents).toEqual([projects.id]);
  await page.getByTestId('place-myDrive').click();
  await row(page, 'Projects').dblclick();
  await expect(row(page, 'plan.txt')).toBeVisible();
});

test('right-click and Shift+F10 open the same menu on files and folders', async ({ page, app }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const archive = await createFolder(app, 'Archive');
  const notes = await createFile(app, 'notes.txt', 'words');
  const draft = await createFile(app, 'draft.txt', 'more words');
  await openFiles(page);

  // Right-click a file: the menu offers its actions; Star stars it.
  await row(page, 'notes.txt').click({ button: 'right' });
  const menu = page.getByTestId('file-context-menu');
  await expect(menu).toBeVisible();
  for (const id of ['menu-open', 'menu-download', 'menu-share', 'menu-copy-link', 'menu-rename', 'menu-move']) {
    await expect(menu.getByTestId(id)).toBeVisible();
  }
  await expect(row(page, 'notes.txt')).toHaveAttribute('aria-selected', 'true');
  // Opened afresh at each window size (as a person would), near the right edge: it stays inside the window.
  await checkScreens(page, 'files-context-menu', async ({ width }) => {
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    const box = (await row(page, 'notes.txt').boundingBox())!;
    await page.mouse.click(Math.min(box.x + box.width - 20, width - 20), box.y + box.height / 2, { button: 'right' });
    await expect(menu).toBeVisible();
    await expectInWindow(page, menu);
  });
  await menu.getByTestId('menu-star').click();
  await expect.poll(async () => (await getFile(app, notes.id)).starred).toBe(true);

  // Copy link from the menu.
  await row(page, 'notes.txt').click({ button: 'right' });
  await menu.getByTestId('menu-copy-link').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`atrium://file/${notes.id}`);

  // Move to… a folder of the listing, through the submenu.
  await row(page, 'draft.txt').click({ button: 'right' });
  await menu.getByTestId('menu-move').hover();
  await page.getByTestId(`menu-move-${archive.id}`).click();
  await expect(row(page, 'draft.txt')).toHaveCount(0);
  await expect.poll(async () => (await getFile(app, draft.id)).parents).toEqual([archive.id]);

  // A folder: Rename from its menu.
  await row(page, 'Archive').click({ button: 'right' });
  await expect(menu.getByTestId('menu-download')).toHaveCount(0);
  await menu.getByTestId('menu-rename').click();
  await expect(page.getByTestId('rename-dialog-input')).toHaveValue('Archive');
  await page.keyboard.press('Escape');

  // From the keyboard: Shift+F10 on the focused row, End to the last action (Move to trash), Enter.
  await row(page, 'notes.txt').click();
  await page.keyboard.press('Shift+F10');
  await expect(menu).toBeVisible();
  await page.keyboard.press('End');
  await expect(menu.getByTestId('menu-trash')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(row(page, 'notes.txt')).toHaveCount(0);
  await expect.poll(async () => (await getFile(app, notes.id)).trashed).toBe(true);
  await expect(page.getByTestId('file-list')).toBeFocused();
});

test('the menu of a file offers Make a copy, which copies it beside it; a folder’s menu does not', async ({
  page,
  app,
}) => {
  const budget = await createFile(app, 'budget.txt', 'numbers');
  await createFolder(app, 'Receipts');
  await openFiles(page);

  await row(page, 'Receipts').click({ button: 'right' });
  const menu = page.getByTestId('file-context-menu');
  await expect(menu.getByTestId('menu-rename')).toBeVisible();
  await expect(menu.getByTestId('menu-copy')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await row(page, 'budget.txt').click({ button: 'right' });
  await checkScreens(page, 'files-context-menu-copy', async ({ width }) => {
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    const box = (await row(page, 'budget.txt').boundingBox())!;
    await page.mouse.click(Math.min(box.x + box.width - 20, width - 20), box.y + box.height / 2, { button: 'right' });
    await expect(menu.getByTestId('menu-copy')).toHaveText('Make a copy');
    await expectInWindow(page, menu);
  });
  await menu.getByTestId('menu-copy').click();
  await expect(row(page, 'Copy of budget.txt')).toBeVisible();
  const copies = await listFiles(app, "name = 'Copy of budget.txt' and trashed = false");
  expect(copies).toHaveLength(1);
  expect(copies[0]!.parents).toEqual((await getFile(app, budget.id)).parents);
  expect(await contentOf(app, copies[0]!.id)).toBe('numbers');
});

test('a folder opened with Enter keeps the keyboard in the list: the arrows go on in the folder', async ({
  page,
  app,
}) => {
  const projects = await createFolder(app, 'Projects');
  await createFile(app, 'plan.txt', 'steps', projects.id);
  await createFile(app, 'loose.txt', 'top level');
  await openFiles(page);
  await row(page, 'Projects').click();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('files-current-folder')).toHaveText('Projects');
  await expect(row(page, 'plan.txt')).toBeVisible();
  await expect(page.getByTestId('file-list')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'plan.txt')).toHaveAttribute('aria-selected', 'true');
});

test('Move to › Choose a folder… walks to any folder, one level up included; the folder an item is in is not offered', async ({
  page,
  app,
}) => {
  const projects = await createFolder(app, 'Projects');
  const q4 = await createFolder(app, 'Q4 Planning', projects.id);
  const roadmap = await createFile(app, 'Roadmap.md', '# Roadmap', q4.id);
  const photos = await createFolder(app, 'Photos');
  const trips = await createFolder(app, 'Trips', photos.id);
  const loose = await createFile(app, 'loose.txt', 'top level');
  await openFiles(page);

  // At My Drive's top, "My Drive" is not offered to a file already there.
  await row(page, 'loose.txt').click({ button: 'right' });
  const menu = page.getByTestId('file-context-menu');
  await menu.getByTestId('menu-move').hover();
  await expect(page.getByTestId('menu-move-targets')).toBeVisible();
  await expect(page.getByTestId('menu-move-root')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await row(page, 'Projects').dblclick();
  await row(page, 'Q4 Planning').dblclick();
  await expect(page.getByTestId('files-current-folder')).toHaveText('Q4 Planning');
  await row(page, 'Roadmap.md').click({ button: 'right' });
  await menu.getByTestId('menu-move').hover();
  await page.getByTestId('menu-move-choose').click();
  const dialog = page.getByTestId('move-dialog');
  // It opens where the file is: moving it here changes nothing, so it is not offered.
  await expect(dialog.getByTestId('move-dialog-here')).toHaveText('Q4 Planning');
  await expect(dialog.getByTestId('move-dialog-submit')).toBeDisabled();
  await expect(dialog.getByTestId('move-dialog-submit')).toHaveText('Already here');
  // Up to Projects, up to My Drive, into Photos › Trips.
  await dialog.getByTestId('move-dialog-up').click();
  await expect(dialog.getByTestId('move-dialog-here')).toHaveText('Projects');
  await dialog.getByTestId('move-dialog-up').click();
  await expect(dialog.getByTestId('move-dialog-here')).toHaveText('My Drive');
  await dialog.getByTestId('move-dialog-place').filter({ hasText: 'Photos' }).click();
  await expect(dialog.getByTestId('move-dialog-place')).toHaveText(['Trips›']);
  await checkScreens(page, 'files-move-dialog', async () => {
    await expectInWindow(page, dialog.getByTestId('move-dialog-submit'));
  });
  await dialog.getByTestId('move-dialog-place').filter({ hasText: 'Trips' }).click();
  await expect(dialog.getByTestId('move-dialog-place')).toHaveCount(0);
  await expect(dialog.getByText('No folders here')).toBeVisible();
  await dialog.getByTestId('move-dialog-submit').click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Roadmap.md')).toHaveCount(0);
  await expect.poll(async () => (await getFile(app, roadmap.id)).parents).toEqual([trips.id]);
  await expect(page.getByTestId('toast').filter({ hasText: 'Moved “Roadmap.md”' })).toBeVisible();

  // The same dialog from the selection bar's More actions.
  await page.getByTestId('breadcrumb-root').click();
  await row(page, 'loose.txt').click();
  await page.getByTestId('action-more').click();
  await page.getByTestId('action-move').click();
  await expect(dialog.getByTestId('move-dialog-here')).toHaveText('My Drive');
  await dialog.getByTestId('move-dialog-place').filter({ hasText: 'Projects' }).click();
  await dialog.getByTestId('move-dialog-submit').click();
  await expect.poll(async () => (await getFile(app, loose.id)).parents).toEqual([projects.id]);
});

test('the folder tree opens down to the folder shown, and marks it', async ({ page, app }) => {
  const projects = await createFolder(app, 'Projects');
  const q4 = await createFolder(app, 'Q4 Planning', projects.id);
  await createFolder(app, 'Deep', q4.id);
  await openFiles(page);
  await row(page, 'Projects').dblclick();
  await row(page, 'Q4 Planning').dblclick();
  await expect(page.getByTestId('files-current-folder')).toHaveText('Q4 Planning');
  const tree = page.getByTestId('folder-tree');
  await expect(tree.getByRole('treeitem', { name: 'Projects' }).first()).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByTestId(`tree-${q4.id}`)).toBeVisible();
  await expect(tree.getByTestId(`tree-${q4.id}`)).toHaveClass(/is-current/);
});

test('a right-click in the list’s empty space offers what can be made there: New folder, Upload', async ({
  page,
  app,
}) => {
  await createFile(app, 'notes.txt', 'words');
  await openFiles(page);
  await expect(row(page, 'notes.txt')).toBeVisible();
  const list = (await page.getByTestId('file-list').boundingBox())!;
  await page.mouse.click(list.x + list.width / 2, list.y + list.height - 40, { button: 'right' });
  const menu = page.getByTestId('folder-context-menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['New folder', 'Upload files…', 'Upload a folder…']);
  await expect(page.getByTestId('file-context-menu')).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'New folder' }).click();
  await page.keyboard.type('Drafts');
  await page.keyboard.press('Enter');
  await expect(row(page, 'Drafts')).toHaveAttribute('data-kind', 'folder');
});

test('uploading a file whose name is taken asks first: replace it with a new version, or keep both', async ({
  page,
  app,
}) => {
  const report = await createFile(app, 'report.txt', 'first draft');
  await createFile(app, 'other.txt', 'unrelated');
  await openFiles(page);
  await expect(row(page, 'report.txt')).toBeVisible();

  // Replace (the default): the file there gets the new content as a new version; no second file.
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'report.txt', mimeType: 'text/plain', buffer: Buffer.from('final draft') });
  const dialog = page.getByTestId('upload-conflict-dialog');
  await expect(dialog).toContainText('“report.txt” already exists in “My Drive”.');
  await expect(dialog.getByTestId('upload-conflict-replace')).toBeChecked();
  await checkScreens(page, 'files-upload-conflict', async () => {
    await expectInWindow(page, dialog.getByTestId('upload-conflict-submit'));
  });
  await dialog.getByTestId('upload-conflict-submit').click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => contentOf(app, report.id)).toBe('final draft');
  await expect(row(page, 'report.txt')).toHaveCount(1);

  // Keep all files: a second file of that name.
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'report.txt', mimeType: 'text/plain', buffer: Buffer.from('a copy') });
  await dialog.getByTestId('upload-conflict-keep').check();
  await dialog.getByTestId('upload-conflict-submit').click();
  await expect(row(page, 'report.txt')).toHaveCount(2);
  expect(await contentOf(app, report.id)).toBe('final draft');

  // A name not taken uploads at once, with no question.
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'fresh.txt', mimeType: 'text/plain', buffer: Buffer.from('new') });
  await expect(row(page, 'fresh.txt')).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('opening a file shows it: a picture, a text file; anything else says so and offers Download', async ({
  page,
  app,
}, testInfo) => {
  const png =
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8DwnwEJMDGgCVBHBQBjjQT9YQwZ4QAAAABJRU5ErkJggg==';
  await createFile(app, 'photo.png', Buffer.from(png, 'base64'), 'root', 'image/png');
  await createFile(app, 'notes.txt', 'First line\nSecond line — with words');
  await createFile(app, 'archive.zip', 'PK', 'root', 'application/zip');
  await openFiles(page);

  await row(page, 'notes.txt').dblclick();
  const preview = page.getByTestId('file-preview');
  await expect(preview.getByRole('heading', { name: 'notes.txt' })).toBeVisible();
  await expect(preview.getByTestId('file-preview-text')).toHaveText('First line\nSecond line — with words');
  await screenshotVariants(page, testInfo, 'files-preview-text');
  await expectAxeCleanInBothSchemes(page, 'file previewer, text');
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await expect(row(page, 'notes.txt')).toHaveAttribute('aria-selected', 'true');

  await row(page, 'photo.png').click();
  await page.keyboard.press('Enter');
  const image = preview.getByTestId('file-preview-image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  // Details from the previewer: it closes, and the file's details open.
  await preview.getByTestId('file-preview-details').click();
  await expect(preview).toHaveCount(0);
  await expect(page.getByTestId('details-panel')).toContainText('photo.png');

  await row(page, 'archive.zip').dblclick();
  await expect(preview.getByTestId('file-preview-none')).toContainText('No preview for archive files.');
  await expect(preview.getByTestId('file-preview-none').getByRole('button', { name: 'Download' })).toBeVisible();
  await expectAxeCleanInBothSchemes(page, 'file previewer, no preview');
  await preview.getByTestId('file-preview-close').click();
  await expect(preview).toHaveCount(0);
});

test('Drive’s single keys act on the selection: . shares, n renames, s stars, z moves, i details, v layout, / search, ? lists them', async ({
  page,
  app,
}, testInfo) => {
  const plan = await createFile(app, 'plan.txt', 'plan');
  const budget = await createFile(app, 'budget.txt', 'numbers');
  await openFiles(page);
  await row(page, 'plan.txt').click();

  await page.keyboard.press('s');
  await expect(row(page, 'plan.txt').getByTestId('starred-badge')).toBeVisible();
  await expect.poll(async () => (await getFile(app, plan.id)).starred).toBe(true);
  await page.keyboard.press('s');
  await expect(row(page, 'plan.txt').getByTestId('starred-badge')).toHaveCount(0);
  await expect.poll(async () => (await getFile(app, plan.id)).starred).toBe(false);

  for (const [key, dialog] of [
    ['.', 'share-dialog'],
    ['n', 'rename-dialog'],
    ['z', 'move-dialog'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(page.getByTestId(dialog), `${key} opens ${dialog}`).toBeVisible();
    // A key pressed inside the dialog is the dialog's: no second dialog, nothing starred.
    if (dialog !== 'rename-dialog') await page.keyboard.press('s');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(dialog)).toHaveCount(0);
  }
  expect((await getFile(app, plan.id)).starred).toBe(false);

  await page.keyboard.press('i');
  await expect(page.getByTestId('details-panel')).toBeVisible();
  await expect(page.getByTestId('toggle-details')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('i');
  await expect(page.getByTestId('details-panel')).toHaveCount(0);

  await page.keyboard.press('v');
  await expect(page.getByTestId('view-grid')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('v');
  await expect(page.getByTestId('view-list')).toHaveAttribute('aria-pressed', 'true');

  // "/" goes to the search; typed there, the letters are text.
  await page.keyboard.press('/');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type('n s.');
  await expect(page.getByTestId('search-input')).toHaveValue('n s.');
  await expect(page.getByTestId('rename-dialog')).toHaveCount(0);
  await expect(page.getByTestId('share-dialog')).toHaveCount(0);
  await page.getByTestId('search-input').fill('');

  await row(page, 'budget.txt').click();
  await page.keyboard.press('?');
  const sheet = page.getByTestId('shortcut-sheet');
  await expect(sheet).toBeVisible();
  for (const does of ['Share', 'Star or unstar', 'Search in Drive', 'Show or hide details'])
    await expect(sheet.getByTestId('shortcut-row').filter({ hasText: does }).first()).toBeVisible();
  await screenshotVariants(page, testInfo, 'files-shortcut-sheet');
  await expectAxeCleanInBothSchemes(page, 'files shortcut sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // In the Trash, s stars nothing (the star would show on the row at once).
  await row(page, 'budget.txt').click();
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await getFile(app, budget.id)).trashed).toBe(true);
  await page.getByTestId('place-trash').click();
  await row(page, 'budget.txt').click();
  await page.keyboard.press('s');
  await page.keyboard.press('?');
  await expect(sheet).toBeVisible();
  await expect(row(page, 'budget.txt').getByTestId('starred-badge')).toHaveCount(0);
  expect((await getFile(app, budget.id)).starred).toBe(false);
});

test('the grid shows folders first under “Folders”, files under “Files”, and the arrows keep their column across them', async ({
  page,
  app,
}, testInfo) => {
  await page.setViewportSize({ width: 1360, height: 860 });
  await createFolder(app, 'Projects');
  await createFile(app, 'Budget.csv', 'a,b\n1,2\n', 'root', 'text/csv');
  await createFolder(app, 'Receipts');
  await createFile(app, 'Notes.md', '# Notes', 'root', 'text/markdown');
  await createFile(app, 'Plan.txt', 'plan');
  await openFiles(page);
  await row(page, 'Plan.txt').waitFor();
  await page.getByTestId('view-grid').click();

  const list = page.getByTestId('file-list');
  await expect(page.getByTestId('file-grid-heading')).toHaveText(['Folders', 'Files']);
  await expect(list.getByTestId('file-name')).toHaveText([
    'Projects',
    'Receipts',
    'Budget.csv',
    'Notes.md',
    'Plan.txt',
  ]);
  // Folders are short tiles on one line, without a preview; files keep theirs.
  const folderBox = await row(page, 'Projects').boundingBox();
  const fileBox = await row(page, 'Budget.csv').boundingBox();
  expect(folderBox?.height ?? 0).toBeLessThan(64);
  expect(fileBox?.height ?? 0).toBeGreaterThan(150);
  await expect(row(page, 'Projects').locator('.file-tile__preview')).toHaveCount(0);
  const headings = await page
    .getByTestId('file-grid-heading')
    .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
  expect(headings[1] ?? 0).toBeGreaterThan(folderBox?.y ?? 0);
  expect(headings[1] ?? 0).toBeLessThan(fileBox?.y ?? 0);

  // Down from the second folder goes to the second file (same column), over the "Files" heading; up comes back.
  await row(page, 'Receipts').click();
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'Notes.md')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'Plan.txt')).toHaveAttribute('aria-selected', 'true');
  // From the third column up: the folders' row is shorter, so its last folder.
  await page.keyboard.press('ArrowUp');
  await expect(row(page, 'Receipts')).toHaveAttribute('aria-selected', 'true');
  // Shift+arrows select along the order shown.
  await page.keyboard.press('Shift+ArrowRight');
  await expect(list.locator('[aria-selected="true"]').getByTestId('file-name')).toHaveText(['Receipts', 'Budget.csv']);
  await screenshotVariants(page, testInfo, 'files-grid-sections');
  await expectAxeCleanInBothSchemes(page, 'files grid with sections');
});
