import type { Locator, Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { addDays, at, CalendarPage, instantOf, local, today, wall, zone } from './calendar-page';
import { expectAxeCleanInBothSchemes } from './axe';
import { expect, saveScreenshot, serviceGet, serviceRequest, test, type AtriumApp } from './fixtures';
import { chooseValue } from './choice-menu';
import { setColorScheme } from './color-scheme';
import { screenshotVariants } from './screens';

/** The first `weekday` (1 = Monday … 7 = Sunday) after today on New York clocks (today counts unless `strictlyAfter`). */
/** The calendar in a window of `size`, its grid drawn and its data loaded. */
async function calendarAt(page: Page, app: AtriumApp, size: { width: number; height: number }): Promise<CalendarPage> {
  await page.setViewportSize(size);
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  return calendar;
}

function nextWeekday(weekday: number, strictlyAfter = false): string {
  const start = Temporal.PlainDate.from(today());
  for (let step = strictlyAfter ? 1 : 0; step < 15; step += 1) {
    const date = start.add({ days: step });
    if (date.dayOfWeek === weekday) return date.toString();
  }
  throw new Error('unreachable');
}

test('quick add reads repeats and lengths, and shows what it will add before adding', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  await page.locator('body').press('q');
  const dialog = page.getByRole('dialog', { name: 'Quick add' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Gym every Monday 7am @ Fitness First');
  await expect(dialog.getByTestId('quick-add-title')).toHaveText('Gym');
  await expect(dialog.getByTestId('quick-add-repeat')).toHaveText('Weekly on Mon');
  await expect(dialog.getByTestId('quick-add-when')).toContainText('Mon');
  await expect(dialog.getByTestId('quick-add-when')).toContainText('7:00 AM');
  await expect(dialog.getByTestId('quick-add-location')).toHaveText('Fitness First');
  await expect(dialog.getByTestId('quick-add-calendar')).toHaveAttribute('data-value', app.localUser.email);
  await saveScreenshot(page, 'calendar-quick-add-preview');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(calendar.event('Gym').first()).toBeVisible();

  await expect.poll(async () => (await calendar.stored()).length).toBe(1);
  const [gym] = await calendar.stored();
  expect(gym?.summary).toBe('Gym');
  expect(gym?.location).toBe('Fitness First');
  expect(gym?.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO']);
  const firstStart = instantOf(gym?.start);
  expect(Temporal.Instant.fromEpochMilliseconds(firstStart).toZonedDateTimeISO(zone).dayOfWeek).toBe(1);
  expect(wall(firstStart).slice(11)).toBe('07:00');
  expect(instantOf(gym?.end) - firstStart).toBe(3_600_000);

  await page.locator('body').press('q');
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Dentist next Thursday 30 minutes 4pm');
  await expect(dialog.getByTestId('quick-add-title')).toHaveText('Dentist');
  await expect(dialog.getByTestId('quick-add-when')).toContainText('4:00 PM – 4:30 PM');
  await expect(dialog.getByTestId('quick-add-repeat')).toHaveText('Does not repeat');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await calendar.stored()).length).toBe(2);
  const dentist = (await calendar.stored()).find((event) => event.summary === 'Dentist');
  expect(dentist?.start?.date).toBeUndefined();
  const dentistStart = instantOf(dentist?.start);
  const thursday = wall(dentistStart).slice(0, 10);
  // chrono's "next Thursday": the Thursday of next week, never today or this week's past one.
  expect([nextWeekday(4, true), Temporal.PlainDate.from(nextWeekday(4, true)).add({ days: 7 }).toString()]).toContain(
    thursday,
  );
  expect(dentistStart).toBe(local(thursday, '16:00'));
  expect(instantOf(dentist?.end)).toBe(local(thursday, '16:30'));
});

/** Whether a label is shown whole inside its event block: every line box of it inside, nothing clamped or clipped. */
async function shownWhole(label: Locator): Promise<boolean> {
  return label.evaluate((element) => {
    const block = element.closest('[data-testid="calendar-event"]');
    const content = element.closest('.grid-event');
    if (!block || !content) return false;
    const outer = block.getBoundingClientRect();
    const shown = content.getBoundingClientRect();
    const bottom = Math.min(outer.bottom, shown.bottom);
    const rects = [...element.getClientRects()];
    const inside = rects.every(
      (box) =>
        box.width > 0 &&
        box.left >= outer.left - 0.5 &&
        box.right <= outer.right + 0.5 &&
        box.top >= outer.top - 0.5 &&
        box.bottom <= bottom + 0.5,
    );
    const clamped =
      element instanceof HTMLElement && getComputedStyle(element).display !== 'inline'
        ? element.scrollHeight > element.clientHeight + 1
        : false;
    return rects.length > 0 && inside && !clamped;
  });
}

for (const size of [
  { width: 1360, height: 860 },
  { width: 1024, height: 700 },
]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`week view shows titles before times in small blocks at ${size.width}×${size.height} ${colorScheme}`, async ({
      page,
      app,
    }) => {
      await setColorScheme(page, colorScheme);
      const calendar = await calendarAt(page, app, size);
      const [, monday = '', tuesday = ''] = await calendar.days();
      await calendar.insert({
        summary: 'Team standup',
        start: { dateTime: at(monday, '10:00') },
        end: { dateTime: at(monday, '10:30') },
      });
      await calendar.insert({
        summary: 'Design review',
        start: { dateTime: at(tuesday, '11:15') },
        end: { dateTime: at(tuesday, '12:45') },
      });
      await page.reload();
      await calendar.ready();

      const standup = calendar.event('Team standup');
      await expect(standup).toBeVisible();
      await standup.scrollIntoViewIfNeeded();
      await expect(standup).toHaveText(/^Team standup,\s*10am/);
      const standupTitle = standup.locator('.grid-event__title');
      const standupTime = standup.locator('.grid-event__time');
      // The title comes first and is never cut; the time shows whole beside or below it, or not at all.
      expect(await shownWhole(standupTitle)).toBe(true);
      const timeVisible = await standupTime.evaluate((element) => {
        const block = element.closest('.grid-event');
        if (!block) return false;
        const box = element.getBoundingClientRect();
        const outer = block.getBoundingClientRect();
        return box.top < outer.bottom - 1 && box.width > 0;
      });
      if (timeVisible) expect(await shownWhole(standupTime)).toBe(true);

      const review = calendar.event('Design review');
      expect(await shownWhole(review.locator('.grid-event__title'))).toBe(true);
      const reviewTime = review.locator('.grid-event__time');
      await expect(reviewTime).toHaveText(/^11:15am\s–\s12:45pm$/);
      expect(await shownWhole(reviewTime)).toBe(true);
      await saveScreenshot(page, `calendar-week-small-blocks-${size.width}-${colorScheme}`);
    });
  }
}

test('an event crossing midnight says its own times on both days, not where the day cuts it', async ({ page, app }) => {
  const calendar = await calendarAt(page, app, { width: 1360, height: 860 });
  const [, monday = '', tuesday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Late deploy',
    start: { dateTime: at(monday, '23:00') },
    end: { dateTime: at(tuesday, '01:30') },
  });
  await page.reload();
  await calendar.ready();
  const parts = calendar.event('Late deploy');
  await expect(parts).toHaveCount(2);
  for (const part of await parts.all()) {
    await expect(part.locator('.grid-event__time')).toHaveText(/^11pm\s–\s1:30am$/);
  }
});

test('a short event’s one line says its start with am or pm, on screen and to a screen reader', async ({
  page,
  app,
}, testInfo) => {
  const calendar = await calendarAt(page, app, { width: 1360, height: 860 });
  const [, monday = '', tuesday = ''] = await calendar.days();
  for (const [summary, date, start, end] of [
    ['Weekly 1:1', monday, '22:00', '22:30'],
    ['Check-in', tuesday, '15:30', '15:45'],
  ] as const) {
    await calendar.insert({ summary, start: { dateTime: at(date, start) }, end: { dateTime: at(date, end) } });
  }
  await page.reload();
  await calendar.ready();

  // Without the meridiem "10:00" could be either end of the day.
  for (const [summary, time] of [
    ['Weekly 1:1', '10pm'],
    ['Check-in', '3:30pm'],
  ] as const) {
    const event = calendar.event(summary);
    await event.scrollIntoViewIfNeeded();
    await expect(event.locator('.grid-event__time')).toHaveText(time);
    await expect(event).toHaveAccessibleName(`${summary} , ${time}`);
  }
  await calendar.event('Weekly 1:1').scrollIntoViewIfNeeded();
  await screenshotVariants(page, testInfo, 'calendar-week-short-event-time');
});

test('an event that ends as it starts is a short block at its start, and keeps no length when moved', async ({
  page,
  app,
}, testInfo) => {
  const calendar = await calendarAt(page, app, { width: 1360, height: 860 });
  const [, monday = '', tuesday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Deadline',
    start: { dateTime: at(monday, '11:00') },
    end: { dateTime: at(monday, '11:00') },
  });
  await calendar.insert({
    summary: 'Hour long',
    start: { dateTime: at(tuesday, '11:00') },
    end: { dateTime: at(tuesday, '12:00') },
  });
  await page.reload();
  await calendar.ready();

  const deadline = await calendar.settled('Deadline');
  await deadline.scrollIntoViewIfNeeded();
  const box = await deadline.boundingBox();
  const hour = await (await calendar.settled('Hour long')).boundingBox();
  if (!box || !hour) throw new Error('The events are not on the grid');
  // At its start, as tall as the grid draws its shortest blocks: far short of an hour.
  expect(Math.abs(box.y - hour.y)).toBeLessThan(2);
  expect(box.height).toBeLessThan(hour.height / 3);
  await expect(deadline.locator('.grid-event__time')).toHaveText('11am');
  await screenshotVariants(page, testInfo, 'calendar-week-zero-length-event');

  const times = async () =>
    (await calendar.stored())
      .filter((event) => event.summary === 'Deadline')
      .map((event) => [wall(instantOf(event.start)), wall(instantOf(event.end))]);
  expect(await times()).toEqual([[`${monday}T11:00`, `${monday}T11:00`]]);
  await calendar.dragEvent('Deadline', tuesday, '14:00', monday);
  await expect.poll(times).toEqual([[`${tuesday}T14:00`, `${tuesday}T14:00`]]);
});

test('overlapping events in a narrow day end a word or time that does not fit with “…”, never break it', async ({
  page,
  app,
}) => {
  const calendar = await calendarAt(page, app, { width: 1024, height: 700 });
  const [, monday = ''] = await calendar.days();
  for (const [summary, start, end] of [
    ['Overlap A', '13:00', '14:00'],
    ['Overlap B', '13:30', '15:00'],
    ['Overlap C', '13:30', '14:30'],
  ] as const) {
    await calendar.insert({ summary, start: { dateTime: at(monday, start) }, end: { dateTime: at(monday, end) } });
  }
  await page.reload();
  await calendar.ready();
  for (const title of ['Overlap A', 'Overlap B', 'Overlap C']) {
    const block = calendar.event(title);
    await block.scrollIntoViewIfNeeded();
    const label = await block.evaluate((element) => {
      const words = (node: Element) => {
        const text = node.firstChild?.nodeType === Node.TEXT_NODE ? node.firstChild : null;
        if (!text?.textContent) return [];
        return [...text.textContent.matchAll(/\S+/g)].map((match) => {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          return { word: match[0], lines: new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size };
        });
      };
      const cut = (node: Element) =>
        node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).textOverflow !== 'ellipsis';
      const title = element.querySelector('.grid-event__title');
      const time = element.querySelector('.grid-event__time');
      return {
        broken: title ? words(title).filter((w) => w.lines > 1) : [],
        cutWithoutEllipsis: [title, time].filter((node): node is Element => node !== null && cut(node)).length,
      };
    });
    expect(label, title).toEqual({ broken: [], cutWithoutEllipsis: 0 });
  }
  await saveScreenshot(page, 'calendar-week-overlapping-1024');
});

for (const size of [
  { width: 1360, height: 860 },
  { width: 1024, height: 700 },
]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the toolbar stays one row in every view, and hints fit the view, at ${size.width}×${size.height} ${colorScheme}`, async ({
      page,
      app,
    }) => {
      await setColorScheme(page, colorScheme);
      const calendar = await calendarAt(page, app, size);
      const toolbar = page.locator('.calendar-toolbar');
      const zoneButton = page.getByTestId('calendar-time-zones');
      const heights: number[] = [];
      for (const view of ['day', 'week', 'workWeek', 'month', 'year', 'agenda'] as const) {
        const button = page.getByTestId(`calendar-view-${view}`);
        if (await button.isVisible()) await button.click();
        else await chooseValue(page.getByTestId('calendar-view-select'), view);
        await expect(calendar.surface).toHaveAttribute('data-view', view);
        const bar = await toolbar.boundingBox();
        const zoneBox = await zoneButton.boundingBox();
        const title = await page.getByTestId('calendar-title').boundingBox();
        expect(bar && zoneBox && title).toBeTruthy();
        if (!bar || !zoneBox || !title) return;
        // One row: the zone button sits on the title's line, inside the window.
        expect(Math.abs(zoneBox.y + zoneBox.height / 2 - (title.y + title.height / 2))).toBeLessThan(6);
        expect(zoneBox.x + zoneBox.width).toBeLessThanOrEqual(size.width);
        // The title is shown whole.
        expect(
          await page
            .getByTestId('calendar-title')
            .evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
        ).toBe(true);
        heights.push(Math.round(bar.height));
        // Each view's description of the grid (or its absence), waited for: it follows the view a render later.
        const hint = page.getByTestId('calendar-hint');
        if (view === 'week') await expect(hint).toContainText('Drag across the grid');
        if (view === 'month') await expect(hint).not.toContainText('the grid');
        if (view === 'year') await expect(hint).not.toContainText('Drag');
        if (view === 'agenda') await expect(hint).toHaveCount(0);
        if (view !== 'agenda') {
          // Not drawn: the grid is left to the events, as Google Calendar's is.
          expect(await hint.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
          await expect(calendar.surface).toHaveAccessibleDescription(/press c to add an event/i);
        }
        if (view === 'day') await saveScreenshot(page, `calendar-toolbar-day-${size.width}-${colorScheme}`);
      }
      // The layout does not jump between views.
      expect(new Set(heights).size).toBe(1);
    });
  }
}

test('the first frame painted has the range’s title, and the surface names the view drawn', async ({ page }) => {
  // What the title and the surface say in each frame, from the first that has the title.
  await page.addInitScript(() => {
    const frames: string[] = [];
    Object.assign(window, { calendarFrames: frames });
    const look = () => {
      const title = document.querySelector('[data-testid="calendar-title"]');
      if (title) {
        const view = document.querySelector('[data-testid="calendar-week"]')?.getAttribute('data-view');
        frames.push(`${title.textContent ?? ''} | ${view ?? 'none'}`);
      }
      if (frames.length < 3) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.reload();
  const year = today().slice(0, 4);
  await expect(page.getByTestId('calendar-title')).toContainText(year);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { calendarFrames: string[] }).calendarFrames.length))
    .toBe(3);
  const frames = await page.evaluate(() => (window as unknown as { calendarFrames: string[] }).calendarFrames);
  for (const frame of frames) expect(frame).toMatch(/^[A-Z][a-z]{2} \d+.* – .*\d{4} \| week$/);
});

test('year view opens on the current month with its heading whole', async ({ page, app }) => {
  const calendar = await calendarAt(page, app, { width: 1360, height: 860 });
  await calendar.view('year');
  const month = today().slice(0, 7);
  const table = calendar.surface.locator(`[role="table"][data-date="${month}"]`);
  const heading = page.locator(`[id="${(await table.getAttribute('aria-labelledby')) ?? ''}"]`);
  await expect(heading).toBeVisible();
  const monthName = new Date(`${month}-15T12:00:00Z`).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  await expect(heading).toHaveText(monthName);
  await expect
    .poll(async () =>
      heading.evaluate((element) => {
        // Nothing drawn over the heading's top and bottom edges but the heading itself.
        const box = element.getBoundingClientRect();
        const x = box.left + Math.min(20, box.width / 2);
        const top = document.elementFromPoint(x, box.top + 2);
        const bottom = document.elementFromPoint(x, box.bottom - 2);
        return Boolean(top && bottom && element.contains(top) && element.contains(bottom));
      }),
    )
    .toBe(true);
  await saveScreenshot(page, 'calendar-year-current-month');
});

test('search lists a recurring series once, at its next occurrence, with how it repeats', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const standup = await calendar.insert({
    summary: 'Team standup',
    start: { dateTime: at(addDays(monday, -70), '10:00'), timeZone: zone },
    end: { dateTime: at(addDays(monday, -70), '10:30'), timeZone: zone },
    recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR'],
  });
  // One occurrence, renamed on its own: found by its own name, as a result of its own.
  const { items: occurrences = [] } = await serviceGet<{ items?: { id: string }[] }>(
    app,
    `/calendar/v3/calendars/primary/events/${standup.id}/instances?timeMin=${encodeURIComponent(new Date(local(addDays(monday, 7), '00:00')).toISOString())}&maxResults=1`,
  );
  await serviceRequest(app, 'PATCH', `/calendar/v3/calendars/primary/events/${occurrences[0]!.id}`, {
    summary: 'Standup with the new team',
  });
  await calendar.insert({
    summary: 'Standup retro',
    start: { dateTime: at(addDays(monday, 9), '15:00') },
    end: { dateTime: at(addDays(monday, 9), '16:00') },
  });

  await page.locator('body').press('/');
  await page.keyboard.type('standup');
  await page.keyboard.press('Enter');
  const results = page.getByTestId('search-result');
  await expect(page.getByTestId('search-results').getByRole('heading')).toHaveText('3 events matching “standup”');
  await expect(results).toHaveCount(3);
  await expect(results.filter({ hasText: 'Standup with the new team' })).toHaveCount(1);
  const series = results.filter({ hasText: 'Team standup' });
  await expect(series.getByTestId('search-result-repeat')).toHaveText('Repeats weekly on Mon, Wed, Fri');
  await saveScreenshot(page, 'calendar-search-series');
  // The next occurrence: today or later, never the first one ten weeks ago.
  await series.click();
  const shown = await calendar.days();
  expect(shown.some((date) => date >= addDays(today(), -6))).toBe(true);
  await expect(
    calendar
      .event('Team standup')
      .filter({ has: page.locator('[data-selected]') })
      .or(page.locator('[data-testid="calendar-event"][data-selected]')),
  ).toHaveCount(1);
});

test('a calendar’s box keeps each click while earlier changes and refreshes are still arriving', async ({
  page,
  app,
}) => {
  // Every answer from the host arrives 400 ms late, as on a loaded machine: each toggle's refresh
  // of the list lands after the next click. Each change also reaches the host 300 ms late, so a
  // refresh asked for meanwhile is read before the change is stored and lands while it is on its way.
  await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      setTimeout(() => socket.send(message), 400);
    });
    socket.onMessage((message) => {
      const change = typeof message === 'string' && message.includes('"CalendarCalendarListPatch"');
      setTimeout(() => server.send(message), change ? 300 : 0);
    });
  });
  await page.reload();
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const toggle = page.getByTestId('calendar-entry').first().getByTestId('calendar-entry-toggle');
  await expect(toggle).toBeChecked();
  for (let round = 0; round < 3; round += 1) {
    await toggle.uncheck();
    await page.waitForTimeout(150);
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await page.waitForTimeout(150);
    await expect(toggle).toBeChecked();
  }
  await toggle.uncheck();
  // From the last click on, every frame shows the box as clicked: no refresh read before the change
  // was stored puts it back, not even for a moment.
  await toggle.evaluate((box: HTMLInputElement) => {
    const seen: boolean[] = [];
    (window as unknown as { boxFrames: boolean[] }).boxFrames = seen;
    const sample = () => {
      seen.push(
        box.isConnected
          ? box.checked
          : Boolean(document.querySelector<HTMLInputElement>('[data-testid="calendar-entry-toggle"]')?.checked),
      );
      if (seen.length < 600) requestAnimationFrame(sample);
    };
    sample();
  });
  // Settled: the stored state and the box agree, and stay so.
  await expect
    .poll(
      async () =>
        (await serviceGet<{ selected?: boolean }>(app, '/calendar/v3/users/me/calendarList/primary')).selected ?? false,
    )
    .toBe(false);
  await page.waitForTimeout(1_500);
  await expect(toggle).not.toBeChecked();
  const frames = await page.evaluate(() => (window as unknown as { boxFrames: boolean[] }).boxFrames);
  expect(frames.length).toBeGreaterThan(10);
  expect(frames.filter(Boolean)).toHaveLength(0);
  await saveScreenshot(page, 'calendar-toggle-under-load');
});

test('colors are named as Google names them, and a new calendar takes a clear color not yet used', async ({
  page,
  app,
}) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  await page.getByRole('button', { name: 'New calendar' }).click();
  await page.keyboard.type('Family');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('calendar-entry').filter({ hasText: 'Family' })).toBeVisible();
  const list = await serviceGet<{
    items?: { id: string; summary?: string; colorId?: string; backgroundColor?: string }[];
  }>(app, '/calendar/v3/users/me/calendarList');
  const family = list.items?.find((entry) => entry.summary === 'Family');
  const mine = list.items?.find((entry) => entry.summary !== 'Family');
  expect(family?.colorId).toBe('16');
  expect(family?.backgroundColor).not.toBe(mine?.backgroundColor);

  const settings = await calendar.calendarSettings('Family');
  const colors = settings.getByTestId('calendar-settings-colors');
  await expect(colors.getByRole('radio', { name: 'Blueberry' })).toBeChecked();
  for (const name of [
    'Basil',
    'Tomato',
    'Flamingo',
    'Tangerine',
    'Banana',
    'Sage',
    'Peacock',
    'Lavender',
    'Grape',
    'Graphite',
  ])
    await expect(colors.getByRole('radio', { name })).toHaveCount(1);
  await expect(colors.getByRole('radio', { name: /#/ })).toHaveCount(0);
  await colors.getByRole('radio', { name: 'Basil' }).check();
  await saveScreenshot(page, 'calendar-color-names');
  await page.keyboard.press('Escape');

  // Event colors in the editor too.
  await calendar.insert({
    summary: 'Colorful',
    start: { dateTime: at(today(), '09:00') },
    end: { dateTime: at(today(), '10:00') },
  });
  await page.reload();
  await calendar.ready();
  await calendar.openEvent('Colorful');
  const eventColors = calendar.editor.getByTestId('editor-color');
  for (const name of [
    'Tomato',
    'Flamingo',
    'Tangerine',
    'Banana',
    'Sage',
    'Basil',
    'Peacock',
    'Blueberry',
    'Lavender',
    'Grape',
    'Graphite',
  ])
    await expect(eventColors.getByRole('radio', { name })).toHaveCount(1);
});

test('? shows every shortcut of the calendar', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  await page.locator('body').press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  for (const does of [
    'Day',
    'Week',
    'Month',
    'Year',
    'Agenda',
    'Go to today',
    'Next period',
    'Create an event',
    'Quick add',
    'Search events',
    'Delete the selected event',
  ])
    await expect(sheet.getByTestId('shortcut-row').filter({ hasText: does }).first()).toBeVisible();
  await saveScreenshot(page, 'calendar-shortcut-sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('a day crowded with all-day events keeps the hours in view: three rows, then "+N more" listing them all', async ({
  page,
  app,
}) => {
  const calendar = await calendarAt(page, app, { width: 1024, height: 700 });
  const date = today();
  const titles = ['Holiday', 'Conference', 'Offsite', 'Trip', 'Birthday', 'Deadline'];
  for (const summary of titles) await calendar.insert({ summary, start: { date }, end: { date: addDays(date, 1) } });
  const more = calendar.surface.getByText('+3 more');
  await expect(more).toBeVisible();
  const shown = page.getByTestId('calendar-event').filter({ visible: true });
  await expect(shown.filter({ hasText: new RegExp(titles.join('|')) })).toHaveCount(3);
  // The all-day rows take at most a quarter of the grid: the hours stay on screen.
  const grid = await calendar.surface.boundingBox();
  const link = await more.boundingBox();
  expect(grid && link && link.y + link.height - grid.y).toBeLessThan((grid?.height ?? 0) / 4);
  await saveScreenshot(page, 'calendar-week-all-day-more');

  await more.click();
  const popover = page.getByRole('dialog').filter({ hasText: 'Holiday' });
  await expect(popover).toBeVisible();
  for (const summary of titles) await expect(popover.getByText(summary, { exact: true })).toBeVisible();
  await saveScreenshot(page, 'calendar-week-all-day-more-open');
  await expectAxeCleanInBothSchemes(page, 'all-day overflow');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
});

test('a month in a short window still shows each busy day’s first event, its time as short as it reads', async ({
  page,
  app,
}) => {
  const calendar = await calendarAt(page, app, { width: 800, height: 600 });
  const date = today();
  const day = [
    ['Standup', '09:00', '09:15'],
    ['Design review', '14:30', '15:30'],
    ['Dentist', '16:00', '17:00'],
  ] as const;
  for (const [summary, from, to] of day)
    await calendar.insert({ summary, start: { dateTime: at(date, from) }, end: { dateTime: at(date, to) } });
  await chooseValue(page.getByTestId('calendar-view-select'), 'month');
  await expect(calendar.surface).toHaveAttribute('data-view', 'month');
  // Rows here are ~70 px: the day's number leaves room for one event above the link to the rest.
  const first = page.getByTestId('calendar-event').filter({ visible: true, hasText: 'Standup' });
  await expect(first).toBeVisible();
  await expect(first).toContainText(/9\s?am/);
  await expect(calendar.surface.getByText('+2 more')).toBeVisible();
  await saveScreenshot(page, 'calendar-month-short-window');

  await page.setViewportSize({ width: 1360, height: 860 });
  const later = page.getByTestId('calendar-event').filter({ visible: true, hasText: 'Design review' });
  await expect(later).toContainText(/2:30\s?pm/);
  await expect(later).not.toContainText(/2:30\s?PM/);
  await expectAxeCleanInBothSchemes(page, 'month with short times');
});

test('an event’s quick view stays inside a narrow window: beside the event where it fits, else below it', async ({
  page,
  app,
}) => {
  const calendar = await calendarAt(page, app, { width: 800, height: 600 });
  const now = Temporal.PlainDate.from(today());
  const sunday = now.subtract({ days: now.dayOfWeek % 7 });
  // Tuesday to Friday: the middle of the week, with no room for the card on either side at 800 px.
  await calendar.insert({
    summary: 'Offsite',
    start: { date: sunday.add({ days: 2 }).toString() },
    end: { date: sunday.add({ days: 6 }).toString() },
  });
  await calendar.insert({
    summary: 'Standup',
    start: { dateTime: at(sunday.add({ days: 1 }).toString(), '09:00') },
    end: { dateTime: at(sunday.add({ days: 1 }).toString(), '09:30') },
  });
  const card = page.getByTestId('event-quick-view');
  const inWindow = async () => {
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(800);
    return box!;
  };

  const offsite = await calendar.eventOn('Offsite');
  await offsite.click();
  await expect(card).toBeVisible();
  const below = await inWindow();
  const event = (await offsite.boundingBox())!;
  expect(below.y).toBeGreaterThanOrEqual(event.y + event.height);
  await saveScreenshot(page, 'calendar-quick-view-narrow');
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();

  // Monday's event has room on its right: the card opens beside it.
  const standup = await calendar.eventOn('Standup');
  await standup.click();
  await expect(card).toBeVisible();
  const beside = await inWindow();
  const block = (await standup.boundingBox())!;
  expect(beside.x).toBeGreaterThanOrEqual(block.x + block.width);
});

test('the month view names the month on each month’s first day ("Dec 1"), as Google Calendar does; a first that is today fits its pill', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  await calendar.view('month');
  const label = (date: string) =>
    calendar.surface.locator(`[role="cell"][data-date="${date}"] .calendar-month-day-number`).first();
  const shortMonth = (date: string) =>
    new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const thisFirst = `${today().slice(0, 8)}01`;
  const nextFirst = Temporal.PlainDate.from(thisFirst).add({ months: 1 }).toString();
  await expect(label(thisFirst)).toHaveText(`${shortMonth(thisFirst)} 1`);
  await expect(label(nextFirst)).toHaveText(`${shortMonth(nextFirst)} 1`);
  await expect(label(`${today().slice(0, 8)}02`)).toHaveText('2');
  // Its link is named with the words it shows, as well as the date.
  await expect(label(nextFirst)).toHaveAttribute(
    'aria-label',
    `Go to ${shortMonth(nextFirst)} 1, ${nextFirst.slice(0, 4)}`,
  );
  await expect(label(`${today().slice(0, 8)}02`)).toHaveAttribute('aria-label', /^Go to \w+ 2, \d{4}$/);

  // On a month's first day, today's mark holds the whole "Dec 1", in a short window too.
  await page.clock.setSystemTime(new Date(`${nextFirst}T12:00:00-05:00`));
  await page.reload();
  await calendar.ready();
  await calendar.view('month');
  const todayLabel = label(nextFirst);
  await expect(todayLabel).toHaveText(`${shortMonth(nextFirst)} 1`);
  for (const size of [
    { width: 1360, height: 860 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    const fits = await todayLabel.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits).toBe(true);
  }
  await screenshotVariants(page, testInfo, 'calendar-month-first-day-today');
});

test('a timed event of a day or more sits in the all-day row with its start time, as in Google Calendar; a drag along the row or of its end keeps its times', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const [tuesday, wednesday, thursday, friday] = [1, 2, 3, 4].map((n) => addDays(monday, n));
  await calendar.insert({
    summary: 'Design conference',
    start: { dateTime: at(tuesday!, '09:00'), timeZone: zone },
    end: { dateTime: at(thursday!, '17:00'), timeZone: zone },
  });
  await calendar.insert({
    summary: 'Budget review',
    start: { dateTime: at(wednesday!, '10:00'), timeZone: zone },
    end: { dateTime: at(wednesday!, '11:00'), timeZone: zone },
  });
  const conference = await calendar.settled('Design conference');
  const review = await calendar.settled('Budget review');

  // One bar over Tuesday to Thursday, above the hours, saying when it starts.
  await expect(conference).toHaveCount(1);
  await expect(conference).not.toHaveAttribute('data-time-grid');
  await expect(conference).toContainText(/9(:00)?\s?am\s*Design conference/i);
  const bar = (await conference.boundingBox())!;
  const tuesdayX = (await calendar.point(tuesday!, '10:00')).x;
  const thursdayX = (await calendar.point(thursday!, '10:00')).x;
  expect(bar.x).toBeLessThan(tuesdayX);
  expect(bar.x + bar.width).toBeGreaterThan(thursdayX);
  expect(bar.y + bar.height).toBeLessThan((await review.boundingBox())!.y);
  // Wednesday's meeting keeps its whole column, not half of it beside a three-day block.
  const column = (await calendar.point(thursday!, '10:00')).x - (await calendar.point(wednesday!, '10:00')).x;
  expect((await review.boundingBox())!.width).toBeGreaterThan(column * 0.8);
  await screenshotVariants(page, testInfo, 'calendar-long-timed-event-all-day-row');

  // A drag one day along the row: Wednesday 9:00 to Friday 17:00.
  // Pressed at `from`, moved `dx` along the row, let go.
  const dragAlong = async (from: { x: number; y: number }, dx: number) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + Math.sign(dx) * 8, from.y, { steps: 3 });
    await page.mouse.move(from.x + dx, from.y, { steps: 10 });
    await page.mouse.up();
  };
  const storedTimes = async () => {
    const stored = (await calendar.stored()).find((event) => event.summary === 'Design conference');
    return stored ? [wall(instantOf(stored.start)), wall(instantOf(stored.end))] : null;
  };
  await dragAlong({ x: bar.x + 20, y: bar.y + bar.height / 2 }, column);
  await expect.poll(storedTimes).toEqual([`${wednesday}T09:00`, `${friday}T17:00`]);

  // Its end dragged a day back, as an all-day event's is: it ends Thursday, still at 17:00.
  const moved = await calendar.settled('Design conference');
  await moved.hover();
  const movedBar = (await moved.boundingBox())!;
  await dragAlong({ x: movedBar.x + movedBar.width - 3, y: movedBar.y + movedBar.height / 2 }, -column);
  await expect.poll(storedTimes).toEqual([`${wednesday}T09:00`, `${thursday}T17:00`]);

  // The quick view says its times.
  await (await calendar.settled('Design conference')).click();
  await expect(page.getByTestId('quick-view-when')).toContainText('9:00');
  await expect(page.getByTestId('quick-view-when')).toContainText('5:00');
});

test('loading and an empty range show over the grid, which stays where it is; the grid is described to screen readers', async ({
  page,
  app,
}, testInfo) => {
  // Two states each checked with axe in both schemes and saved at four sizes: ≈ 48 s on a quiet machine,
  // too close to the default 60 s on a shared one.
  test.setTimeout(120_000);
  // The events of each range arrive only when the test lets them through.
  const held: Array<() => void> = [];
  let holding = false;
  await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      if (holding && typeof message === 'string' && message.includes('"CalendarEventsList"')) {
        held.push(() => server.send(message));
        return;
      }
      server.send(message);
    });
  });
  await page.reload();
  const calendar = await calendarAt(page, app, { width: 1360, height: 860 });
  await page.getByTestId('calendar-view-week').click();
  await expect(calendar.surface).toHaveAttribute('data-view', 'week');
  const empty = page.getByTestId('calendar-empty');
  await expect(empty).toBeVisible();
  await expect(empty).toContainText('Nothing scheduled here');
  // The grid's box: it does not move as the bar and the note come and go.
  const grid = calendar.surface;
  const settled = await grid.boundingBox();
  expect(settled).toBeTruthy();

  // A day far from the ranges read ahead: its events are read when it is shown.
  holding = true;
  await calendar.goToTyped('2030-06-12', 'Go to Wednesday, June 12, 2030');
  const loading = page.getByTestId('calendar-loading-hint');
  await expect(loading).toBeVisible();
  await expect(loading).toHaveAccessibleName('Loading events');
  await expect(empty).toHaveCount(0);
  // One sign of loading: the toolbar's spinner is for refreshes of what is shown.
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0);
  await expectAxeCleanInBothSchemes(page, 'calendar loading');
  // The bar lies along the grid's top edge, inside it, and the grid has not moved for it.
  const [bar, surface] = await Promise.all([loading.boundingBox(), calendar.surface.boundingBox()]);
  expect(bar && surface).toBeTruthy();
  if (!bar || !surface || !settled) return;
  expect(bar.height).toBeLessThanOrEqual(4);
  expect(Math.abs(bar.y - surface.y)).toBeLessThanOrEqual(2);
  expect(surface.y).toBeCloseTo(settled.y, 0);
  expect(surface.height).toBeCloseTo(settled.height, 0);
  await screenshotVariants(page, testInfo, 'calendar-loading-bar');

  holding = false;
  for (const release of held.splice(0)) release();
  await expect(loading).toHaveCount(0);
  await expect(empty).toBeVisible();
  expect(await grid.boundingBox()).toEqual(settled);
  // The note leaves the grid free: a drag across the time under it still adds an event.
  const note = await empty.boundingBox();
  expect(note).toBeTruthy();
  if (!note) return;
  const under = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('.calendar-surface__empty') !== null,
    { x: note.x + note.width / 2, y: note.y + note.height / 2 },
  );
  expect(under).toBe(false);
  await expectAxeCleanInBothSchemes(page, 'calendar, nothing scheduled');
  await screenshotVariants(page, testInfo, 'calendar-empty-range');
});
