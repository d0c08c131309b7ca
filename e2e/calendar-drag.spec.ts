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
