import type { Locator, Page } from '@playwright/test';
import { CalendarPage, at, today } from './calendar-page';
import { expect, serviceRequest, test } from './fixtures';
import { createFile, openFiles, row } from './files-helpers';
import { card, openBoard, seed } from './tasks-helpers';

/**
 * A dialog closed with Escape gives the keyboard back where it was when the dialog opened, as
 * WAI-ARIA's dialog pattern asks: a person working by keyboard goes on from the control they used,
 * not from the top of the page.
 */

/** Opens a dialog from `from` (focused, then `open`), closes it with Escape and expects `from` focused again. */
async function closesBackTo(page: Page, from: Locator, dialogTestId: string, open: () => Promise<void>) {
  await from.focus();
  await expect(from).toBeFocused();
  await open();
  const dialog = page.getByTestId(dialogTestId);
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog.
  await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(from).toBeFocused();
}

test('calendar dialogs opened from the keyboard give focus back when closed', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const day = today();
  await serviceRequest(app, 'POST', '/calendar/v3/calendars/primary/events', {
    summary: 'Design review',
    start: { dateTime: at(day, '10:00') },
    end: { dateTime: at(day, '11:00') },
  });
  await expect(calendar.event('Design review').first()).toBeVisible();

  const zones = page.getByTestId('calendar-time-zones');
  await closesBackTo(page, zones, 'time-zone-dialog', () => page.keyboard.press('Enter'));

  const todayButton = page.getByRole('button', { name: /^Today/ }).first();
  await closesBackTo(page, todayButton, 'shortcut-sheet', () => page.keyboard.press('?'));

  const settings = page.getByTestId('calendar-entry-settings').first();
  await closesBackTo(page, settings, 'calendar-settings', () => page.keyboard.press('Enter'));

  // An event's editor, opened from its quick view: the quick view is gone by then, so focus goes back
  // to the event on the grid, as closing the quick view itself does.
  const event = calendar.event('Design review').first();
  await event.focus();
  await page.keyboard.press('Enter');
  const quickView = page.getByTestId('event-quick-view');
  await expect(quickView).toBeVisible();
  await quickView.getByTestId('quick-view-edit').focus();
  await page.keyboard.press('Enter');
  await expect(calendar.editor).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar.editor).toHaveCount(0);
  await expect(event).toBeFocused();

  const quickAdd = page.getByTestId('calendar-quick-add');
  await closesBackTo(page, quickAdd, 'quick-add-dialog', () => page.keyboard.press('Enter'));
});

test('task and file dialogs give focus back when closed', async ({ page, app }) => {
  await seed(app, '@default', ['Book flights']);
  await createFile(app, 'notes.txt', 'first words');

  await openBoard(page);
  const openTask = card(page, 'Book flights').getByRole('button', { name: 'Open task Book flights' });
  await expect(openTask).toBeVisible();
  await closesBackTo(page, openTask, 'task-details', () => page.keyboard.press('Enter'));

  await openFiles(page);
  await row(page, 'notes.txt').click();
  const share = page.getByTestId('action-share');
  await closesBackTo(page, share, 'share-dialog', () => page.keyboard.press('Enter'));

  // F2 renames the selected row; the row (or the list's focus holder) had focus when it opened.
  await row(page, 'notes.txt').click();
  const marked = await page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return false;
    active.setAttribute('data-focus-probe', '');
    return true;
  });
  expect(marked, 'a clicked row gives the list focus').toBe(true);
  await closesBackTo(page, page.locator('[data-focus-probe]'), 'rename-dialog', () => page.keyboard.press('F2'));
});
