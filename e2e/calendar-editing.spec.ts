import { addDays, at, CalendarPage, hourMs, instantOf, local, today, zone } from './calendar-page';
import { expect, serviceGet, serviceRequest, test } from './fixtures';
import { chooseValue } from './choice-menu';
import { screenshotVariants } from './screens';

test('creates by dragging over a time range, then moves and resizes by dragging', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = '', tuesday = ''] = await calendar.days();

  await calendar.dragRange(monday, '10:00', '11:30');
  await calendar.moreOptions();
  await expect(calendar.editor).toBeVisible();
  await expect(calendar.editor.getByTestId('editor-start-time')).toHaveValue('10:00am');
  await expect(calendar.editor.getByTestId('editor-end-time')).toHaveValue('11:30am');
  await page.keyboard.type('Planning');
  await page.keyboard.press('Enter');
  await expect(calendar.event('Planning')).toBeVisible();
  await expect.poll(async () => (await calendar.stored()).length).toBe(1);

  await calendar.dragEvent('Planning', tuesday, '14:00');
  await expect.poll(async () => instantOf((await calendar.stored())[0]?.start)).toBe(local(tuesday, '14:00'));

  await calendar.resizeEvent('Planning', tuesday, '16:30');
  await expect.poll(async () => instantOf((await calendar.stored())[0]?.end)).toBe(local(tuesday, '16:30'));

  await page.reload();
  await calendar.ready();
  await expect(calendar.event('Planning')).toContainText(/2\s–\s4:30pm/);
  const [stored] = await calendar.stored();
  expect(stored).toMatchObject({ summary: 'Planning', start: { timeZone: zone } });
  expect(instantOf(stored?.start)).toBe(local(tuesday, '14:00'));
  expect(instantOf(stored?.end)).toBe(local(tuesday, '16:30'));
});

test('moves an event into the all-day row and back out', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = '', tuesday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Offsite',
    start: { dateTime: at(monday, '09:00') },
    end: { dateTime: at(monday, '10:00') },
  });
  await expect(calendar.event('Offsite')).toBeVisible();

  // The all-day row sits above the hours; drop onto Tuesday's cell there.
  const allDayCell = calendar.surface.locator(`[role="cell"][data-date="${tuesday}"]`).first();
  const event = await calendar.event('Offsite').boundingBox();
  const target = await allDayCell.boundingBox();
  if (!event || !target) throw new Error('grid not laid out');
  await page.mouse.move(event.x + event.width / 2, event.y + 6);
  await page.mouse.down();
  await page.mouse.move(event.x + event.width / 2 + 4, event.y + 14, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect.poll(async () => (await calendar.stored())[0]?.start).toEqual({ date: tuesday });
  expect((await calendar.stored())[0]?.end).toEqual({ date: addDays(tuesday, 1) });

  await calendar.dragEvent('Offsite', monday, '15:00');
  await expect.poll(async () => instantOf((await calendar.stored())[0]?.start)).toBe(local(monday, '15:00'));
  const [stored] = await calendar.stored();
  expect(stored?.start?.date).toBeUndefined();
  expect(instantOf(stored?.end) - instantOf(stored?.start)).toBe(hourMs);
});

test('edits everything in the dialog and moves the event to another calendar', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  const team = await serviceRequest<{ id: string }>(app, 'POST', '/calendar/v3/calendars', {
    summary: 'Team',
    timeZone: zone,
  });
  await page.reload();
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Review',
    start: { dateTime: at(monday, '13:00') },
    end: { dateTime: at(monday, '14:00') },
  });
  await calendar.openEvent('Review');

  const editor = calendar.editor;
  await editor.getByTestId('editor-title').fill('Quarterly review');
  // Times are typed as people write them and taken on Enter; the end keeps the event's length.
  await editor.getByTestId('editor-start-time').fill('3pm');
  await editor.getByTestId('editor-start-time').press('Enter');
  await expect(editor.getByTestId('editor-start-time')).toHaveValue('3:00pm');
  await expect(editor.getByTestId('editor-end-time')).toHaveValue('4:00pm');
  await editor.getByTestId('editor-end-time').fill('4:30');
  await editor.getByTestId('editor-end-time').press('Enter');
  await expect(editor.getByTestId('editor-end-time')).toHaveValue('4:30pm');
  await calendar.pickZone(editor.getByTestId('editor-time-zone'), 'Paris', 'Europe/Paris');
  await editor.getByTestId('editor-location').fill('Room 4');
  await editor.getByTestId('editor-description').fill('Bring the numbers.');
  await editor.getByTestId('editor-default-reminders').uncheck();
  await editor.getByTestId('editor-reminder-amount').fill('15');
  await editor.getByRole('radio', { name: 'Tomato' }).check();
  await chooseValue(editor.getByTestId('editor-transparency'), 'transparent');
  await chooseValue(editor.getByTestId('editor-visibility'), 'private');
  await editor.getByTestId('editor-attachment-title').fill('Slides');
  await editor.getByTestId('editor-attachment-url').fill('https://example.com/slides');
  await editor.getByTestId('editor-attachment-add').click();
  await editor.getByTestId('editor-guest-input').fill('ana@example.com');
  await page.keyboard.press('Enter');
  await expect(editor.getByTestId('editor-guest')).toContainText('Awaiting reply');
  await calendar.save();
  await expect(editor).toBeHidden();
  await expect.poll(async () => (await calendar.stored())[0]?.summary).toBe('Quarterly review');

  await page.reload();
  await calendar.ready();
  const [stored] = await calendar.stored();
  expect(stored).toMatchObject({
    summary: 'Quarterly review',
    location: 'Room 4',
    description: 'Bring the numbers.',
    colorId: '11',
    transparency: 'transparent',
    visibility: 'private',
    reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 15 }] },
    attendees: [{ email: 'ana@example.com', responseStatus: 'needsAction' }],
    attachments: [{ title: 'Slides', fileUrl: 'https://example.com/slides' }],
    start: { timeZone: 'Europe/Paris' },
  });
  // 15:00 in Paris (UTC+1 in winter, +2 in summer), shown on the New York grid.
  const paris = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  expect(paris.format(instantOf(stored?.start))).toBe('15:00');
  expect(instantOf(stored?.end) - instantOf(stored?.start)).toBe(1.5 * hourMs);
  await expect(calendar.event('Quarterly review')).toBeVisible();

  // Another calendar: CalendarEventsMove.
  await calendar.openEvent('Quarterly review');
  await chooseValue(calendar.editor.getByTestId('editor-calendar'), team.id);
  await calendar.save();
  await expect
    .poll(async () => (await calendar.stored(team.id)).map((event) => event.summary))
    .toEqual(['Quarterly review']);
  expect(await calendar.stored()).toEqual([]);
  await expect(calendar.event('Quarterly review')).toHaveAttribute('data-calendar-id', team.id);
});

test('quick add understands "Lunch with Ann tomorrow at 12:30"', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  // The service reads quick-add times in the calendar's zone; on this device's account that is the device's.
  await expect
    .poll(async () => (await serviceGet<{ timeZone?: string }>(app, '/calendar/v3/calendars/primary')).timeZone)
    .toBe(zone);
  await page.locator('body').press('q');
  const dialog = page.getByRole('dialog', { name: 'Quick add' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Lunch with Ann tomorrow at 12:30');
  await page.keyboard.press('Enter');
  await expect(calendar.event('Lunch with Ann')).toBeVisible();
  await expect(calendar.event('Lunch with Ann')).toHaveAttribute('data-highlight');

  await page.reload();
  await calendar.ready();
  const [stored] = await calendar.stored();
  const tomorrow = addDays(today(), 1);
  expect(stored?.summary).toBe('Lunch with Ann');
  expect(instantOf(stored?.start)).toBe(local(tomorrow, '12:30'));
  expect(instantOf(stored?.end)).toBe(local(tomorrow, '13:30'));
});

test('finds a free slot with a guest and books it', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  // Bob lets me see when he is busy, and is busy 10:00–11:30 on Monday.
  await serviceRequest(
    app,
    'POST',
    `/calendar/v3/calendars/${encodeURIComponent(app.bob.email)}/acl`,
    { role: 'freeBusyReader', scope: { type: 'user', value: app.localUser.email } },
    app.bob.token,
  );
  await calendar.insert(
    { summary: 'Bob busy', start: { dateTime: at(monday, '10:00') }, end: { dateTime: at(monday, '11:30') } },
    app.bob.email,
    app.bob.token,
  );
  // I am busy 11:30–12:00.
  await calendar.insert({
    summary: 'Call',
    start: { dateTime: at(monday, '11:30') },
    end: { dateTime: at(monday, '12:00') },
  });
  // Sharing put Bob's calendar on my list, showing his busy block; hide it to plan over that time.
  const bobsEntry = page.getByTestId('calendar-entry').filter({ hasText: app.bob.email });
  await expect(calendar.event('Busy')).toBeVisible();
  await bobsEntry.getByTestId('calendar-entry-toggle').uncheck();
  await expect(calendar.event('Busy')).toHaveCount(0);
  await expect(calendar.event('Call')).toBeVisible();

  await calendar.dragRange(monday, '10:00', '11:00');
  await calendar.moreOptions();
  await expect(calendar.editor).toBeVisible();
  await page.keyboard.type('Sync with Bob');
  await calendar.editor.getByTestId('editor-guest-input').fill(app.bob.email);
  await calendar.editor.getByTestId('editor-guest-add').click();
  const strip = calendar.editor.getByTestId('scheduling-strip');
  await expect(
    strip.getByTestId('scheduling-row').filter({ hasText: app.bob.email }).getByTestId('scheduling-status'),
  ).toHaveText('Busy');
  await expect(strip).toContainText('Next time everyone is free');
  await strip.getByTestId('scheduling-use-suggestion').click();
  await expect(calendar.editor.getByTestId('editor-start-time')).toHaveValue('12:00pm');
  await expect(strip).toContainText('Everyone is free at this time.');
  await calendar.save();

  await expect
    .poll(async () => (await calendar.stored()).filter((event) => event.summary === 'Sync with Bob').length)
    .toBe(1);
  await page.reload();
  await calendar.ready();
  const booked = (await calendar.stored()).find((event) => event.summary === 'Sync with Bob');
  expect(instantOf(booked?.start)).toBe(local(monday, '12:00'));
  expect(instantOf(booked?.end)).toBe(local(monday, '13:00'));
  expect(booked?.attendees?.map((attendee) => attendee.email)).toEqual([app.bob.email]);
  const entry = await serviceGet<{ selected?: boolean }>(
    app,
    `/calendar/v3/users/me/calendarList/${encodeURIComponent(app.bob.email)}`,
  );
  // Google leaves `selected` out when it is false.
  expect(entry.selected ?? false).toBe(false);
});

test('guests whose availability is unknown are said to be unknown, not free', async ({ page, app }, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  // I am busy 10:00–11:00; the service knows no calendar of the two guests.
  await calendar.insert({
    summary: 'Call',
    start: { dateTime: at(monday, '10:00') },
    end: { dateTime: at(monday, '11:00') },
  });
  const [carol, dave] = ['carol@example.com', 'dave@example.com'];

  await calendar.dragRange(monday, '14:00', '15:00');
  await calendar.moreOptions();
  await page.keyboard.type('Planning');
  const editor = calendar.editor;
  const strip = editor.getByTestId('scheduling-strip');
  const summary = strip.getByRole('status');
  const row = (email: string) => strip.getByTestId('scheduling-row').filter({ hasText: email });
  await editor.getByTestId('editor-guest-input').fill(carol);
  await editor.getByTestId('editor-guest-add').click();
  await expect(row(carol).getByTestId('scheduling-status')).toHaveText('Availability unknown');
  await expect(summary).toHaveText(`Availability unknown for ${carol}. Everyone else is free at this time.`);
  // Nothing is known of Carol's day, and that is what is said of it; my own day is read out.
  await expect(row(carol)).toContainText('Busy times this day can’t be seen.');
  await expect(row(carol)).not.toContainText('No busy times');
  await expect(row('You')).toContainText('Busy 10:00 – 11:00 AM.');

  await editor.getByTestId('editor-guest-input').fill(dave);
  await editor.getByTestId('editor-guest-add').click();
  await expect(summary).toHaveText('Availability unknown for 2 guests. Everyone else is free at this time.');
  await strip.scrollIntoViewIfNeeded();
  await screenshotVariants(page, testInfo, 'calendar-editor-availability-unknown');

  // Over my call: who is busy, then the next time the others are free.
  await editor.getByTestId('editor-start-time').fill('10:00am');
  await editor.getByTestId('editor-start-time').press('Enter');
  await expect(editor.getByTestId('editor-end-time')).toHaveValue('11:00am');
  await expect(summary).toContainText(
    'You are busy at this time. Availability unknown for 2 guests. Next time everyone else is free:',
  );
  await expect(strip.getByTestId('scheduling-use-suggestion')).toBeVisible();
  await expect(row('You').getByTestId('scheduling-status')).toHaveText('Busy');
});
