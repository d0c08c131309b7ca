import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Helpers for FullCalendar's time grid. v7 themes use generated class names, so these rely on
 * its stable attributes instead: day lanes are `[role=cell][data-date]`, slot rows `[data-time]`.
 */

/** The time-grid day columns of the visible week, left to right (the tallest `data-date` cells). */
export async function dayLanes(page: Page): Promise<{ date: string; lane: Locator }[]> {
  const week = page.getByTestId('calendar-week');
  const cells = week.locator('[role="cell"][data-date]');
  await expect(cells.first()).toBeVisible();
  const found: { date: string; lane: Locator; height: number }[] = [];
  for (const cell of await cells.all()) {
    const box = await cell.boundingBox();
    const date = await cell.getAttribute('data-date');
    if (box && date) found.push({ date, lane: cell, height: box.height });
  }
  const tallest = Math.max(...found.map((entry) => entry.height));
  return found.filter((entry) => entry.height > tallest / 2).map(({ date, lane }) => ({ date, lane }));
}

/** Vertical centre of the slot row starting at `time` (`HH:MM:SS`), in page coordinates. */
async function slotTop(page: Page, time: string): Promise<number> {
  const slot = page.getByTestId('calendar-week').locator(`[data-time="${time}"]`).last();
  await slot.scrollIntoViewIfNeeded();
  const box = await slot.boundingBox();
  if (!box) throw new Error(`No time-grid slot for ${time}`);
  return box.y;
}

/** Drags with the mouse from `startTime` to just before `endTime` in the column of `date`. */
export async function dragTimeRange(page: Page, date: string, startTime: string, endTime: string): Promise<void> {
  const lane = (await dayLanes(page)).find((entry) => entry.date === date)?.lane;
  if (!lane) throw new Error(`Day ${date} is not in the visible week`);
  await page.getByTestId('calendar-week').locator(`[data-time="${startTime}"]`).last().scrollIntoViewIfNeeded();
  const column = await lane.boundingBox();
  if (!column) throw new Error(`Day ${date} has no box`);
  const x = column.x + column.width / 2;
  const top = (await slotTop(page, startTime)) + 4;
  const bottom = (await slotTop(page, endTime)) - 4;
  await page.mouse.move(x, top);
  await page.mouse.down();
  await page.mouse.move(x, (top + bottom) / 2, { steps: 5 });
  await page.mouse.move(x, bottom, { steps: 5 });
  await page.mouse.up();
}
