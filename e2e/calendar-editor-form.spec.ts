import { addDays, CalendarPage, instantOf, today, wall } from './calendar-page';
import type { Locator, Page } from '@playwright/test';
import { expect, saveScreenshot, test, type AtriumApp } from './fixtures';
import { chooseValue } from './choice-menu';
import { screenshotVariants } from './screens';
import { expectAxeCleanInBothSchemes } from './axe';

test('the editor says an end before the start at the end field, as it is typed', async ({ page, app }, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  await page.getByRole('button', { name: 'New event' }).click();
  const editor = calendar.editor;
  await editor.getByTestId('editor-title').fill('Board meeting');
  await editor.getByTestId('editor-start-time').fill('10am');
  await editor.getByTestId('editor-start-time').press('Enter');
  const save = editor.getByTestId('editor-save');
  await expect(save).toBeEnabled();

  await editor.getByTestId('editor-end-time').fill('9am');
  await editor.getByTestId('editor-end-time').press('Enter');
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
  await editor.getByTestId('editor-end-time').press('Enter');
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

test('an event’s own reminder is given in minutes, hours, days or weeks, and stored in minutes', async ({
  page,
  app,
}) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  await page.getByRole('button', { name: 'New event' }).click();
  const editor = calendar.editor;
  await editor.getByTestId('editor-title').fill('Passport renewal');
  await editor.getByTestId('editor-default-reminders').uncheck();
  const amount = editor.getByTestId('editor-reminder-amount');
  const unit = editor.getByTestId('editor-reminder-unit');
  await expect(amount).toHaveValue('10');
  await expect(unit).toHaveAttribute('data-value', 'minutes');
  // One day before: the amount stays as typed, the unit chosen.
  await amount.fill('1');
  await chooseValue(unit, 'days');
  await expect(unit).toHaveAccessibleName('Reminder 1: unit: day');
  await editor.getByTestId('editor-add-reminder').click();
  await editor.getByTestId('editor-reminder-amount').nth(1).fill('2');
  await chooseValue(editor.getByTestId('editor-reminder-unit').nth(1), 'hours');
  // Five weeks is past Google's four: said, and it cannot be saved.
  await editor.getByTestId('editor-add-reminder').click();
  await editor.getByTestId('editor-reminder-amount').nth(2).fill('5');
  await chooseValue(editor.getByTestId('editor-reminder-unit').nth(2), 'weeks');
  await expect(editor).toContainText('A reminder can be at most 4 weeks before the start.');
  await expect(editor.getByTestId('editor-save')).toBeDisabled();
  await editor.getByTestId('editor-add-reminder').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'calendar-editor-reminder-units');
  await expectAxeCleanInBothSchemes(page, 'event editor with reminders in units');
  await editor.getByRole('button', { name: 'Remove reminder 3' }).click();
  await calendar.save();
  await expect(editor).toBeHidden();
  await expect
    .poll(async () => (await calendar.stored())[0]?.reminders)
    .toEqual({
      useDefault: false,
      overrides: [
        { method: 'popup', minutes: 1440 },
        { method: 'popup', minutes: 120 },
      ],
    });
  // Opened again, each reads in its own unit.
  await calendar.openEvent('Passport renewal');
  await expect(calendar.editor.getByTestId('editor-reminder-amount').nth(0)).toHaveValue('1');
  await expect(calendar.editor.getByTestId('editor-reminder-unit').nth(0)).toHaveAttribute('data-value', 'days');
  await expect(calendar.editor.getByTestId('editor-reminder-amount').nth(1)).toHaveValue('2');
  await expect(calendar.editor.getByTestId('editor-reminder-unit').nth(1)).toHaveAttribute('data-value', 'hours');
});

/** The editor of a new event, its title typed. */
async function newEvent(
  page: Page,
  app: AtriumApp,
  title: string,
): Promise<{ calendar: CalendarPage; editor: Locator }> {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  await page.getByRole('button', { name: 'New event' }).click();
  await calendar.editor.getByTestId('editor-title').fill(title);
  return { calendar, editor: calendar.editor };
}

test('a time is typed as people write it or picked from a list every quarter hour; the end’s list says how long', async ({
  page,
  app,
}, testInfo) => {
  const { calendar, editor } = await newEvent(page, app, 'Workshop');
  const start = editor.getByTestId('editor-start-time');
  const end = editor.getByTestId('editor-end-time');
  await start.fill('9am');
  await start.press('Enter');
  await expect(start).toHaveValue('9:00am');
  await expect(end).toHaveValue('10:00am');

  // The end's list starts at the start, says each end's length, and opens on the end shown.
  await end.click();
  const endList = editor.page().getByTestId('editor-end-time-list');
  await expect(endList).toBeVisible();
  await expect(end).toHaveAttribute('aria-expanded', 'true');
  await expect(endList.getByRole('option').first()).toHaveText('9:00am (0 mins)');
  await expect(endList.getByRole('option', { name: '10:30am (1.5 hrs)' })).toBeVisible();
  await expect(endList.locator('[data-highlighted]')).toHaveText('10:00am (1 hr)');
  await screenshotVariants(page, testInfo, 'calendar-editor-time-list');

  // Arrows and Enter pick; the list closes and the editor stays.
  await end.press('ArrowDown');
  await end.press('ArrowDown');
  await expect(endList.locator('[data-highlighted]')).toHaveText('10:30am (1.5 hrs)');
  await end.press('Enter');
  await expect(end).toHaveValue('10:30am');
  await expect(endList).toBeHidden();

  // Escape closes only the list: no "Discard changes?" question, the editor stays open.
  await end.press('ArrowDown');
  await expect(endList).toBeVisible();
  await expect(endList.locator('[data-highlighted]')).toHaveText('10:30am (1.5 hrs)');
  // Two arrows handled before the list draws again (a held key on a busy machine) move two options.
  await end.evaluate((input) => {
    for (let press = 0; press < 2; press += 1) {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    }
  });
  await expect(endList.locator('[data-highlighted]')).toHaveText('11:00am (2 hrs)');
  await end.press('Escape');
  await expect(endList).toBeHidden();
  await expect(page.getByTestId('discard-prompt')).toHaveCount(0);
  await expect(editor).toBeVisible();
  await expect(end).toHaveValue('10:30am');

  // What is no time goes back to the time before when the field is left.
  await end.fill('later');
  await end.press('Tab');
  await expect(end).toHaveValue('10:30am');

  // A pick with the pointer; the end keeps the event's length. An hour without am or pm is read after the start.
  await start.click();
  await editor
    .page()
    .getByTestId('editor-start-time-list')
    .getByRole('option', { name: '11:00am', exact: true })
    .click();
  await expect(start).toHaveValue('11:00am');
  await expect(end).toHaveValue('12:30pm');
  await end.fill('2');
  await end.press('Enter');
  await expect(end).toHaveValue('2:00pm');
  // A time typed is found in the list; the arrows go on from there and Enter takes the option.
  await end.fill('3pm');
  await end.press('ArrowDown');
  await end.press('Enter');
  await expect(end).toHaveValue('3:15pm');

  await calendar.save();
  await expect(editor).toBeHidden();
  await expect.poll(async () => (await calendar.stored()).length).toBe(1);
  const [stored] = await calendar.stored();
  expect(wall(instantOf(stored?.start)).slice(11)).toBe('11:00');
  expect(wall(instantOf(stored?.end)).slice(11)).toBe('15:15');
});

test('a date is typed as people write it or picked from a month below the field, by pointer or keys', async ({
  page,
  app,
}, testInfo) => {
  const { calendar, editor } = await newEvent(page, app, 'Offsite');
  const startDate = editor.getByTestId('editor-start-date');
  const endDate = editor.getByTestId('editor-end-date');
  const first = today();
  // "Mon, Nov 30", with the year only when it is not this year's.
  const words = (date: string) =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      ...(date.slice(0, 4) === first.slice(0, 4) ? {} : { year: 'numeric' }),
      timeZone: 'UTC',
    }).format(Date.parse(`${date}T00:00:00Z`));
  await expect(startDate).toHaveValue(words(first));
  // The event proposed after 10 pm ends on the next day, so the end is read rather than assumed.
  const firstEnd = (await endDate.getAttribute('data-value')) ?? '';
  expect([first, addDays(first, 1)]).toContain(firstEnd);

  // Typed: "tomorrow" is read, and the end moves with the start.
  await startDate.fill('tomorrow');
  await startDate.press('Enter');
  const second = addDays(first, 1);
  const secondEnd = addDays(firstEnd, 1);
  await expect(startDate).toHaveValue(words(second));
  await expect(startDate).toHaveAttribute('data-value', second);
  await expect(endDate).toHaveAttribute('data-value', secondEnd);

  // What is no date goes back to the date before.
  await endDate.fill('someday');
  await endDate.press('Tab');
  await expect(endDate).toHaveValue(words(secondEnd));

  // A click opens the month on the date; a day is picked with the pointer.
  await endDate.click();
  const month = page.getByTestId('editor-end-date-month');
  await expect(month).toBeVisible();
  await expect(endDate).toHaveAttribute('aria-expanded', 'true');
  await screenshotVariants(page, testInfo, 'calendar-editor-date-month');
  const third = addDays(second, 2);
  await month.locator(`[data-date="${third}"]`).click();
  await expect(month).toBeHidden();
  await expect(endDate).toHaveAttribute('data-value', third);
  await expect(endDate).toBeFocused();

  // Down arrow opens it with the focus on the date; the arrows move, Enter picks, Escape only closes it.
  await endDate.press('ArrowDown');
  await expect(month.locator(`[data-date="${third}"]`)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(month).toBeHidden();
  const fourth = addDays(third, 1);
  await expect(endDate).toHaveAttribute('data-value', fourth);
  await endDate.press('ArrowDown');
  await expect(month).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(month).toBeHidden();
  await expect(editor).toBeVisible();
  await expect(page.getByTestId('discard-prompt')).toHaveCount(0);
  await expect(endDate).toBeFocused();

  await calendar.save();
  await expect(editor).toBeHidden();
  await expect.poll(async () => (await calendar.stored()).length).toBe(1);
  const [stored] = await calendar.stored();
  expect(wall(instantOf(stored?.start)).slice(0, 10)).toBe(second);
  expect(wall(instantOf(stored?.end)).slice(0, 10)).toBe(fourth);
});

test('a series ends on a date typed or picked in the same kind of field as the event’s dates', async ({
  page,
  app,
}) => {
  const { calendar, editor } = await newEvent(page, app, 'Book club');
  // A morning event, so the series starts on the day the editor opened on at any hour.
  await editor.getByTestId('editor-start-time').fill('10am');
  await editor.getByTestId('editor-start-time').press('Enter');
  const start = (await editor.getByTestId('editor-start-date').getAttribute('data-value')) ?? '';
  await chooseValue(editor.getByTestId('editor-repeat-choice'), 'WEEKLY');

  // Greyed, with the date "On" would take, until "On" is chosen.
  const until = editor.getByTestId('editor-repeat-until');
  await expect(until).toBeDisabled();
  await expect(until).toHaveAttribute('data-value', addDays(start, 30));
  await editor.getByTestId('editor-repeat-end-until').check();
  await expect(until).toBeEnabled();
  await expect(until).toHaveAccessibleName('Last date');

  // Its month greys the days before the series starts; the arrows still reach them, Enter takes none.
  await until.press('ArrowDown');
  const month = page.getByTestId('editor-repeat-until-month');
  await expect(month.locator(`[data-date="${addDays(start, 30)}"]`)).toBeFocused();
  for (let week = 0; week < 5; week += 1) await page.keyboard.press('ArrowUp');
  const before = month.locator(`[data-date="${addDays(start, -5)}"]`);
  await expect(before).toBeFocused();
  await expect(before).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(month).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(month).toBeHidden();
  await expect(editor).toBeVisible();
  await expect(until).toHaveAttribute('data-value', addDays(start, 30));

  // A date typed before the start is taken, and the editor says why it cannot save.
  await until.fill(addDays(start, -7));
  await until.press('Enter');
  await expect(editor.getByTestId('editor-problem')).toHaveText('The series ends before it starts.');
  await expect(editor.getByTestId('editor-save')).toBeDisabled();
  await until.fill(addDays(start, 14));
  await until.press('Enter');
  await expect(until).toHaveAttribute('data-value', addDays(start, 14));
  await expect(editor.getByTestId('editor-problem')).toHaveCount(0);

  await calendar.save();
  await expect(editor).toBeHidden();
  await expect.poll(async () => (await calendar.stored()).length).toBe(1);
  const [stored] = await calendar.stored();
  const rule = stored?.recurrence?.find((line) => line.startsWith('RRULE:')) ?? '';
  expect(rule).toContain('FREQ=WEEKLY');
  // The last instance is on the chosen day: UNTIL falls on it, in New York, at or after the event's start.
  const untilStamp = /UNTIL=(\d{8}T\d{6}Z)/.exec(rule)?.[1] ?? '';
  const untilInstant = Date.parse(
    `${untilStamp.slice(0, 4)}-${untilStamp.slice(4, 6)}-${untilStamp.slice(6, 8)}T${untilStamp.slice(9, 11)}:${untilStamp.slice(11, 13)}:${untilStamp.slice(13, 15)}Z`,
  );
  expect(wall(untilInstant).slice(0, 10)).toBe(addDays(start, 14));
});
