import { CalendarPage } from './calendar-page';
import { expect, test } from './fixtures';
import { screenshotVariants } from './screens';

test('the editor says an end before the start at the end field, as it is typed', async ({ page, app }, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  await page.getByRole('button', { name: 'New event' }).click();
  const editor = calendar.editor;
  await editor.getByTestId('editor-title').fill('Board meeting');
  await editor.getByTestId('editor-start-time').fill('10:00');
  const save = editor.getByTestId('editor-save');
  await expect(save).toBeEnabled();

  await editor.getByTestId('editor-end-time').fill('09:00');
  await expect(editor.getByTestId('editor-end-time')).toHaveAttribute('aria-invalid', 'true');
  const message = editor.getByTestId('editor-end-problem');
  await expect(message).toHaveText('The end is before the start. Choose a later end.');
  await expect(save).toBeDisabled();
  // Said in red, and nothing lies over the colour swatches.
  expect(await message.evaluate((element) => getComputedStyle(element).color)).not.toBe(
    await editor.getByTestId('editor-title').evaluate((element) => getComputedStyle(element).color),
  );
  await expect(editor.locator('.banner')).toHaveCount(0);
  await screenshotVariants(page, testInfo, 'calendar-editor-end-before-start');

  await editor.getByTestId('editor-end-time').fill('11:00');
  await expect(editor.getByTestId('editor-end-time')).toHaveAttribute('aria-invalid', 'false');
  await expect(message).toHaveCount(0);
  await expect(save).toBeEnabled();
});

test('a changed editor asks “Discard changes?” on Escape, Cancel or a click outside', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const editor = calendar.editor;
  const prompt = page.getByTestId('discard-prompt');

  // Untouched: Escape just closes.
  await page.getByRole('button', { name: 'New event' }).click();
  await expect(editor).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(prompt).toHaveCount(0);

  await page.getByRole('button', { name: 'New event' }).click();
  await editor.getByTestId('editor-title').fill('Half-written plan');
  await page.keyboard.press('Escape');
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('heading')).toHaveText('Discard changes?');
  await expect(prompt.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await screenshotVariants(page, testInfo, 'calendar-editor-discard-prompt');
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt).toBeHidden();
  await expect(editor.getByTestId('editor-title')).toHaveValue('Half-written plan');

  // A click outside asks too. Escape once the question has the focus, as a person sees it asked.
  await page.mouse.click(8, 8);
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await expect(editor).toBeVisible();

  await editor.getByTestId('editor-cancel').click();
  await prompt.getByRole('button', { name: 'Discard' }).click();
  await expect(prompt).toBeHidden();
  await expect(editor).toBeHidden();
  expect(await calendar.stored()).toEqual([]);
});

test('the calendar’s default reminders are listed only while the event uses them', async ({ page, app }, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  await page.getByRole('button', { name: 'New event' }).click();
  const editor = calendar.editor;
  const box = editor.getByTestId('editor-default-reminders');
  const defaults = editor.getByTestId('editor-default-reminders-words');
  await expect(box).toBeChecked();
  await expect(defaults).toHaveText('10 minutes before, by notification');
  await expect(box).toHaveAccessibleDescription('10 minutes before, by notification');

  // Unchecked, the event's own rows are its reminders: the defaults would read as if they still applied.
  await box.uncheck();
  await expect(defaults).toHaveCount(0);
  await expect(box).toHaveAccessibleDescription('');
  await expect(editor.getByTestId('editor-reminder')).toHaveCount(1);
  await editor.getByTestId('editor-add-reminder').scrollIntoViewIfNeeded();
  await screenshotVariants(page, testInfo, 'calendar-editor-own-reminders');

  await box.check();
  await expect(defaults).toHaveText('10 minutes before, by notification');
  await expect(editor.getByTestId('editor-reminder')).toHaveCount(0);
});
