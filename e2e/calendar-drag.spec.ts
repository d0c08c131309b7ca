import { at, CalendarPage, instantOf, local } from './calendar-page';
import { expect, test } from './fixtures';

/** Drags on the time grid as a hand does: real pointer moves in many small steps, no correction on the way. */

test('a diagonal drag of a two-hour event lands where the pointer says', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = '', tuesday = '', wednesday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Workshop',
    start: { dateTime: at(monday, '09:00') },
    end: { dateTime: at(monday, '11:00') },
  });

  // Each time: grab the event some minutes into it, move one day right and two hours down.
  const moves = [
    { from: monday, start: '09:00', grabMinutes: 70, to: tuesday, expected: '11:00' },
    { from: tuesday, start: '11:00', grabMinutes: 20, to: wednesday, expected: '13:00' },
    { from: wednesday, start: '13:00', grabMinutes: 100, to: tuesday, expected: '15:00' },
  ];
  for (const move of moves) {
    await calendar.settled('Workshop');
    const hourPx = ((await calendar.point(move.from, '17:00')).y - (await calendar.point(move.from, '09:00')).y) / 8;
    const start = await calendar.point(move.from, move.start);
    const column = await calendar.point(move.to, move.start);
    const grab = { x: start.x, y: start.y + (hourPx * move.grabMinutes) / 60 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(column.x, grab.y + hourPx * 2, { steps: 25 });
    await page.mouse.up();
    await expect
      .poll(async () => new Date(instantOf((await calendar.stored())[0]?.start)).toISOString())
      .toBe(new Date(local(move.to, move.expected)).toISOString());
  }
});

test('a drag on the grid right after the page opens creates an event, even on a slow machine', async ({
  page,
  app,
}) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Already there',
    start: { dateTime: at(monday, '08:00') },
    end: { dateTime: at(monday, '08:30') },
  });

  // A machine six times slower, and the drag starting the moment the grid is painted, while the
  // week is still being refreshed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  try {
    await page.goto(app.url);
    // Monday's column of the time grid (its tallest cell), as soon as it is painted.
    const column = await page.waitForFunction((date) => {
      const cells = [...document.querySelectorAll(`[data-testid="calendar-week"] [role="cell"][data-date="${date}"]`)];
      const rects = cells.map((cell) => cell.getBoundingClientRect()).filter((rect) => rect.height > 300);
      const rect = rects[0];
      return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
    }, monday);
    const box = await column.jsonValue();
    if (!box) throw new Error('Monday is not on the grid');
    const x = box.x + box.width / 2;
    // Below the event already there, and on screen.
    const y = Math.min(box.y + box.height / 2, 600);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + 30, { steps: 6 });
    await page.mouse.move(x, y + 70, { steps: 6 });
    await page.mouse.up();

    // No text was selected, and the drag offered to create an event.
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
    await expect(page.getByTestId('quick-create')).toBeVisible();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
});

test('a drag across the grid’s labels and headers right after the page opens selects no text', async ({
  page,
  app,
}) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  try {
    await page.goto(app.url);
    // The hour labels, as soon as they are painted: from "9AM" down and across into the days.
    const label = page.getByTestId('calendar-week').getByText('9AM', { exact: true });
    await label.waitFor({ state: 'visible' });
    const box = await label.boundingBox();
    if (!box) throw new Error('The hour labels are not on the grid');
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + 120, { steps: 8 });
    await page.mouse.move(box.x + 10, box.y - 140, { steps: 8 });
    await page.mouse.up();
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
});
