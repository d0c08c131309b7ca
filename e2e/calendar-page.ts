import { expect, type Locator, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import type { CalendarEvent } from '../shared/api/schemas/calendar';
import { serviceGet, serviceRequest, type AtriumApp } from './fixtures';

/**
 * The calendar view, driven the way a person would: grid drags, the editor dialog, the sidebar.
 * The browser runs in New York (playwright.config.ts), and the local account's calendar shows this
 * device's zone, so dates and times below are New York's.
 */

export const zone = 'America/New_York';

/** An event as the service answers it (the shared schema), with the id it always has. */
export type StoredEvent = CalendarEvent & { id: string };

export const hourMs = 3_600_000;

/** `YYYY-MM-DD` plus `HH:MM` on New York clocks, as epoch ms. */
export function local(date: string, time = '00:00'): number {
  return Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(zone).epochMilliseconds;
}

/** The same as an RFC 3339 string with New York's offset, for event bodies. */
export function at(date: string, time: string): string {
  const zoned = Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(zone);
  return `${date}T${time}:00${zoned.offset}`;
}

/** `YYYY-MM-DDTHH:MM` of an instant on New York clocks. */
export function wall(ms: number): string {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDateTime().toString().slice(0, 16);
}

export function today(): string {
  return Temporal.Now.plainDateISO(zone).toString();
}

export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

export function instantOf(time: { date?: string; dateTime?: string } | undefined): number {
  return Date.parse(time?.dateTime ?? `${time?.date ?? ''}T00:00:00Z`);
}

export class CalendarPage {
  readonly surface: Locator;
  readonly editor: Locator;

  constructor(
    readonly page: Page,
    readonly app: AtriumApp,
  ) {
    this.surface = page.getByTestId('calendar-week');
    this.editor = page.getByTestId('event-editor');
  }

  async ready(): Promise<void> {
    await expect(this.surface.locator('[role="cell"][data-date]').first()).toBeVisible();
    await expect(this.page.getByTestId('calendar-loading-hint')).toHaveCount(0);
  }

  event(title: string): Locator {
    return this.page.getByTestId('calendar-event').filter({ hasText: title });
  }

  /** Day columns of the time grid, left to right. */
  async days(): Promise<string[]> {
    const cells = this.surface.locator('[role="cell"][data-date]');
    await expect(cells.first()).toBeVisible();
    const found: { date: string; height: number }[] = [];
    for (const cell of await cells.all()) {
      const box = await cell.boundingBox();
      const date = await cell.getAttribute('data-date');
      if (box && date) found.push({ date, height: box.height });
    }
    const tallest = Math.max(...found.map((entry) => entry.height));
    return found.filter((entry) => entry.height > tallest / 2).map((entry) => entry.date);
  }

  private async lane(date: string): Promise<Locator> {
    const cells = this.surface.locator(`[role="cell"][data-date="${date}"]`);
    let best: { cell: Locator; height: number } | null = null;
    for (const cell of await cells.all()) {
      const box = await cell.boundingBox();
      if (box && (!best || box.height > best.height)) best = { cell, height: box.height };
    }
    if (!best) throw new Error(`Day ${date} is not on the grid`);
    return best.cell;
  }

  /** Page coordinates of a time (`HH:MM`, on the half hour grid or between) in a day's column. */
  async point(date: string, time: string): Promise<{ x: number; y: number }> {
    await this.slot(time).scrollIntoViewIfNeeded();
    return this.linePosition(date, time);
  }

  /**
   * Scrolls the grid so that a time a drag will end at is well inside its scrolling area: FullCalendar
   * scrolls the grid while a drag is within 50 px of its edge, so a drag ending near one would drop
   * later or earlier the longer the release takes.
   */
  private async dropWellInside(time: string): Promise<void> {
    await this.slot(time).evaluate((slot, clear) => {
      let scroller = slot.parentElement;
      while (
        scroller &&
        !(scroller.scrollHeight > scroller.clientHeight && /auto|scroll/.test(getComputedStyle(scroller).overflowY))
      )
        scroller = scroller.parentElement;
      if (!scroller) return slot.scrollIntoView({ block: 'nearest' });
      const area = scroller.getBoundingClientRect();
      const box = slot.getBoundingClientRect();
      if (box.top < area.top + clear) scroller.scrollTop -= area.top + clear - box.top;
      else if (box.bottom > area.bottom - clear) scroller.scrollTop += box.bottom - (area.bottom - clear);
    }, 80);
  }

  private slot(time: string): Locator {
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    return this.surface
      .locator(`[data-time="${String(hours).padStart(2, '0')}:${minutes >= 30 ? '30' : '00'}:00"]`)
      .last();
  }

  /** Where a time's line is now, without scrolling. */
  private async linePosition(date: string, time: string): Promise<{ x: number; y: number }> {
    const [, minutes = 0] = time.split(':').map(Number);
    const slotBox = await this.slot(time).boundingBox();
    const column = await (await this.lane(date)).boundingBox();
    if (!slotBox || !column) throw new Error(`No grid position for ${date} ${time}`);
    const withinSlot = (minutes % 30) / 30;
    return { x: column.x + column.width / 2, y: slotBox.y + slotBox.height * withinSlot };
  }

  /** Drags across the grid from `from` to `to` on one day (creates a selection). */
  async dragRange(date: string, from: string, to: string): Promise<void> {
    const start = await this.point(date, from);
    const end = await this.point(date, to);
    await this.page.mouse.move(start.x, start.y + 3);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x, (start.y + end.y) / 2, { steps: 4 });
    await this.page.mouse.move(end.x, end.y - 3, { steps: 4 });
    await this.page.mouse.up();
  }

  /** An event the service has confirmed (placeholders shown while saving cannot be dragged). */
  async settled(title: string): Promise<Locator> {
    const event = this.event(title).first();
    await expect(event).toBeVisible();
    await expect(event).not.toHaveAttribute('data-pending');
    return event;
  }

  /** The event called `title` on `date` (the first one, or the first on that day for a series). */
  async eventOn(title: string, date?: string): Promise<Locator> {
    const events = this.event(title);
    await expect(events.first()).toBeVisible();
    if (!date) return events.first();
    const column = await (await this.lane(date)).boundingBox();
    const all = await events.all();
    for (const event of all) {
      const box = await event.boundingBox();
      if (box && column && box.x + box.width / 2 > column.x && box.x + box.width / 2 < column.x + column.width)
        return event;
    }
    throw new Error(`No “${title}” on ${date}`);
  }

  private async drawnBoxes(title: string): Promise<DOMRect[]> {
    const drawn = await this.event(title).evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    );
    return drawn.filter((box) => box.height > 0);
  }

  /**
   * While dragging, nudges the pointer until the preview's edge sits on the target line, as a person
   * watching the preview would (the grid's hit areas and drawn rows can differ by a few pixels).
   * The preview is the copy of the event that was not on the grid before the drag.
   */
  private async steer(
    title: string,
    before: DOMRect[],
    edge: 'top' | 'bottom',
    x: number,
    y: number,
    date: string,
    time: string,
  ): Promise<void> {
    const existed = (box: DOMRect) =>
      before.some(
        (old) => Math.abs(old.x - box.x) < 1 && Math.abs(old.y - box.y) < 1 && Math.abs(old.height - box.height) < 1,
      );
    let pointerY = y;
    let previousOff = 0;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      // The preview follows the pointer on the next frames.
      await this.page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const preview = (await this.drawnBoxes(title)).filter((box) => !existed(box)).pop();
      if (!preview) continue;
      // Measured each time: the grid may scroll while dragging near its edge.
      const targetY = (await this.linePosition(date, time)).y;
      const off = (edge === 'top' ? preview.y : preview.y + preview.height) - targetY;
      if (Math.abs(off) < 3) return;
      // Overshot back and forth: the target band is narrower than a step, so take half steps.
      const step = previousOff !== 0 && Math.sign(previousOff) !== Math.sign(off) ? off / 2 : off;
      previousOff = off;
      pointerY -= step;
      await this.page.mouse.move(x, pointerY, { steps: 2 });
    }
  }

  /** Drags an event (the one on `from`, for a series) to start at `time` on `date`. */
  async dragEvent(title: string, date: string, time: string, from?: string): Promise<void> {
    await this.settled(title);
    const event = await this.eventOn(title, from);
    await this.dropWellInside(time);
    const target = await this.point(date, time);
    const box = await event.boundingBox();
    if (!box) throw new Error(`${title} is not on the grid`);
    const before = await this.drawnBoxes(title);
    const grab = { x: box.x + box.width / 2, y: box.y + Math.min(10, box.height / 3) };
    await this.page.mouse.move(grab.x, grab.y);
    await this.page.mouse.down();
    await this.page.mouse.move(grab.x + 2, grab.y + 8, { steps: 3 });
    const y = target.y + (grab.y - box.y);
    await this.page.mouse.move(target.x, y, { steps: 8 });
    await this.steer(title, before, 'top', target.x, y, date, time);
    await this.page.mouse.up();
  }

  /** Drags an event's bottom edge to `time`. */
  async resizeEvent(title: string, date: string, time: string): Promise<void> {
    await this.settled(title);
    const event = await this.eventOn(title, date);
    await this.dropWellInside(time);
    const target = await this.point(date, time);
    await event.hover();
    const box = await event.boundingBox();
    if (!box) throw new Error(`${title} is not on the grid`);
    const before = await this.drawnBoxes(title);
    const grab = { x: box.x + box.width / 2, y: box.y + box.height - 3 };
    await this.page.mouse.move(grab.x, grab.y);
    await this.page.mouse.down();
    await this.page.mouse.move(grab.x, grab.y + 10, { steps: 3 });
    const y = target.y - 3;
    await this.page.mouse.move(grab.x, y, { steps: 8 });
    await this.steer(title, before, 'bottom', grab.x, y, date, time);
    await this.page.mouse.up();
  }

  /** Presses g and types `words` in the palette; its option `option` ("Go to …") opens that day in the day view. */
  async goToTyped(words: string, option: string): Promise<void> {
    await this.page.locator('body').press('g');
    const palette = this.page.getByTestId('command-palette');
    await expect(palette).toBeVisible();
    await this.page.keyboard.type(words);
    await expect(palette.getByText(option)).toBeVisible();
    await this.page.keyboard.press('Enter');
    await expect(this.surface).toHaveAttribute('data-view', 'day');
  }

  /** Jumps to a date with the mini month (its day buttons carry `data-date`). */
  async goTo(date: string): Promise<void> {
    const mini = this.page.getByTestId('mini-month');
    const day = mini.locator(`button[data-date="${date}"]`);
    for (let step = 0; step < 12 && (await day.count()) === 0; step += 1) {
      const shown = (await mini.locator('button[data-date]').first().getAttribute('data-date')) ?? '';
      await mini.getByRole('button', { name: shown < date ? 'Show next month' : 'Show previous month' }).click();
    }
    await day.click();
    await expect(this.surface.locator(`[role="cell"][data-date="${date}"]`).first()).toBeVisible();
  }

  /** A click shows the quick view; its Edit opens the full editor. */
  async openEvent(title: string): Promise<void> {
    await this.event(title).first().click();
    await this.editFromQuickView();
  }

  async editFromQuickView(): Promise<void> {
    const card = this.page.getByTestId('event-quick-view');
    await expect(card).toBeVisible();
    await card.getByTestId('quick-view-edit').click();
    await expect(this.editor).toBeVisible();
  }

  /** From the quick-create card a drag offers, on to the full editor. */
  async moreOptions(): Promise<void> {
    const card = this.page.getByTestId('quick-create');
    await expect(card).toBeVisible();
    await card.getByTestId('quick-create-more').click();
    await expect(this.editor).toBeVisible();
  }

  async save(): Promise<void> {
    await this.editor.getByTestId('editor-save').click();
  }

  /** Answers the "this event / this and following / all events" question. */
  async chooseScope(scope: 'this' | 'following' | 'all'): Promise<void> {
    const dialog = this.page.getByTestId('scope-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId(`scope-${scope}`).check();
    await dialog.getByTestId('scope-confirm').click();
    await expect(dialog).toBeHidden();
  }

  /** Picks a zone in a time-zone field by typing part of its name and choosing it from the list. */
  async pickZone(field: Locator, search: string, zone: string): Promise<void> {
    await field.click();
    const input = this.page.getByTestId('zone-picker-search');
    await input.fill(search);
    await this.page.locator(`[role="option"][data-zone="${zone}"]`).click();
    await expect(input).toBeHidden();
    await expect(field).toHaveAttribute('data-value', zone);
  }

  async view(name: 'day' | 'week' | 'workWeek' | 'month' | 'year' | 'agenda'): Promise<void> {
    await this.page.getByTestId(`calendar-view-${name}`).click();
    await expect(this.surface).toHaveAttribute('data-view', name);
  }

  async calendarSettings(name: string): Promise<Locator> {
    await this.page
      .getByTestId('calendar-entry')
      .filter({ hasText: name })
      .getByTestId('calendar-entry-settings')
      .click();
    const dialog = this.page.getByTestId('calendar-settings');
    await expect(dialog).toBeVisible();
    return dialog;
  }

  // ---------------------------------------------------------------- the service, as a second client

  async stored(calendarId = 'primary', query = ''): Promise<StoredEvent[]> {
    const list = await serviceGet<{ items?: StoredEvent[] }>(
      this.app,
      `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events?maxResults=2500${query}`,
    );
    return list.items ?? [];
  }

  async storedInstances(calendarId = 'primary'): Promise<StoredEvent[]> {
    return this.stored(calendarId, '&singleEvents=true&orderBy=startTime');
  }

  async insert(
    event: Record<string, unknown>,
    calendarId = 'primary',
    token = this.app.localUser.token,
  ): Promise<StoredEvent> {
    return serviceRequest<StoredEvent>(
      this.app,
      'POST',
      `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events`,
      event,
      token,
    );
  }
}
