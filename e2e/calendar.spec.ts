import { addDays, at, CalendarPage, hourMs, instantOf, local, zone } from './calendar-page';
import { expect, saveScreenshot, serviceRequest, test, type AtriumApp } from './fixtures';
import { injectApiFailures } from './ipc-faults';

test('moves between weeks and back to today, and switches views from the keyboard', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const title = page.getByTestId('calendar-title');
  const thisWeek = (await title.textContent()) ?? '';
  expect(thisWeek).toMatch(/\d{4}/);

  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(title).not.toHaveText(thisWeek);
  const nextWeek = (await title.textContent()) ?? '';
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(title).not.toHaveText(nextWeek);
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(title).toHaveText(thisWeek);

  // Shortcuts: views, next/previous, today.
  await page.locator('body').press('m');
  await expect(calendar.surface).toHaveAttribute('data-view', 'month');
  await expect(page.getByRole('button', { name: 'Next month', exact: true })).toBeVisible();
  await page.locator('body').press('d');
  await expect(calendar.surface).toHaveAttribute('data-view', 'day');
  const today = (await title.textContent()) ?? '';
  await page.locator('body').press('j');
  await expect(title).not.toHaveText(today);
  await page.locator('body').press('k');
  await expect(title).toHaveText(today);
  await page.locator('body').press('x');
  await expect(calendar.surface).toHaveAttribute('data-view', 'workWeek');
  expect(await calendar.days()).toHaveLength(5);
  await page.locator('body').press('y');
  await expect(calendar.surface).toHaveAttribute('data-view', 'year');
  await page.locator('body').press('a');
  await expect(calendar.surface).toHaveAttribute('data-view', 'agenda');
  await page.locator('body').press('w');
  await expect(calendar.surface).toHaveAttribute('data-view', 'week');
  await page.locator('body').press('n');
  await page.locator('body').press('t');
  await expect(title).toHaveText(thisWeek);

  // Google Calendar's numbers for the views: 1 day, 2 week, 3 month, 4 custom (the work week), 5 schedule, 6 year.
  for (const [key, view] of [
    ['3', 'month'],
    ['1', 'day'],
    ['5', 'agenda'],
    ['6', 'year'],
    ['4', 'workWeek'],
    ['2', 'week'],
  ] as const) {
    await page.locator('body').press(key);
    await expect(calendar.surface, `key ${key}`).toHaveAttribute('data-view', view);
  }

  // g asks for a date: typed, the day view opens on it.
  await calendar.goToTyped('2027-03-15', 'Go to Monday, March 15, 2027');
  await expect(title).toContainText('March 15, 2027');
});

test('creates an event from the keyboard, and Escape creates nothing', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await expect(page.getByTestId('calendar-empty')).toBeVisible();

  await page.getByRole('button', { name: 'New event' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // `c` opens the same dialog; Enter in the title saves.
  await page.locator('body').press('c');
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Call the plumber');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(calendar.event('Call the plumber')).toBeVisible();

  const stored = await calendar.stored();
  expect(stored.map((item) => item.summary)).toEqual(['Call the plumber']);
  expect(instantOf(stored[0]?.end) - instantOf(stored[0]?.start)).toBe(hourMs);
});

test('does not offer to create an event without a title', async ({ page }) => {
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await expect(dialog.getByRole('button', { name: 'Create event' })).toBeDisabled();
  await dialog.getByLabel('Title', { exact: true }).fill('   ');
  await expect(dialog.getByRole('button', { name: 'Create event' })).toBeDisabled();
  await dialog.getByLabel('Title', { exact: true }).fill('Lunch');
  await expect(dialog.getByRole('button', { name: 'Create event' })).toBeEnabled();
});

test('takes a refused event off the grid again and says why', async ({ page, app }) => {
  const faults = await injectApiFailures(page, (operation) =>
    operation === 'CalendarEventsInsert'
      ? {
          code: 'forbidden',
          message: 'You need writer access to change this calendar.',
          status: 403,
          reason: 'forbidden',
        }
      : null,
  );
  await page.reload();
  const calendar = new CalendarPage(page, app);
  await expect(page.getByTestId('calendar-empty')).toBeVisible();

  await page.getByRole('button', { name: 'New event' }).click();
  await page.getByRole('dialog', { name: 'New event' }).getByLabel('Title', { exact: true }).fill('Not allowed');
  await page.keyboard.press('Enter');

  // One plain sentence; what the service said is behind the toast's Details.
  const toast = page.getByTestId('toast').filter({ hasText: 'Couldn’t create “Not allowed”.' });
  await expect(toast).toHaveAttribute('data-kind', 'error');
  await expect(toast.getByText('You need writer access to change this calendar.')).toBeHidden();
  await toast.getByText('Details').click();
  await expect(toast.getByText('You need writer access to change this calendar.')).toBeVisible();
  await expect(page.getByTestId('calendar-event')).toHaveCount(0);
  expect(faults.failed()).toBe(1);
  expect(await calendar.stored()).toEqual([]);
});

test('a refused move goes back to where it was, with the reason', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Dentist',
    start: { dateTime: at(monday, '10:00') },
    end: { dateTime: at(monday, '11:00') },
  });
  await injectApiFailures(page, (operation) =>
    operation === 'CalendarEventsPatch'
      ? {
          code: 'conflict',
          message: 'The event changed elsewhere; reload and try again.',
          status: 409,
          reason: 'conflict',
        }
      : null,
  );
  await page.reload();
  await calendar.ready();
  await expect(calendar.event('Dentist')).toBeVisible();
  // Relative to the grid: the error message appearing above it moves the whole grid down.
  const offset = async () => {
    const [event, grid] = await Promise.all([calendar.event('Dentist').boundingBox(), calendar.surface.boundingBox()]);
    return (event?.y ?? 0) - (grid?.y ?? 0);
  };
  const before = await offset();

  await calendar.dragEvent('Dentist', monday, '14:00');
  const toast = page.getByTestId('toast').filter({ hasText: 'Couldn’t move “Dentist”.' });
  await expect(toast).toHaveAttribute('data-kind', 'error');
  await expect(toast.locator('details')).toContainText('The event changed elsewhere');
  await expect.poll(offset).toBeCloseTo(before, 0);
  await expect(calendar.event('Dentist')).toContainText(/10\s–\s11am/);
  const [stored] = await calendar.stored();
  expect(instantOf(stored?.start)).toBe(local(monday, '10:00'));
});

test('keyboard: Tab reaches events, e edits, Delete deletes', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Yoga',
    start: { dateTime: at(monday, '09:00') },
    end: { dateTime: at(monday, '10:00') },
  });
  await expect(calendar.event('Yoga')).toBeVisible();

  await calendar.event('Yoga').focus();
  await expect(calendar.event('Yoga')).toBeFocused();
  await page.keyboard.press('e');
  await expect(calendar.editor).toBeVisible();
  await expect(calendar.editor.getByTestId('editor-title')).toHaveValue('Yoga');
  await page.keyboard.press('Escape');
  await expect(calendar.editor).toBeHidden();

  await calendar.event('Yoga').focus();
  await page.keyboard.press('Delete');
  await expect(calendar.event('Yoga')).toHaveCount(0);
  await expect.poll(async () => (await calendar.stored()).length).toBe(0);
});

test('week and month views with realistic data', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const days = await calendar.days();
  const monday = days[1] ?? '';
  const team = await createCalendar(app, 'Team');
  const plan: [number, string, string, string, string?][] = [
    [0, '08:30', '09:00', 'Morning run'],
    [0, '10:00', '11:00', 'Sprint planning', team],
    [1, '09:00', '09:15', 'Standup', team],
    [1, '12:00', '13:00', 'Lunch with Sam'],
    [1, '14:00', '15:30', 'Design review', team],
    [2, '09:00', '09:15', 'Standup', team],
    [2, '11:00', '12:30', 'Dentist'],
    [3, '09:00', '09:15', 'Standup', team],
    [3, '13:00', '14:00', '1:1 with Ana', team],
    [3, '16:00', '17:00', 'Piano lesson'],
    [4, '09:00', '09:15', 'Standup', team],
    [4, '15:00', '16:00', 'Demo', team],
    [4, '18:30', '21:00', 'Dinner with friends'],
  ];
  for (const [offset, start, end, summary, calendarId] of plan) {
    const date = addDays(monday, offset);
    await calendar.insert(
      { summary, start: { dateTime: at(date, start) }, end: { dateTime: at(date, end) } },
      calendarId,
    );
  }
  await calendar.insert({
    summary: 'Conference',
    start: { date: addDays(monday, 2) },
    end: { date: addDays(monday, 4) },
  });
  await calendar.insert({
    summary: 'Gym',
    start: { dateTime: at(monday, '07:00'), timeZone: zone },
    end: { dateTime: at(monday, '08:00'), timeZone: zone },
    recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR'],
  });
  await page.reload();
  await calendar.ready();
  await expect(calendar.event('Dinner with friends')).toBeVisible();
  // This device's account shows this device's time, with no time zone notice to dismiss.
  await expect(page.getByTestId('calendar-zone-hint')).toHaveCount(0);
  await expect(calendar.event('Sprint planning').locator('.grid-event__time')).toHaveText(/^10\s–\s11am$/);
  await saveScreenshot(page, 'calendar-week');
  await calendar.view('month');
  await expect(calendar.event('Conference').first()).toBeVisible();
  // A title longer than its day ends in "…" rather than stopping mid-letter.
  const dinner = calendar.event('Dinner with friends').getByText('Dinner with friends', { exact: true });
  const cut = await dinner.evaluate((el) => ({
    overflowing: el.scrollWidth > el.clientWidth,
    ending: getComputedStyle(el).textOverflow,
  }));
  expect(cut).toEqual({ overflowing: true, ending: 'ellipsis' });
  await saveScreenshot(page, 'calendar-month');
  await calendar.view('agenda');
  await expect(calendar.event('Dinner with friends')).toBeVisible();
  // Times as Google's schedule writes them, the same words as the week's blocks.
  await expect(calendar.event('Morning run')).toContainText(/8:30\s–\s9am/);
  await expect(calendar.event('Dentist')).toContainText(/11am\s–\s12:30pm/);
  await expect(calendar.event('Sprint planning')).toContainText(/10\s–\s11am/);
  await saveScreenshot(page, 'calendar-agenda');
});

async function createCalendar(app: AtriumApp, summary: string): Promise<string> {
  const created = await serviceRequest<{ id: string }>(app, 'POST', '/calendar/v3/calendars', {
    summary,
    timeZone: zone,
  });
  return created.id;
}

test('views switched in quick succession end on the last one asked for, and a followed day opens that day', async ({
  page,
  app,
}) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const names = { y: 'year', a: 'agenda', m: 'month', d: 'day', w: 'week' } as const;
  // Two shortcuts with the grid still drawing the first view: the grid's report of the first view
  // used to take the view back, and the two views then chased each other until React gave up.
  for (const spacing of ['microtask', 'frame', 'task'] as const) {
    for (const [first, second] of [
      ['y', 'a'],
      ['a', 'y'],
      ['m', 'y'],
      ['y', 'd'],
    ] as const) {
      await page.evaluate(
        async ({ first, second, spacing }) => {
          const press = (key: string) =>
            document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
          press(first);
          if (spacing === 'microtask') await Promise.resolve();
          else if (spacing === 'frame') await new Promise((done) => requestAnimationFrame(done));
          else await new Promise((done) => setTimeout(done, 0));
          press(second);
        },
        { first, second, spacing },
      );
      await expect(calendar.surface, `${first} then ${second} (${spacing})`).toHaveAttribute(
        'data-view',
        names[second],
      );
    }
  }
  await page.waitForTimeout(300);
  await expect(calendar.surface).toHaveAttribute('data-view', 'day');
  await expect(page.getByText('Calendar failed to load')).toHaveCount(0);

  // A day's heading in the week view opens that day.
  await page.locator('body').press('w');
  await expect(calendar.surface).toHaveAttribute('data-view', 'week');
  const days = await calendar.days();
  const wednesday = days[3]!;
  await calendar.surface.locator(`[data-date="${wednesday}"] [role="link"]`).first().click();
  await expect(calendar.surface).toHaveAttribute('data-view', 'day');
  expect(await calendar.days()).toEqual([wednesday]);

  // A day in the year view opens that day.
  await page.locator('body').press('y');
  await expect(calendar.surface).toHaveAttribute('data-view', 'year');
  const first = `${wednesday.slice(0, 4)}-03-10`;
  await calendar.surface.locator(`[role="cell"][data-date="${first}"]`).first().click();
  await expect(calendar.surface).toHaveAttribute('data-view', 'day');
  expect(await calendar.days()).toEqual([first]);
  await page.waitForTimeout(300);
  await expect(calendar.surface).toHaveAttribute('data-view', 'day');
});

test('r reads the shown events again, as in Google Calendar', async ({ page, app }) => {
  let lists = 0;
  await injectApiFailures(page, (operation) => {
    if (operation === 'CalendarEventsList') lists += 1;
    return null;
  });
  await page.reload();
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  // Once the start's reads (the week and its neighbours) are done, nothing reads the week again unprompted.
  let settled = -1;
  await expect
    .poll(async () => {
      const now = lists;
      const same = now === settled;
      settled = now;
      await page.waitForTimeout(400);
      return same && lists === now;
    })
    .toBe(true);
  const before = lists;
  await page.locator('body').press('r');
  await expect.poll(() => lists).toBeGreaterThan(before);
});
