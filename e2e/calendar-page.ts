import { expect, type Locator, type Page } from '@playwright/test';
import { serviceGet, serviceRequest, type AtriumApp } from './fixtures';

/**
 * The calendar view, driven the way a person would: grid drags, the editor dialog, the sidebar.
 * The grid shows the local user's Calendar setting zone, which is UTC on a fresh service (the
 * browser runs in New York), so times below are UTC unless said otherwise.
 */

export interface StoredEvent {
  id: string;
  status?: string;
  summary?: string;
  location?: string;
  description?: string;
  recurringEventId?: string;
  recurrence?: string[];
  originalStartTime?: { date?: string; dateTime?: string };
  start?: { date?: string; dateTime?: string; timeZone?: string };
  end?: { date?: string; dateTime?: string; timeZone?: string };
  attendees?: { email?: string; responseStatus?: string }[];
  reminders?: { useDefault?: boolean; overrides?: { method?: string; minutes?: number }[] };
}

export const hourMs = 3_600_000;
export const dayMs = 24 * hourMs;

/** `YYYY-MM-DD` plus `HH:MM` in UTC as epoch ms. */
export function utc(date: string, time = '00:00'): number {
  return Date.parse(`${date}T${time}:00Z`);
}

export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * dayMs).toISOString().slice(0, 10);
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
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    const slotTime = `${String(hours).padStart(2, '0')}:${minutes >= 30 ? '30' : '00'}:00`;
    const slot = this.surface.locator(`[data-time="${slotTime}"]`).last();
    await slot.scrollIntoViewIfNeeded();
    const slotBox = await slot.boundingBox();
    const column = await (await this.lane(date)).boundingBox();
    if (!slotBox || !column) throw new Error(`No grid position for ${date} ${time}`);
    const withinSlot = (minutes % 30) / 30;
    return { x: column.x + column.width / 2, y: slotBox.y + slotBox.height * withinSlot };
  }

  /** Height of a quarter hour on the grid: the snapping step of drags. */
  private async quarterHour(): Promise<number> {
    const box = await this.surface.locator('[data-time="12:00:00"]').last().boundingBox();
    return (box?.height ?? 40) / 2;
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

  /** Drags an event by its top edge area to start at `time` on `date`. */
  async dragEvent(title: string, date: string, time: string): Promise<void> {
    const event = await this.settled(title);
    await event.scrollIntoViewIfNeeded();
    const box = await event.boundingBox();
    if (!box) throw new Error(`${title} is not on the grid`);
    // Grab and drop halfway into a quarter hour, so both ends snap to the quarter they are in.
    const inset = (await this.quarterHour()) / 2;
    const grab = { x: box.x + box.width / 2, y: box.y + inset };
    const target = await this.point(date, time);
    await this.page.mouse.move(grab.x, grab.y);
    await this.page.mouse.down();
    await this.page.mouse.move(grab.x + 2, grab.y + 8, { steps: 3 });
    await this.page.mouse.move(target.x, target.y + inset, { steps: 8 });
    await this.page.mouse.up();
  }

  /** Drags an event's bottom edge to `time`. */
  async resizeEvent(title: string, date: string, time: string): Promise<void> {
    const event = await this.settled(title);
    await event.scrollIntoViewIfNeeded();
    await event.hover();
    const box = await event.boundingBox();
    if (!box) throw new Error(`${title} is not on the grid`);
    const grab = { x: box.x + box.width / 2, y: box.y + box.height - 3 };
    const target = await this.point(date, time);
    await this.page.mouse.move(grab.x, grab.y);
    await this.page.mouse.down();
    await this.page.mouse.move(grab.x, grab.y + 10, { steps: 3 });
    await this.page.mouse.move(grab.x, target.y, { steps: 8 });
    await this.page.mouse.up();
  }

  async openEvent(title: string): Promise<void> {
    await this.event(title).first().click();
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

  async view(name: 'day' | 'week' | 'workWeek' | 'month' | 'year' | 'agenda'): Promise<void> {
    await this.page.getByTestId(`calendar-view-${name}`).click();
    await expect(this.surface).toHaveAttribute('data-view', name);
  }

  async calendarSettings(name: string): Promise<Locator> {
    await this.page.getByTestId('calendar-entry').filter({ hasText: name }).getByTestId('calendar-entry-settings').click();
    const dialog = this.page.getByTestId('calendar-settings');
    await expect(dialog).toBeVisible();
    return dialog;
  }

  // ---------------------------------------------------------------- the service, as a second client

  async stored(calendarId = 'primary', query = ''): Promise<StoredEvent[]> {
    const list = await serviceGet<{ items?: StoredEvent[] }>(this.app, `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events?maxResults=2500${query}`);
    return list.items ?? [];
  }

  async storedInstances(calendarId = 'primary'): Promise<StoredEvent[]> {
    return this.stored(calendarId, '&singleEvents=true&orderBy=startTime');
  }

  async insert(event: Record<string, unknown>, calendarId = 'primary', token = this.app.localUser.token): Promise<StoredEvent> {
    return serviceRequest<StoredEvent>(this.app, 'POST', `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events`, event, token);
  }
}
