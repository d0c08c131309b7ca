import { addDays, at, CalendarPage, instantOf, local, wall, zone } from './calendar-page';
import { expect, serviceRequest, test } from './fixtures';
import { chooseValue } from './choice-menu';
import { screenshotVariants } from './screens';
import { expectAxeCleanInBothSchemes } from './axe';

const dayWords = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: zone }).format(ms);

test('a click shows the event’s quick view; Escape closes it and focus goes back', async ({ page, app }, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  // Bob invites me: the event is on my calendar with my answer still open.
  await calendar.insert(
    {
      summary: 'Design review',
      location: 'Room 4',
      description: 'Walk through the new onboarding screens and agree on the copy.',
      start: { dateTime: at(monday, '10:00') },
      end: { dateTime: at(monday, '10:30') },
      attendees: [{ email: app.localUser.email }],
    },
    'primary',
    app.bob.token,
  );
  const event = await calendar.settled('Design review');
  await event.click();

  const card = page.getByTestId('event-quick-view');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('quick-view-title')).toHaveText('Design review');
  await expect(card.getByTestId('quick-view-when')).toHaveText(`${dayWords(local(monday, '10:00'))} · 10:00 – 10:30am`);
  await expect(card.getByTestId('quick-view-location')).toHaveText('Room 4');
  await expect(card.getByTestId('quick-view-description')).toContainText('onboarding screens');
  await expect(card.getByTestId('quick-view-calendar')).toContainText(app.localUser.email);
  const guests = card.getByTestId('quick-view-guests');
  await expect(guests.getByRole('listitem').filter({ hasText: app.bob.email })).toContainText('Organizer');
  await expect(guests.getByRole('listitem').filter({ hasText: app.localUser.email })).toContainText('Awaiting reply');
  await screenshotVariants(page, testInfo, 'calendar-quick-view');
  // Each guest reads whole beside their answer, "Organizer" included, in the 1024-wide window too.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1024, height: 700 });
  const cut = await guests
    .locator('.quick-view__guest-name, .quick-view__guest-role')
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
  expect(cut).toEqual([]);
  await page.setViewportSize(size);

  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(event).toBeFocused();

  // My answer, with Undo.
  await event.click();
  await expect(card).toBeVisible();
  await card.getByTestId('quick-view-rsvp').getByRole('button', { name: 'Yes' }).click();
  const mine = async () =>
    (await calendar.stored())[0]?.attendees?.find((attendee) => attendee.email === app.localUser.email)?.responseStatus;
  await expect.poll(mine).toBe('accepted');
  await expect(card.getByTestId('quick-view-rsvp').getByRole('button', { name: 'Yes' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByTestId('toast').filter({ hasText: 'Reply sent' }).getByTestId('toast-undo').click();
  await expect.poll(mine).toBe('needsAction');
});

test('the quick view deletes with Undo, duplicates, and opens the full editor', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const stored = await calendar.insert({
    summary: 'Lunch',
    start: { dateTime: at(monday, '12:00') },
    end: { dateTime: at(monday, '13:00') },
  });
  const card = page.getByTestId('event-quick-view');

  await (await calendar.settled('Lunch')).click();
  await card.getByTestId('quick-view-delete').click();
  await expect(card).toBeHidden();
  await expect(calendar.event('Lunch')).toHaveCount(0);
  await expect.poll(async () => (await calendar.stored()).length).toBe(0);
  await page.getByTestId('toast').filter({ hasText: 'Event deleted' }).getByTestId('toast-undo').click();
  await expect.poll(async () => (await calendar.stored()).map((event) => event.id)).toEqual([stored.id]);

  await (await calendar.settled('Lunch')).click();
  await card.getByTestId('quick-view-duplicate').click();
  await expect(calendar.event('Lunch')).toHaveCount(2);
  await expect
    .poll(async () => (await calendar.stored()).map((event) => wall(instantOf(event.start))))
    .toEqual([`${monday}T12:00`, `${monday}T12:00`]);

  await calendar.event('Lunch').first().click();
  await calendar.editFromQuickView();
  await expect(calendar.editor.getByTestId('editor-title')).toHaveValue('Lunch');
});

test('a drag offers quick-create: a title and Enter, or More options for the editor', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const tuesday = addDays(monday, 1);

  await calendar.dragRange(monday, '10:00', '11:30');
  const card = page.getByTestId('quick-create');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('quick-create-when')).toHaveText(
    `${dayWords(local(monday, '10:00'))} · 10:00 – 11:30am`,
  );
  await expect(card.getByTestId('quick-create-title')).toBeFocused();
  // The block where the event will go reads "(No title)", then the title as it is typed.
  const block = page.locator('[data-drag-copy]');
  await expect(block).toContainText('(No title)');
  await page.keyboard.type('Focus time');
  await expect(block).toContainText('Focus time');
  await screenshotVariants(page, testInfo, 'calendar-quick-create');
  await page.keyboard.press('Enter');
  await expect(card).toBeHidden();
  await expect(calendar.editor).toBeHidden();
  await expect(calendar.event('Focus time')).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Event created' })).toBeVisible();
  await expect
    .poll(async () => (await calendar.stored()).map((event) => [event.summary, wall(instantOf(event.start))]))
    .toEqual([['Focus time', `${monday}T10:00`]]);

  await calendar.dragRange(tuesday, '14:00', '15:00');
  await expect(card).toBeVisible();
  await page.keyboard.type('Planning');
  await card.getByTestId('quick-create-more').click();
  await expect(calendar.editor).toBeVisible();
  await expect(calendar.editor.getByTestId('editor-title')).toHaveValue('Planning');
  await expect(calendar.editor.getByTestId('editor-start-time')).toHaveValue('2:00pm');
  await page.keyboard.press('Escape');
  await expect(calendar.editor).toBeHidden();

  // Saved with no title, as Google allows: it reads "(No title)".
  await calendar.dragRange(tuesday, '16:00', '17:00');
  await expect(card).toBeVisible();
  await card.getByTestId('quick-create-save').click();
  await expect(card).toBeHidden();
  await expect(calendar.event('(No title)')).toBeVisible();
  await expect.poll(async () => (await calendar.stored()).length).toBe(2);
});

test('quick-create offers the calendar to put the event on, when there are several', async ({
  page,
  app,
}, testInfo) => {
  const family = await serviceRequest<{ id: string }>(app, 'POST', '/calendar/v3/calendars', { summary: 'Family' });
  const calendar = new CalendarPage(page, app);
  await page.reload();
  await calendar.ready();
  const [, monday = ''] = await calendar.days();

  await calendar.dragRange(monday, '09:00', '10:00');
  const card = page.getByTestId('quick-create');
  const choice = card.getByTestId('quick-create-calendar');
  await expect(choice).toHaveAccessibleName(`Calendar: ${app.localUser.email}`);
  await choice.click();
  // Each calendar is listed with its colour.
  const calendars = page.getByRole('menu', { name: 'Calendar' });
  await expect(calendars.getByRole('menuitemradio', { name: 'Family' }).locator('.context-menu__swatch')).toBeVisible();
  await calendars.getByRole('menuitemradio', { name: 'Family' }).click();
  await expect(choice).toHaveAccessibleName('Calendar: Family');
  await card.getByTestId('quick-create-title').fill('School play');
  await screenshotVariants(page, testInfo, 'calendar-quick-create-calendar');
  await expectAxeCleanInBothSchemes(page, 'quick-create with a calendar choice');
  await card.getByTestId('quick-create-save').click();
  await expect(card).toBeHidden();
  await expect
    .poll(async () => (await calendar.stored(family.id)).map((event) => event.summary))
    .toEqual(['School play']);
  expect(await calendar.stored()).toEqual([]);

  // More options carries the choice into the editor.
  await calendar.dragRange(monday, '13:00', '14:00');
  await chooseValue(card.getByTestId('quick-create-calendar'), family.id);
  await card.getByTestId('quick-create-more').click();
  await expect(calendar.editor.getByTestId('editor-calendar')).toHaveAttribute('data-value', family.id);
});

test('with the quick view open, e opens the editor and Delete deletes, as in Google Calendar', async ({
  page,
  app,
}) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const stored = await calendar.insert({
    summary: 'Lunch',
    start: { dateTime: at(monday, '12:00') },
    end: { dateTime: at(monday, '13:00') },
  });
  const card = page.getByTestId('event-quick-view');

  await (await calendar.settled('Lunch')).click();
  await expect(card).toBeVisible();
  await page.keyboard.press('e');
  await expect(calendar.editor.getByTestId('editor-title')).toHaveValue('Lunch');
  await page.keyboard.press('Escape');
  await expect(calendar.editor).toBeHidden();

  await (await calendar.settled('Lunch')).click();
  await expect(card).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(card).toBeHidden();
  await expect.poll(async () => (await calendar.stored()).length).toBe(0);
  // The event is gone, so the keyboard's place is the grid, not the page.
  await expect(page.getByTestId('calendar-week').locator('[tabindex="0"]').first()).toBeFocused();
  await page.getByTestId('toast').filter({ hasText: 'Event deleted' }).getByTestId('toast-undo').click();
  await expect.poll(async () => (await calendar.stored()).map((event) => event.id)).toEqual([stored.id]);
});

test('an invitation answered No is drawn as declined: an outline, its title struck through', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  for (const [summary, start, end] of [
    ['Bob planning', '14:00', '15:00'],
    ['Roadmap', '10:00', '11:00'],
  ] as const) {
    await calendar.insert(
      {
        summary,
        start: { dateTime: at(monday, start) },
        end: { dateTime: at(monday, end) },
        // Bob lists himself too: his entry still reads as the organizer's.
        attendees: [{ email: app.bob.email }, { email: app.localUser.email }],
      },
      'primary',
      app.bob.token,
    );
  }
  const event = await calendar.settled('Bob planning');
  const struck = () =>
    event.locator('.grid-event__title').evaluate((title) => getComputedStyle(title).textDecorationLine);
  expect(await struck()).toBe('none');
  await event.click();
  const card = page.getByTestId('event-quick-view');
  await expect(
    card.getByTestId('quick-view-guests').getByRole('listitem').filter({ hasText: app.bob.email }),
  ).toContainText('Organizer');
  await card.getByTestId('quick-view-rsvp').getByRole('button', { name: 'No' }).click();
  await expect.poll(struck).toBe('line-through');
  await expect(event).toContainText('Declined: Bob planning');
  // Filled no more: the grid shows through, as it does not for an event the person goes to.
  const fill = (locator: typeof event) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await fill(event)).not.toBe(await fill(calendar.event('Roadmap')));
  await screenshotVariants(page, testInfo, 'calendar-declined');
  // Escape closes the card the focus is in, not the toast its answer opened.
  await expect(page.getByTestId('toast').filter({ hasText: 'Reply sent' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(event).toBeFocused();
  await expect(page.getByTestId('toast').filter({ hasText: 'Reply sent' })).toBeVisible();

  await event.click();
  await card.getByTestId('quick-view-rsvp').getByRole('button', { name: 'Yes' }).click();
  await expect.poll(struck).toBe('none');
  await expect(event).not.toContainText('Declined');
});

test('a search result opens its event’s quick view on the event’s week, with the focus in the card', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const later = addDays(monday, 15);
  await calendar.insert({
    summary: 'Dentist follow-up',
    location: 'Main Street clinic',
    start: { dateTime: at(later, '15:00') },
    end: { dateTime: at(later, '15:30') },
  });

  await page.locator('body').press('/');
  await page.keyboard.type('dentist');
  await page.keyboard.press('Enter');
  await page.getByTestId('search-result').click();

  const card = page.getByTestId('event-quick-view');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('quick-view-title')).toHaveText('Dentist follow-up');
  await expect(card.getByTestId('quick-view-location')).toHaveText('Main Street clinic');
  expect(await calendar.days()).toContain(later);
  await expect.poll(() => card.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  // Beside the event it is about, as after a click on it.
  const event = calendar.event('Dentist follow-up');
  const [eventBox, cardBox] = [await event.boundingBox(), await card.boundingBox()];
  if (!eventBox || !cardBox) throw new Error('The event or its card is not shown');
  expect(cardBox.y).toBeLessThan(eventBox.y + eventBox.height);
  expect(cardBox.y + cardBox.height).toBeGreaterThan(eventBox.y);
  await screenshotVariants(page, testInfo, 'calendar-search-opens-quick-view');

  // Escape closes it and the keyboard is on the event, as after a click.
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(event).toBeFocused();
});

test('a description written as HTML, as Google Calendar keeps it, reads as its text, lines, list, links and bold words', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Quarterly review',
    description:
      '<b>Agenda</b><br>1. Budget &amp; forecast<br><ul><li>Q3 numbers</li><li>Hiring</li></ul>' +
      'Slides: <a href="https://docs.example.com/d/1">Review deck</a> · <a href="javascript:window.__hit=1">Run</a>' +
      '<script>window.__hit = 2</script><img src="x" onerror="window.__hit = 3"><p>See you there!</p>',
    start: { dateTime: at(monday, '14:00') },
    end: { dateTime: at(monday, '15:00') },
  });
  await (await calendar.settled('Quarterly review')).click();
  const description = page.getByTestId('event-quick-view').getByTestId('quick-view-description');
  await expect(description).toBeVisible();
  // Line by line, as the markup breaks it (the text as drawn, with its line breaks).
  expect(await description.evaluate((element) => element.textContent)).toBe(
    'Agenda\n1. Budget & forecast\n• Q3 numbers\n• Hiring\nSlides: Review deck · Run\nSee you there!',
  );
  // Only the http(s) link is a link, under its own words; nothing of the markup is an element or runs.
  const links = description.getByRole('link');
  await expect(links).toHaveCount(1);
  await expect(links.first()).toHaveText('Review deck');
  await expect(links.first()).toHaveAttribute('href', 'https://docs.example.com/d/1');
  // Its bold words are bold; no element of the markup itself is on the page.
  await expect(description.locator('strong')).toHaveText('Agenda');
  await expect(description.locator('b, ul, li, img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __hit?: number }).__hit)).toBeUndefined();
  await screenshotVariants(page, testInfo, 'calendar-quick-view-html-description');

  // The editor shows it formatted, and writes it back only when it is changed.
  await calendar.editFromQuickView();
  const field = calendar.editor.getByTestId('editor-description');
  await expect(field.locator('strong')).toHaveText('Agenda');
  await expect(field.locator('ul > li')).toHaveText(['Q3 numbers', 'Hiring']);
  await expect(field.getByRole('link', { name: 'Review deck' })).toHaveAttribute(
    'href',
    'https://docs.example.com/d/1',
  );
  // The javascript: link is not a link in the editor either, and nothing of the markup ran.
  await expect(field.locator('a')).toHaveCount(1);
  await expect(field.locator('img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __hit?: number }).__hit)).toBeUndefined();
  const stored = async () => (await calendar.stored()).find((event) => event.summary?.startsWith('Quarterly'));
  const html = (await stored())?.description;
  await calendar.editor.getByTestId('editor-title').fill('Quarterly review (Q4)');
  await calendar.save();
  await expect.poll(async () => (await stored())?.summary).toBe('Quarterly review (Q4)');
  expect((await stored())?.description).toBe(html);

  await (await calendar.settled('Quarterly review (Q4)')).click();
  await calendar.editFromQuickView();
  // Typed over the whole text, the words take the format of its first (bold, as in any editor).
  await field.fill('Agenda moved to the doc.');
  await calendar.save();
  await expect.poll(async () => (await stored())?.description).toBe('<b>Agenda moved to the doc.</b>');
});

test('the description is formatted as in Google Calendar: bold, italic, underline, lists and links, stored as Google stores them', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Planning',
    description: 'Plain notes\nsecond line',
    start: { dateTime: at(monday, '10:00') },
    end: { dateTime: at(monday, '11:00') },
  });
  await (await calendar.settled('Planning')).click();
  await calendar.editFromQuickView();
  const editor = calendar.editor;
  const field = editor.getByTestId('editor-description');
  await expect(field).toHaveAccessibleName('Description');
  await expect(field.locator('p')).toHaveText(['Plain notes', 'second line']);
  const toolbar = editor.getByRole('toolbar', { name: 'Description formatting' });
  const pressed = (name: string) => toolbar.getByRole('button', { name, exact: true });

  // Typed at the end: a bold word (the shortcut), then a list from the toolbar.
  await field.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+b');
  await expect(pressed('Bold')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Decisions');
  await page.keyboard.press('ControlOrMeta+b');
  await expect(pressed('Bold')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await pressed('Bulleted list').click();
  await expect(pressed('Bulleted list')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Ship it');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Hire');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // A link over selected words, from Ctrl/⌘+K; a bad address is refused with a reason.
  await page.keyboard.type('Read the brief');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('ControlOrMeta+k');
  const address = editor.getByTestId('editor-description-link');
  await expect(address).toBeFocused();
  await address.fill('javascript:alert(1)');
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('alert')).toContainText('Enter a web address');
  // Escape closes the link field only, not the editor.
  await page.keyboard.press('Escape');
  await expect(address).toHaveCount(0);
  await expect(editor).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  await address.fill('docs.example.com/brief');
  await page.keyboard.press('Enter');
  await expect(field.getByRole('link', { name: 'Read the brief' })).toHaveAttribute(
    'href',
    'https://docs.example.com/brief',
  );
  await screenshotVariants(page, testInfo, 'calendar-editor-formatted-description');

  await calendar.save();
  const stored = async () => (await calendar.stored()).find((event) => event.summary === 'Planning')?.description;
  await expect
    .poll(stored)
    .toBe(
      'Plain notes<br>second line<br><b>Decisions</b><ul><li>Ship it</li><li>Hire</li></ul>' +
        '<a href="https://docs.example.com/brief">Read the brief</a>',
    );
  // The quick view shows it formatted.
  await (await calendar.settled('Planning')).click();
  const description = page.getByTestId('event-quick-view').getByTestId('quick-view-description');
  await expect(description.locator('strong')).toHaveText('Decisions');
  await expect(description.getByRole('link', { name: 'Read the brief' })).toBeVisible();
  await expectAxeCleanInBothSchemes(page, 'quick view, formatted description');

  // Remove formatting takes the bold and the list off again; with nothing formatted, it is plain text.
  await calendar.editFromQuickView();
  await field.click();
  await page.keyboard.press('ControlOrMeta+a');
  await pressed('Remove formatting').click();
  await calendar.save();
  await expect.poll(stored).toBe('Plain notes\nsecond line\nDecisions\nShip it\nHire\nRead the brief');
});

test('web addresses in an event’s description are links that open outside the app; nothing else is', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const agenda = 'https://docs.example.com/agenda?id=7';
  await calendar.insert({
    summary: 'Planning',
    description: `Agenda: ${agenda}. Notes (http://wiki.example.com/planning) javascript:alert(1) <b>not bold</b>`,
    start: { dateTime: at(monday, '10:00') },
    end: { dateTime: at(monday, '11:00') },
  });
  await (await calendar.settled('Planning')).click();
  const description = page.getByTestId('event-quick-view').getByTestId('quick-view-description');
  // Markup reads as Google Calendar shows it (its editor writes HTML): the words, not the tags.
  await expect(description).toHaveText(
    `Agenda: ${agenda}. Notes (http://wiki.example.com/planning) javascript:alert(1) not bold`,
  );
  const links = description.getByRole('link');
  await expect(links).toHaveCount(2);
  const link = links.filter({ hasText: agenda });
  await expect(link).toHaveAttribute('href', agenda);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(links.nth(1)).toHaveAttribute('href', 'http://wiki.example.com/planning');
  // The text is text: no markup of its own becomes an element.
  await expect(description.locator('b, script')).toHaveCount(0);
  await screenshotVariants(page, testInfo, 'calendar-quick-view-description-links');

  // A click opens the address in a window of its own; the calendar stays where it is.
  await page.context().route('https://docs.example.com/**', (route) => route.fulfill({ body: 'Agenda' }));
  const opened = page.waitForEvent('popup');
  await link.click();
  expect((await opened).url()).toBe(agenda);
  await expect(page.getByTestId('calendar-week')).toBeVisible();
});
