import type { Locator } from '@playwright/test';
import { expect, saveScreenshot, test } from './fixtures';
import { createFile, openFiles, row, serviceUrl } from './files-helpers';
import { chooseValue } from './choice-menu';
import { setColorScheme } from './color-scheme';

/** The Activity tab's entry that says `text`. */
function entry(details: Locator, text: string): Locator {
  return details.getByTestId('activity-entry').filter({ hasText: text });
}

test('the Activity tab tells a file’s story: rename, sharing, role and link changes, star, versions, comments', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1360, height: 860 });
  const file = await createFile(app, 'notes.txt', 'first words');
  await openFiles(page);
  await row(page, 'notes.txt').click();
  await page.getByTestId('toggle-details').click();
  const details = page.getByTestId('details-panel');
  await details.getByTestId('details-tab-activity').click();
  await expect(entry(details, 'Created “notes.txt”')).toContainText('You ·');

  await row(page, 'notes.txt').click();
  await page.keyboard.press('F2');
  await page.getByTestId('rename-dialog-input').fill('Q3 notes.txt');
  await page.keyboard.press('Enter');
  await expect(entry(details, 'Renamed from “notes.txt” to “Q3 notes.txt”')).toBeVisible();

  const dialog = page.getByTestId('share-dialog');
  const bobRow = dialog.locator(`[data-testid="permission-row"][data-email="${app.bob.email}"]`);
  await page.getByTestId('action-share').click();
  await dialog.getByTestId('share-email').fill(app.bob.email);
  await dialog.getByTestId('share-notify').uncheck();
  await dialog.getByTestId('share-submit').click();
  await expect(bobRow).toBeVisible();
  await dialog.getByTestId('share-done').click();
  await expect(entry(details, `Shared with ${app.bob.email} as Viewer`)).toContainText('You ·');

  await page.getByTestId('action-share').click();
  await chooseValue(bobRow.getByTestId('permission-role'), 'writer');
  await expect(bobRow).toHaveAttribute('data-role', 'writer');
  await dialog.getByTestId('share-done').click();
  await expect(entry(details, `Changed ${app.bob.email} from Viewer to Editor`)).toContainText('You ·');

  await page.getByTestId('action-share').click();
  await chooseValue(dialog.getByTestId('general-kind'), 'anyone');
  await expect(dialog.getByTestId('general-role')).toHaveAttribute('data-value', 'reader');
  await dialog.getByTestId('share-done').click();
  await expect(entry(details, 'Link sharing turned on: anyone with the link can view')).toContainText('You ·');
  await page.getByTestId('action-share').click();
  await chooseValue(dialog.getByTestId('general-role'), 'commenter');
  await expect(dialog.getByTestId('general-role')).toHaveAttribute('data-value', 'commenter');
  await dialog.getByTestId('share-done').click();
  await expect(entry(details, 'Link sharing changed: anyone with the link can comment (was view)')).toContainText(
    'You ·',
  );

  await page.getByTestId('action-more').click();
  await page.getByTestId('action-star').click();
  await expect(entry(details, 'Starred')).toContainText('You ·');

  // Bob, now an editor, uploads a new version from elsewhere: it reaches the tab through the change feed.
  const upload = await fetch(serviceUrl(app, `/upload/drive/v3/files/${file.id}?uploadType=media`), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${app.bob.token}`, 'content-type': 'text/plain' },
    body: 'second words, from bob',
  });
  expect(upload.status).toBe(200);
  await expect(entry(details, 'Uploaded a new version')).toContainText('Bob ·');

  await details.getByTestId('details-tab-comments').click();
  await details.getByTestId('comment-input').fill('Are these numbers final?');
  await details.getByTestId('comment-submit').click();
  await expect(details.getByTestId('comment-thread')).toContainText('Are these numbers final?');
  await details.getByTestId('details-tab-activity').click();
  await expect(entry(details, 'Commented: “Are these numbers final?”')).toContainText('You ·');

  // Newest first, each told once; the creation closes the list.
  await expect(details.getByTestId('activity-entry')).toHaveText([
    /Commented/,
    /Uploaded a new version/,
    /Starred/,
    /Link sharing changed/,
    /Link sharing turned on/,
    /Changed bob/,
    /Shared with bob/,
    /Renamed from/,
    /Created/,
  ]);
  await saveScreenshot(page, 'files-activity');
  await setColorScheme(page, 'dark');
  await saveScreenshot(page, 'files-activity-dark');
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(entry(details, 'Renamed from')).toBeVisible();
  await saveScreenshot(page, 'files-activity-1024-dark');
  await setColorScheme(page, 'light');
  await saveScreenshot(page, 'files-activity-1024');
  await page.setViewportSize({ width: 1360, height: 860 });

  // Kept by the core, not the page: after a reload the story is the same.
  await page.reload();
  await row(page, 'Q3 notes.txt').click();
  await expect(page.getByTestId('details-panel')).toBeVisible();
  await page.getByTestId('details-tab-activity').click();
  await expect(page.getByTestId('details-panel').getByTestId('activity-entry')).toHaveCount(9);
});
