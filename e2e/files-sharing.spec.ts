import type { Locator } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { expect, saveScreenshot, serviceGet, serviceRequest, test, type AtriumApp } from './fixtures';
import { createFile, createFolder, getFile, listFiles, openFiles, row } from './files-helpers';
import { chooseValue, chooseAction } from './choice-menu';
import { checkScreens, expectInWindow } from './files-screens';
import { expectAxeCleanInBothSchemes } from './axe';

interface StoredPermission {
  id: string;
  type: string;
  role: string;
  emailAddress?: string;
  expirationTime?: string;
  allowFileDiscovery?: boolean;
}

async function permissions(app: AtriumApp, fileId: string): Promise<StoredPermission[]> {
  const page = await serviceGet<{ permissions?: StoredPermission[] }>(
    app,
    `/drive/v3/files/${fileId}/permissions?fields=permissions(id,type,role,emailAddress,expirationTime,allowFileDiscovery)`,
  );
  return page.permissions ?? [];
}

async function bobsGrant(app: AtriumApp, fileId: string): Promise<StoredPermission | undefined> {
  return (await permissions(app, fileId)).find((p) => p.emailAddress === app.bob.email);
}

/**
 * `YYYY-MM-DD`, `days` from today as the browser sees it (the date field's format). The page runs in the
 * test's time zone, which is on another date than this process for a few hours each day.
 */
function dateFromToday(days: number, timeZone = 'UTC'): string {
  return Temporal.Now.plainDateISO(timeZone).add({ days }).toString();
}

function bobRow(dialog: Locator): Locator {
  return dialog.locator('[data-testid="permission-row"][data-email="bob@atrium.local"]');
}

test('link access changed twice in a row acts on the grant the service holds, while permission lists are slow to arrive', async ({
  page,
  app,
}) => {
  const folder = await createFolder(app, 'Slow lists');
  // Every read of a permission list reaches the page 600 ms late: a change's refresh lands long after the change.
  await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      const late = typeof message === 'string' && message.includes('"kind":"drive#permissionList"');
      setTimeout(() => socket.send(message), late ? 600 : 0);
    });
  });
  await openFiles(page);
  await row(page, 'Slow lists').click();
  await page.getByTestId('action-share').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByTestId('permission-row')).toHaveCount(1);

  await chooseValue(dialog.getByTestId('general-kind'), 'anyone');
  // Findable in search: the link grant is replaced by one that says so (a new id).
  await dialog.getByTestId('general-discoverable').check();
  await chooseValue(dialog.getByTestId('general-kind'), 'restricted');
  await expect.poll(async () => (await permissions(app, folder.id)).some((p) => p.type === 'anyone')).toBe(false);
  await expect(dialog.getByTestId('general-error')).toHaveCount(0);
  await expect(dialog.getByTestId('general-kind')).toHaveAttribute('data-value', 'restricted');
});

test('roles and link access are chosen from menus, by pointer or keys, each saying what it means', async ({
  page,
  app,
}) => {
  const file = await createFile(app, 'Budget.txt', 'numbers');
  await serviceRequest(app, 'POST', `/drive/v3/files/${file.id}/permissions?sendNotificationEmail=false`, {
    type: 'user',
    role: 'reader',
    emailAddress: app.bob.email,
  });
  await openFiles(page);
  await row(page, 'Budget.txt').click();
  await page.getByTestId('action-share').click();
  const dialog = page.getByTestId('share-dialog');

  // The role is a button naming the person and the role; its menu checks the current one.
  const role = bobRow(dialog).getByTestId('permission-role');
  await expect(role).toHaveAccessibleName('Role of Bob: Viewer');
  await role.focus();
  await page.keyboard.press('Enter');
  const roles = page.getByRole('menu', { name: 'Role of Bob' });
  await expect(roles.getByRole('menuitemradio')).toHaveText(['Viewer', 'Commenter', 'Editor']);
  await expect(roles.getByRole('menuitemradio', { name: 'Viewer' })).toHaveAttribute('aria-checked', 'true');
  await expect(roles.getByRole('menuitem')).toHaveText(['Transfer ownership…', 'Remove access']);
  await checkScreens(page, 'files-share-role-menu', async () => {
    await expectInWindow(page, roles);
  });
  // Escape closes the menu only; the focus goes back to the role.
  await page.keyboard.press('Escape');
  await expect(roles).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(role).toBeFocused();

  // By keys: the menu opens on its first role; two down is Editor.
  await page.keyboard.press('Enter');
  await expect(roles.getByRole('menuitemradio', { name: 'Viewer' })).toBeFocused();
  // A menu moves its focus a task after each arrow (Radix's roving focus), so each move is awaited.
  await page.keyboard.press('ArrowDown');
  await expect(roles.getByRole('menuitemradio', { name: 'Commenter' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(roles.getByRole('menuitemradio', { name: 'Editor' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(roles).toHaveCount(0);
  await expect(role).toHaveAccessibleName('Role of Bob: Editor');
  await expect.poll(async () => (await bobsGrant(app, file.id))?.role).toBe('writer');

  // Link access: each choice says who can open it; the link's role is beside it once there is a link.
  const kind = dialog.getByTestId('general-kind');
  await expect(dialog.getByTestId('general-role')).toHaveCount(0);
  await kind.click();
  const kinds = page.getByRole('menu', { name: 'Who can open it with the link' });
  const kindChoices = kinds.getByRole('menuitemradio');
  await expect(kindChoices).toHaveCount(3);
  for (const [name, about] of [
    ['Restricted', 'Only people with access can open it with the link'],
    ['Everyone at atrium.local', 'Anyone at atrium.local with the link can view'],
    ['Anyone with the link', 'Anyone on the internet with the link can view'],
  ] as const) {
    await expect(kinds.getByRole('menuitemradio', { name, exact: true })).toHaveAccessibleDescription(about);
  }
  await expect(kinds.getByRole('menuitemradio', { name: 'Restricted' })).toHaveAttribute('aria-checked', 'true');
  await checkScreens(page, 'files-share-general-menu', async () => {
    await expectInWindow(page, kinds);
  });
  await expectAxeCleanInBothSchemes(page, 'share dialog, general access menu');
  await kinds.getByRole('menuitemradio', { name: 'Anyone with the link' }).click();
  await expect(dialog.getByTestId('general-description')).toHaveText('Anyone on the internet with the link can view');
  await expect
    .poll(async () => (await permissions(app, file.id)).find((p) => p.type === 'anyone')?.role)
    .toBe('reader');
  await chooseValue(dialog.getByTestId('general-role'), 'commenter');
  await expect(dialog.getByTestId('general-description')).toHaveText(
    'Anyone on the internet with the link can comment',
  );
  await expect
    .poll(async () => (await permissions(app, file.id)).find((p) => p.type === 'anyone')?.role)
    .toBe('commenter');
  await checkScreens(page, 'files-share-link-on');
});

test('someone who cannot share sees their own access and nothing to change; link access they cannot know is not shown', async ({
  page,
  app,
}) => {
  const file = await createFile(app, 'Bob’s notes.txt', 'notes', 'root', 'text/plain', app.bob.token);
  await serviceRequest(
    app,
    'POST',
    `/drive/v3/files/${file.id}/permissions?sendNotificationEmail=false`,
    { type: 'user', role: 'reader', emailAddress: app.localUser.email },
    app.bob.token,
  );
  await serviceRequest(
    app,
    'POST',
    `/drive/v3/files/${file.id}/permissions`,
    { type: 'anyone', role: 'commenter' },
    app.bob.token,
  );
  // The service lists a reader's own grant only, as Drive does.
  const seen = await serviceGet<{ permissions: { role: string }[] }>(app, `/drive/v3/files/${file.id}/permissions`);
  expect(seen.permissions.map((p) => p.role)).toEqual(['reader']);

  await openFiles(page);
  await page.getByTestId('place-sharedWithMe').click();
  await row(page, 'Bob’s notes.txt').click();
  await page.getByTestId('action-share').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByTestId('share-read-only')).toHaveText(
    'You see your own access. People who can share see everyone who has access, and can change it.',
  );
  await expect(dialog.getByTestId('share-email')).toHaveCount(0);
  await expect(dialog.getByTestId('permission-row')).toHaveCount(1);
  await expect(dialog.getByTestId('permission-row')).toContainText('Me (you)');
  await expect(dialog.getByTestId('permission-row')).toContainText('Viewer');
  await expect(dialog.getByTestId('permission-role')).toHaveCount(0);
  // "Restricted" would be wrong here (the link is on): link access is left out rather than guessed.
  await expect(dialog.getByTestId('general-access')).toHaveCount(0);
  await checkScreens(page, 'files-share-read-only');
});

test('shares a folder with bob with an expiration, changes his role, removes him and transfers ownership', async ({
  page,
  app,
  timezoneId,
}) => {
  const folder = await createFolder(app, 'Team plans');
  await createFile(app, 'inside.txt', 'shared through the folder', folder.id);
  await openFiles(page);

  await row(page, 'Team plans').click();
  await page.getByTestId('action-share').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByTestId('permission-row')).toHaveCount(1);

  // An expiration more than a year ahead: the service refuses it and says so next to the field.
  await dialog.getByTestId('share-email').fill(app.bob.email);
  await dialog.getByTestId('share-expiration').fill(dateFromToday(400, timezoneId));
  await dialog.getByTestId('share-submit').click();
  await expect(dialog.getByTestId('share-expiration-error')).toContainText('more than a year');
  expect(await bobsGrant(app, folder.id)).toBeUndefined();

  await dialog.getByTestId('share-expiration').fill(dateFromToday(30, timezoneId));
  await dialog.getByTestId('share-message').fill('Plans for next quarter');
  await dialog.getByTestId('share-submit').click();
  await expect(bobRow(dialog)).toBeVisible();
  await expect(bobRow(dialog).getByTestId('permission-expiration')).toHaveAttribute(
    'data-value',
    dateFromToday(30, timezoneId),
  );
  const granted = await bobsGrant(app, folder.id);
  expect(granted?.role).toBe('reader');
  const expires = new Date(granted!.expirationTime!);
  expect(expires.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  expect(expires.getTime()).toBeLessThan(Date.now() + 32 * 86_400_000);
  await saveScreenshot(page, 'files-sharing-dialog');

  // Bob sees it under "Shared with me".
  const bobsShared = await listFiles(app, 'sharedWithMe and trashed = false', app.bob.token);
  expect(bobsShared.map((file) => file.name)).toContain('Team plans');

  await chooseValue(bobRow(dialog).getByTestId('permission-role'), 'writer');
  await expect.poll(async () => (await bobsGrant(app, folder.id))?.role).toBe('writer');

  // General access: anyone with the link, findable in search.
  await chooseValue(dialog.getByTestId('general-kind'), 'anyone');
  await expect
    .poll(async () => (await permissions(app, folder.id)).find((p) => p.type === 'anyone')?.role)
    .toBe('reader');
  await dialog.getByTestId('general-discoverable').check();
  await expect
    .poll(async () => (await permissions(app, folder.id)).find((p) => p.type === 'anyone')?.allowFileDiscovery)
    .toBe(true);
  await chooseValue(dialog.getByTestId('general-kind'), 'restricted');
  await expect.poll(async () => (await permissions(app, folder.id)).some((p) => p.type === 'anyone')).toBe(false);
  await dialog.getByTestId('share-done').click();

  // Inside the folder, bob's access shows as inherited and cannot be changed there.
  await row(page, 'Team plans').dblclick();
  await row(page, 'inside.txt').click();
  await page.getByTestId('action-share').click();
  await expect(bobRow(dialog).getByTestId('permission-inherited')).toBeVisible();
  await expect(bobRow(dialog).getByTestId('permission-remove')).toHaveCount(0);
  await dialog.getByTestId('share-done').click();
  await page.getByTestId('breadcrumb-root').click();

  await page.reload();
  await row(page, 'Team plans').click();
  await page.getByTestId('action-share').click();
  await expect(bobRow(dialog)).toHaveAttribute('data-role', 'writer');
  await chooseAction(bobRow(dialog).getByTestId('permission-role'), 'permission-remove');
  await expect(bobRow(dialog)).toHaveCount(0);
  expect(await bobsGrant(app, folder.id)).toBeUndefined();
  expect(
    (await listFiles(app, 'sharedWithMe and trashed = false', app.bob.token)).map((file) => file.name),
  ).not.toContain('Team plans');

  // Ownership goes to bob only after an explicit confirmation.
  await dialog.getByTestId('share-email').fill(app.bob.email);
  await chooseValue(dialog.getByTestId('share-role'), 'writer');
  await dialog.getByTestId('share-notify').uncheck();
  await dialog.getByTestId('share-submit').click();
  await expect(bobRow(dialog)).toBeVisible();
  await chooseAction(bobRow(dialog).getByTestId('permission-role'), 'permission-transfer');
  const confirm = dialog.getByTestId('transfer-confirm');
  await expect(confirm).toContainText('Make Bob the owner?');
  await confirm.getByTestId('transfer-cancel').click();
  expect((await getFile(app, folder.id)).owners?.[0]?.emailAddress).toBe(app.localUser.email);

  await chooseAction(bobRow(dialog).getByTestId('permission-role'), 'permission-transfer');
  await dialog.getByTestId('transfer-confirm-button').click();
  await expect(bobRow(dialog)).toHaveAttribute('data-role', 'owner');
  await expect.poll(async () => (await getFile(app, folder.id)).owners?.[0]?.emailAddress).toBe(app.bob.email);
  const mine = (await permissions(app, folder.id)).find((p) => p.emailAddress === app.localUser.email);
  expect(mine?.role).toBe('writer');

  await page.reload();
  await row(page, 'Team plans').click();
  await expect(row(page, 'Team plans')).toContainText('Bob');
});

test('ownership goes to a person whose access was to expire: the expiration is dropped with the change', async ({
  page,
  app,
}) => {
  const file = await createFile(app, 'Handover.txt', 'keys and codes');
  await serviceRequest(app, 'POST', `/drive/v3/files/${file.id}/permissions?sendNotificationEmail=false`, {
    type: 'user',
    role: 'writer',
    emailAddress: app.bob.email,
    expirationTime: new Date(Date.now() + 10 * 86_400_000).toISOString(),
  });
  await openFiles(page);
  await row(page, 'Handover.txt').click();
  await page.getByTestId('action-share').click();
  const dialog = page.getByTestId('share-dialog');
  await chooseAction(bobRow(dialog).getByTestId('permission-role'), 'permission-transfer');
  await dialog.getByTestId('transfer-confirm-button').click();

  await expect(bobRow(dialog)).toHaveAttribute('data-role', 'owner');
  await expect(dialog.getByTestId('transfer-confirm')).toHaveCount(0);
  const grant = await bobsGrant(app, file.id);
  expect(grant?.role).toBe('owner');
  expect(grant?.expirationTime).toBeUndefined();
  expect((await getFile(app, file.id)).owners?.[0]?.emailAddress).toBe(app.bob.email);
});

test('a person’s expiration is checked before it is sent, and a date the service refuses gives way to the stored one', async ({
  page,
  app,
  timezoneId,
}) => {
  const file = await createFile(app, 'Rota.txt', 'who is on call');
  await serviceRequest(app, 'POST', `/drive/v3/files/${file.id}/permissions?sendNotificationEmail=false`, {
    type: 'user',
    role: 'reader',
    emailAddress: app.bob.email,
    expirationTime: new Date(Date.now() + 10 * 86_400_000).toISOString(),
  });
  const stored = (await bobsGrant(app, file.id))!.expirationTime;
  await openFiles(page);
  await row(page, 'Rota.txt').click();
  await page.getByTestId('action-share').click();
  const bob = bobRow(page.getByTestId('share-dialog'));
  const field = bob.getByTestId('permission-expiration');
  const storedDate = dateFromToday(10, timezoneId);
  await expect(field).toHaveAttribute('data-value', storedDate);
  const storedWords = await field.inputValue();
  expect(storedWords).toMatch(/^\w{3}, \w{3} \d{1,2}(, \d{4})?$/);
  await expect(bob.getByTestId('permission-expiration-remove')).toHaveText('Remove expiration');

  // Too far ahead, or already past: said next to the field, nothing sent, and the stored date back in it.
  await field.fill(dateFromToday(400, timezoneId));
  await field.press('Enter');
  await expect(bob.getByTestId('permission-error')).toHaveText('Access can expire at most one year from today.');
  await expect(field).toHaveValue(storedWords);
  await expect(field).toHaveAccessibleDescription('Access can expire at most one year from today.');
  await field.fill(dateFromToday(-1, timezoneId));
  await field.press('Tab');
  await expect(bob.getByTestId('permission-error')).toHaveText('The expiration date must be in the future.');
  await expect(field).toHaveValue(storedWords);
  expect((await bobsGrant(app, file.id))?.expirationTime).toBe(stored);

  // The month below offers only today to the last day within a year: a past day is reached with the
  // arrows, greyed, and neither Enter nor a click takes it.
  await field.press('ArrowDown');
  const month = page.getByTestId('permission-expiration-month');
  await expect(month.locator(`[data-date="${storedDate}"]`)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  const past = month.locator(`[data-date="${dateFromToday(-4, timezoneId)}"]`);
  await expect(past).toBeFocused();
  await expect(past).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  // A click on it as well (Playwright would wait for an aria-disabled day to become enabled).
  await past.click({ force: true });
  await expect(month).toBeVisible();
  await expect(month.locator(`[data-date="${storedDate}"]`)).not.toHaveAttribute('aria-disabled');
  await page.keyboard.press('Escape');
  await expect(month).toBeHidden();
  await expect(field).toHaveAttribute('data-value', storedDate);
  expect((await bobsGrant(app, file.id))?.expirationTime).toBe(stored);

  // The page's clock runs 60 days ahead: a date it finds within the year, the service finds beyond it.
  await page.clock.setSystemTime(Date.now() + 60 * 86_400_000);
  await field.fill(dateFromToday(380, timezoneId));
  await field.press('Enter');
  await expect(bob.getByTestId('permission-error')).toContainText('more than a year');
  await expect(field).toHaveAttribute('data-value', storedDate);
  expect((await bobsGrant(app, file.id))?.expirationTime).toBe(stored);
  await checkScreens(page, 'files-share-expiration-refused', async () => {
    await bob.getByTestId('permission-error').scrollIntoViewIfNeeded();
    await expectInWindow(page, bob.getByTestId('permission-error'));
    await expectInWindow(page, bob.getByTestId('permission-expiration-remove'));
  });
});
