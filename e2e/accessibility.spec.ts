import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { axeFindings, describeFindings, type AxeFinding } from './axe';
import { CalendarPage, at, today } from './calendar-page';
import { artifactsDir, expect, saveScreenshot, serviceRequest, test, type AtriumApp } from './fixtures';
import { chooseValue } from './choice-menu';
import { createFile, openFiles, row } from './files-helpers';
import { card, openBoard, seed } from './tasks-helpers';
import { setColorScheme } from './color-scheme';

/**
 * Every view and every main dialog, light and dark, checked with axe against WCAG 2.1 A/AA and
 * axe's best practices: nothing may be found. Each screen waits until it shows its content, so axe
 * sees what a person sees. The calendar is one test and tasks, files and accounts another, so each
 * stays well within its time on a busy machine (axe takes seconds per screen there).
 */
// Each test starts its own app: they may run side by side.
test.describe.configure({ mode: 'parallel' });

async function closeWith(page: Page, testId: string) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(testId)).toHaveCount(0);
}

/**
 * Puts the page at 1360×860 in `colorScheme`; `check` then runs axe on what the page shows, collecting
 * what it finds under `colorScheme screen`.
 */
async function axeChecker(page: Page, colorScheme: 'light' | 'dark') {
  await page.setViewportSize({ width: 1360, height: 860 });
  await setColorScheme(page, colorScheme);
  const findings: AxeFinding[] = [];
  return {
    findings,
    check: async (screen: string) => {
      findings.push(...(await axeFindings(page, `${colorScheme} ${screen}`)));
    },
  };
}

/** Writes the whole report (for reading beside the screenshots) and expects it empty. */
async function expectNoFindings(findings: AxeFinding[], report: string) {
  await mkdir(artifactsDir, { recursive: true });
  await writeFile(path.join(artifactsDir, `${report}.txt`), describeFindings(findings));
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** An event from 10:00 to 11:00 on `day`, made by another client. */
async function addDesignReview(app: AtriumApp, day: string) {
  await serviceRequest(app, 'POST', '/calendar/v3/calendars/primary/events', {
    summary: 'Design review',
    location: 'Room 4',
    start: { dateTime: at(day, '10:00') },
    end: { dateTime: at(day, '11:00') },
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every calendar view passes axe in ${colorScheme}`, async ({ page, app }) => {
    test.setTimeout(180_000);
    const { findings, check } = await axeChecker(page, colorScheme);

    // An empty week first: the time grid must be reachable by keyboard with no event to focus in it.
    const calendar = new CalendarPage(page, app);
    await calendar.ready();
    await check('calendar week, nothing scheduled');

    const day = today();
    await addDesignReview(app, day);

    // Every view.
    await expect(calendar.event('Design review').first()).toBeVisible();
    await check('calendar week');
    for (const view of ['day', 'month', 'agenda', 'year'] as const) {
      await calendar.view(view);
      await check(`calendar ${view}`);
    }
    // The year view's days are not links (see CalendarGrid): a click on one opens that day.
    await calendar.surface
      .locator(`[data-date="${day}"]`)
      .first()
      .click({ position: { x: 3, y: 3 } });
    await expect(calendar.surface).toHaveAttribute('data-view', 'day');

    await expectNoFindings(findings, `axe-calendar-views-${colorScheme}`);
  });

  test(`the calendar's quick view, editor, shortcut sheet and settings pass axe in ${colorScheme}`, async ({
    page,
    app,
  }) => {
    test.setTimeout(180_000);
    const { findings, check } = await axeChecker(page, colorScheme);
    const calendar = new CalendarPage(page, app);
    await calendar.ready();
    await addDesignReview(app, today());

    await calendar.event('Design review').first().click();
    await expect(page.getByTestId('event-quick-view')).toBeVisible();
    await check('event quick view');
    await calendar.editFromQuickView();
    await check('event editor');
    // The repeat choices with which day of the month a monthly rule keeps.
    const repeat = calendar.editor.getByTestId('editor-repeat-choice');
    await chooseValue(repeat, 'MONTHLY_WEEKDAY');
    await expect(calendar.editor.getByTestId('editor-repeat-monthly')).toBeVisible();
    await check('event editor, monthly repeat');
    await page.screenshot({ path: test.info().outputPath(`editor-monthly-repeat-${colorScheme}.png`) });
    await chooseValue(repeat, 'none');
    await closeWith(page, 'event-editor');
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcut-sheet')).toBeVisible();
    await check('shortcut sheet');
    await closeWith(page, 'shortcut-sheet');
    await page.getByTestId('calendar-entry-settings').first().click();
    await expect(page.getByTestId('calendar-settings')).toBeVisible();
    await check('calendar settings');
    await closeWith(page, 'calendar-settings');

    await expectNoFindings(findings, `axe-calendar-dialogs-${colorScheme}`);
  });

  test(`tasks, files and accounts pass axe in ${colorScheme}`, async ({ page, app }) => {
    test.setTimeout(180_000);
    const { findings, check } = await axeChecker(page, colorScheme);
    await seed(app, '@default', ['Book flights', 'Pack']);
    await createFile(app, 'notes.txt', 'first words');
    await new CalendarPage(page, app).ready();

    // Tasks: the board and a task's details.
    await openBoard(page);
    await expect(card(page, 'Book flights')).toBeVisible();
    await check('tasks');
    await card(page, 'Book flights').getByRole('button', { name: 'Open task Book flights' }).click();
    await expect(page.getByTestId('task-details')).toBeVisible();
    await check('task details');
    await closeWith(page, 'task-details');

    // Files: the list, the details panel (each tab), sharing and renaming.
    await openFiles(page);
    await row(page, 'notes.txt').click();
    await check('files');
    await page.getByTestId('toggle-details').click();
    const details = page.getByTestId('details-panel');
    await expect(details.getByTestId('details-facts')).toBeVisible();
    await check('files details');
    for (const tab of ['activity', 'revisions', 'comments'] as const) {
      await details.getByTestId(`details-tab-${tab}`).click();
      await expect(details.getByTestId(`details-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
      await expect(details.getByText(/Loading/)).toHaveCount(0);
      await check(`files details ${tab}`);
    }
    await page.getByTestId('action-share').click();
    await expect(page.getByTestId('share-dialog').getByTestId('permission-row')).toHaveCount(1);
    await check('share dialog');
    await closeWith(page, 'share-dialog');
    await row(page, 'notes.txt').click();
    await page.keyboard.press('F2');
    await expect(page.getByTestId('rename-dialog-input')).toBeFocused();
    await check('rename dialog');
    await closeWith(page, 'rename-dialog');

    // Accounts.
    await page.getByTestId('accounts-open').click();
    await expect(page.getByTestId('accounts-screen')).toBeVisible();
    await check('accounts');
    await saveScreenshot(page, `accessibility-accounts-${colorScheme}`);

    await expectNoFindings(findings, `axe-tasks-files-${colorScheme}`);
  });
}

/**
 * The screens added since: the command palette with results, the time-zone picker open, the
 * sidebar as an icon rail and as a drawer, Files' places drawer, and a task's quick view on the
 * calendar, light and dark. Kept apart from the tests above so each stays within its time.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`the palette, time-zone picker, narrow layouts and task quick view pass axe in ${colorScheme}`, async ({
    page,
    app,
  }) => {
    test.setTimeout(120_000);
    const { findings, check } = await axeChecker(page, colorScheme);

    await serviceRequest(app, 'POST', '/tasks/v1/lists/@default/tasks', {
      title: 'Pay rent',
      notes: 'Transfer before noon.',
      due: `${today()}T00:00:00.000Z`,
    });
    // A fresh view reads it (the seed came from another client).
    await page.reload();
    const calendar = new CalendarPage(page, app);
    await calendar.ready();

    // A task due today shows as an all-day entry; a click opens its quick view.
    const task = page.getByTestId('calendar-task').filter({ hasText: 'Pay rent' }).first();
    await expect(task).toBeVisible();
    await task.click();
    await expect(page.getByTestId('task-quick-view')).toBeVisible();
    await check('task quick view on the calendar');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('task-quick-view')).toHaveCount(0);

    // The command palette, with results for what was typed.
    await page.keyboard.press('ControlOrMeta+k');
    const palette = page.getByTestId('command-palette');
    await expect(page.getByTestId('command-input')).toBeFocused();
    await page.keyboard.type('go');
    await expect(palette.locator('[cmdk-item]').first()).toBeVisible();
    await check('command palette');
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);

    // The time-zone picker, open in the calendar's time-zone dialog.
    await page.getByTestId('calendar-time-zones').click();
    const zones = page.getByTestId('time-zone-dialog');
    await zones.getByTestId('time-zone-display').click();
    await expect(page.getByRole('combobox', { name: 'Search time zones' })).toBeFocused();
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await check('time-zone picker');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(zones).toHaveCount(0);

    // The sidebar as an icon rail.
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('.nav__label').first()).toBeHidden();
    await check('sidebar rail at 1024x700');

    // The sidebar as a drawer.
    await page.setViewportSize({ width: 800, height: 600 });
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByTestId('sidebar')).toBeInViewport({ ratio: 1 });
    await check('sidebar drawer at 800x600');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sidebar')).toBeHidden();

    // Files' places as a drawer.
    await page.setViewportSize({ width: 900, height: 700 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Files' }).click();
    await page.getByRole('button', { name: 'Places' }).click();
    await expect(page.getByRole('navigation', { name: 'Drive places' })).toBeInViewport({ ratio: 1 });
    await check('files places drawer at 900px');

    await expectNoFindings(findings, `axe-new-screens-${colorScheme}`);
  });
}
