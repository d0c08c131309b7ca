import { addDays, at, CalendarPage, zone } from './calendar-page';
import { expect, serviceRequest, test } from './fixtures';

test('a change made by another client appears within 2 seconds, on every shown calendar', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  const team = await serviceRequest<{ id: string }>(app, 'POST', '/calendar/v3/calendars', {
    summary: 'Team',
    timeZone: zone,
  });
  await page.reload();
  await calendar.ready();
  await expect(page.getByTestId('calendar-entry').filter({ hasText: 'Team' })).toBeVisible();
  const [, monday = '', tuesday = ''] = await calendar.days();
  // Let the channels open (the first listing of each calendar follows them).
  await page.waitForTimeout(500);

  await calendar.insert({
    summary: 'Added elsewhere',
    start: { dateTime: at(monday, '13:00') },
    end: { dateTime: at(monday, '14:00') },
  });
  await expect(calendar.event('Added elsewhere')).toBeVisible({ timeout: 2_000 });

  await calendar.insert(
    { summary: 'Team lunch', start: { dateTime: at(tuesday, '12:00') }, end: { dateTime: at(tuesday, '13:00') } },
    team.id,
  );
  await expect(calendar.event('Team lunch')).toBeVisible({ timeout: 2_000 });

  const [added] = await calendar.stored();
  await serviceRequest(app, 'DELETE', `/calendar/v3/calendars/primary/events/${added?.id}`);
  await expect(calendar.event('Added elsewhere')).toHaveCount(0, { timeout: 2_000 });
});

test('searches the shown calendars and jumps to a result', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const later = addDays(monday, 21);
  await calendar.insert({
    summary: 'Dentist check-up',
    start: { dateTime: at(addDays(monday, 7), '09:00') },
    end: { dateTime: at(addDays(monday, 7), '10:00') },
  });
  await calendar.insert({
    summary: 'Dentist follow-up',
    location: 'Main St',
    start: { dateTime: at(later, '16:00') },
    end: { dateTime: at(later, '16:30') },
  });
  await calendar.insert({
    summary: 'Haircut',
    start: { dateTime: at(later, '11:00') },
    end: { dateTime: at(later, '11:30') },
  });

  await page.locator('body').press('/');
  await expect(page.getByTestId('calendar-search-input')).toBeFocused();
  await page.keyboard.type('dentist');
  await page.keyboard.press('Enter');
  const results = page.getByTestId('search-result');
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toContainText('Dentist check-up');
  await results.nth(1).click();

  await expect(page.getByTestId('search-results')).toHaveCount(0);
  const event = calendar.event('Dentist follow-up');
  await expect(event).toBeVisible();
  await expect(event).toHaveAttribute('data-selected');
  expect(await calendar.days()).toContain(later);
  await expect(calendar.event('Haircut')).toBeVisible();
});

test('shows events in their own time zone correctly, in another display zone, with a second clock', async ({
  page,
  app,
}) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  // Noon in Tokyo is 03:00 UTC, and 22:00 (23:00 in summer) the day before in New York.
  const date = addDays(monday, 2);
  await calendar.insert({
    summary: 'Tokyo call',
    start: { dateTime: `${date}T12:00:00+09:00`, timeZone: 'Asia/Tokyo' },
    end: { dateTime: `${date}T13:00:00+09:00`, timeZone: 'Asia/Tokyo' },
  });
  // This device's account shows this device's zone.
  await expect(page.getByTestId('calendar-view')).toHaveAttribute('data-display-zone', zone);
  await expect(page.getByTestId('primary-zone-label')).toHaveText(/GMT-[45]/);
  // 12:00–13:00 in Tokyo: 10 – 11pm in New York in winter, 11pm – 12am in summer.
  await expect(calendar.event('Tokyo call')).toContainText(/10\s–\s11pm|11pm\s–\s12am/);
  await expect(page.getByTestId('calendar-zone-hint')).toHaveCount(0);

  // Another display zone, and a second clock beside the hours; both remembered.
  await page.getByTestId('calendar-time-zones').click();
  const dialog = page.getByTestId('time-zone-dialog');
  await calendar.pickZone(dialog.getByTestId('time-zone-display'), 'UTC', 'UTC');
  await calendar.pickZone(dialog.getByTestId('time-zone-secondary'), 'Tokyo', 'Asia/Tokyo');
  await dialog.getByTestId('time-zone-done').click();
  await expect(page.getByTestId('calendar-view')).toHaveAttribute('data-display-zone', 'UTC');
  await expect(page.getByTestId('primary-zone-label')).toHaveText('UTC');
  await expect(page.getByTestId('secondary-time').first()).toBeVisible();
  await calendar.goTo(date);
  await expect(calendar.event('Tokyo call')).toContainText(/3\s–\s4am/);

  await page.reload();
  await calendar.ready();
  await expect(page.getByTestId('calendar-view')).toHaveAttribute('data-display-zone', 'UTC');
  await expect(page.getByTestId('secondary-time').first()).toBeVisible();
  await calendar.goTo(date);
  // The editor shows the event's own zone, and what that is in the display zone.
  await calendar.openEvent('Tokyo call');
  await expect(calendar.editor.getByTestId('editor-time-zone')).toHaveAttribute('data-value', 'Asia/Tokyo');
  await expect(calendar.editor.getByTestId('editor-start-time')).toHaveValue('12:00pm');
  await expect(calendar.editor.getByTestId('editor-zone-hint')).toContainText('3:00');
  await expect(calendar.editor.getByTestId('editor-zone-hint')).toContainText('UTC');
});

test('a reminder or the tray opens an event or quick add, from any view', async ({ page, app }) => {
  // Stands between the page and the host, passing everything through, so the test can push host events.
  let pushToPage: ((frame: string) => void) | undefined;
  await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => socket.send(message));
    pushToPage = (frame) => socket.send(frame);
  });
  await page.reload();
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const event = await calendar.insert({
    summary: 'Board meeting',
    start: { dateTime: at(addDays(monday, 14), '10:00') },
    end: { dateTime: at(addDays(monday, 14), '11:00') },
  });
  await page.getByTestId('nav-files').click();
  await expect(page.getByTestId('nav-files')).toHaveAttribute('aria-current', 'page');

  const navigate = (route: Record<string, unknown>) =>
    pushToPage?.(JSON.stringify({ type: 'event', event: { type: 'navigate', route } }));
  navigate({ kind: 'event', calendarId: app.localUser.email, eventId: event.id });
  await expect(page.getByTestId('nav-calendar')).toHaveAttribute('aria-current', 'page');
  await expect(calendar.editor.getByTestId('editor-title')).toHaveValue('Board meeting');
  await expect(calendar.event('Board meeting')).toBeVisible();
  await page.keyboard.press('Escape');

  navigate({ kind: 'quickAdd' });
  await expect(page.getByRole('dialog', { name: 'Quick add' })).toBeVisible();
});
