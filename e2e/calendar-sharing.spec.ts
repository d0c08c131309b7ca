import { at, CalendarPage } from './calendar-page';
import { expect, serviceGet, test } from './fixtures';
import { chooseValue } from './choice-menu';

interface CalendarListEntry {
  id: string;
  summary?: string;
  summaryOverride?: string;
  backgroundColor?: string;
  accessRole?: string;
}
interface AclRule {
  id: string;
  role: string;
}

test('creates, renames, recolors and shares a calendar, and bob sees it in his list', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();

  await page.getByTestId('calendar-create-calendar').click();
  await page.getByRole('dialog', { name: 'New calendar' }).getByLabel('Name').fill('Family');
  await page.keyboard.press('Enter');
  const entry = page.getByTestId('calendar-entry').filter({ hasText: 'Family' });
  await expect(entry).toBeVisible();
  const list = async () =>
    (await serviceGet<{ items?: CalendarListEntry[] }>(app, '/calendar/v3/users/me/calendarList')).items ?? [];
  const family = (await list()).find((item) => item.summary === 'Family');
  expect(family).toMatchObject({ accessRole: 'owner' });
  const familyId = family?.id ?? '';

  // Rename (the person's own name) and recolor.
  const settings = await calendar.calendarSettings('Family');
  await settings.getByTestId('calendar-settings-name').fill('Home');
  await settings.getByTestId('calendar-settings-rename').click();
  await expect(page.getByTestId('calendar-entry').filter({ hasText: 'Home' })).toBeVisible();
  await settings.getByRole('radio', { name: 'Tomato' }).check();
  await expect
    .poll(async () => (await list()).find((item) => item.id === familyId))
    .toMatchObject({ summary: 'Family', summaryOverride: 'Home', backgroundColor: '#f83a22' });

  // Share with bob as a reader, and everyone at atrium.local as writers: bob's effective access is the domain's.
  const sharing = settings.getByTestId('sharing-panel');
  const add = sharing.getByTestId('sharing-add');
  await add.getByTestId('sharing-add-value').fill(app.bob.email);
  await chooseValue(add.getByTestId('sharing-add-role'), 'reader');
  await add.getByTestId('sharing-add-submit').click();
  const bobRule = sharing.getByTestId('sharing-rule').filter({ hasText: app.bob.email });
  await expect(bobRule.getByTestId('sharing-rule-role')).toHaveAttribute('data-value', 'reader');
  await chooseValue(add.getByTestId('sharing-add-type'), 'domain');
  await add.getByTestId('sharing-add-value').fill('atrium.local');
  await chooseValue(add.getByTestId('sharing-add-role'), 'writer');
  await add.getByTestId('sharing-add-submit').click();
  await expect(bobRule.getByTestId('sharing-effective')).toHaveText(
    'Effective: Make changes to events (through everyone at atrium.local)',
  );
  await chooseValue(add.getByTestId('sharing-add-type'), 'default');
  await chooseValue(add.getByTestId('sharing-add-role'), 'freeBusyReader');
  await add.getByTestId('sharing-add-submit').click();
  await expect(sharing.getByTestId('sharing-public')).toHaveText('Anyone: See only free/busy (hide details)');
  await sharing.getByTestId('sharing-check-input').fill('carol@elsewhere.org');
  await expect(sharing.getByTestId('sharing-check-result')).toHaveText(
    'carol@elsewhere.org: See only free/busy (hide details) (through public access)',
  );

  const acl = async () =>
    Object.fromEntries(
      (
        (await serviceGet<{ items?: AclRule[] }>(app, `/calendar/v3/calendars/${encodeURIComponent(familyId)}/acl`))
          .items ?? []
      ).map((rule) => [rule.id, rule.role]),
    );
  expect(await acl()).toEqual({
    [`user:${app.localUser.email}`]: 'owner',
    [`user:${app.bob.email}`]: 'reader',
    'domain:atrium.local': 'writer',
    default: 'freeBusyReader',
  });

  // Change bob's role, remove the domain rule.
  await chooseValue(bobRule.getByTestId('sharing-rule-role'), 'writer');
  await expect(bobRule.getByTestId('sharing-effective')).toHaveCount(0);
  await sharing
    .getByTestId('sharing-rule')
    .filter({ hasText: 'Everyone at atrium.local' })
    .getByTestId('sharing-rule-remove')
    .click();
  await expect(sharing.getByTestId('sharing-rule').filter({ hasText: 'Everyone at atrium.local' })).toHaveCount(0);
  // My own rule cannot be removed here.
  await expect(
    sharing.getByTestId('sharing-rule').filter({ hasText: '(you)' }).getByTestId('sharing-rule-remove'),
  ).toBeDisabled();
  await settings.getByTestId('calendar-settings-close').click();

  await page.reload();
  await calendar.ready();
  expect(await acl()).toEqual({
    [`user:${app.localUser.email}`]: 'owner',
    [`user:${app.bob.email}`]: 'writer',
    default: 'freeBusyReader',
  });
  // Bob, through the service: the calendar is on his list, and he may change its events.
  const bobsList = await serviceGet<{ items?: CalendarListEntry[] }>(
    app,
    '/calendar/v3/users/me/calendarList',
    app.bob.token,
  );
  expect(bobsList.items?.find((item) => item.id === familyId)).toMatchObject({
    summary: 'Family',
    accessRole: 'writer',
  });
  await expect(page.getByTestId('calendar-entry').filter({ hasText: 'Home' })).toBeVisible();
});

test('hides, shows and deletes a calendar', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  await page.getByTestId('calendar-create-calendar').click();
  await page.getByRole('dialog', { name: 'New calendar' }).getByLabel('Name').fill('Gym');
  await page.keyboard.press('Enter');
  const entry = page.getByTestId('calendar-entry').filter({ hasText: 'Gym' });
  await expect(entry).toBeVisible();
  const gymId = (await entry.getAttribute('data-calendar-id')) ?? '';
  await calendar.insert(
    { summary: 'Spin class', start: { dateTime: at(monday, '18:00') }, end: { dateTime: at(monday, '19:00') } },
    gymId,
  );
  await expect(calendar.event('Spin class')).toBeVisible();

  await entry.getByTestId('calendar-entry-toggle').uncheck();
  await expect(calendar.event('Spin class')).toHaveCount(0);
  await page.reload();
  await calendar.ready();
  await expect(entry.getByTestId('calendar-entry-toggle')).not.toBeChecked();
  await expect(calendar.event('Spin class')).toHaveCount(0);
  await entry.getByTestId('calendar-entry-toggle').check();
  await expect(calendar.event('Spin class')).toBeVisible();

  const settings = await calendar.calendarSettings('Gym');
  await settings.getByTestId('calendar-settings-delete').click();
  await settings.getByTestId('calendar-settings-confirm-delete').click();
  await expect(entry).toHaveCount(0);
  await expect(calendar.event('Spin class')).toHaveCount(0);
  await expect
    .poll(async () =>
      ((await serviceGet<{ items?: CalendarListEntry[] }>(app, '/calendar/v3/users/me/calendarList')).items ?? []).map(
        (item) => item.id,
      ),
    )
    .toEqual([app.localUser.email]);
});
