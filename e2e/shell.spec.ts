import { expect, saveScreenshot, serviceGet, test } from './fixtures';
import { screenshotVariants } from './screens';
import { expectAxeCleanInBothSchemes } from './axe';

test('shows the account and switches views from the keyboard', async ({ page, app }) => {
  const badge = page.getByRole('region', { name: 'Current account' });
  await expect(badge).toContainText('Me');
  await expect(badge).toContainText(app.localUser.email);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('button', { name: 'Calendar' }).focus();
  await page.keyboard.press('Tab');
  const tasks = nav.getByRole('button', { name: 'Tasks' });
  await expect(tasks).toBeFocused();
  // The focus ring is visible for keyboard users.
  expect(await tasks.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(tasks).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('button', { name: 'Calendar' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('task-board')).toBeVisible();

  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(nav.getByRole('button', { name: 'Files' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('files-view')).toBeVisible();
});

test('shows a readable error with Retry when the accounts cannot be read', async ({ page }) => {
  let refuse = true;
  await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const frame = typeof message === 'string' ? (JSON.parse(message) as { id?: number; method?: string }) : {};
      if (refuse && frame.method === 'accounts.list') {
        socket.send(
          JSON.stringify({
            type: 'reply',
            id: frame.id,
            reply: { ok: false, error: { code: 'unavailable', message: 'The account store is locked.' } },
          }),
        );
        return;
      }
      server.send(message);
    });
  });
  await page.reload();
  const error = page.getByTestId('error-panel');
  await expect(error).toContainText('The account store is locked.');
  refuse = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('calendar-view')).toBeVisible();
});

test('says when the page loses its server, keeps a change made meanwhile, and sends it on reconnecting', async ({
  page,
  app,
}) => {
  let down = false;
  const sockets: { close: () => Promise<void> }[] = [];
  await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
    if (down) {
      void socket.close({ code: 1011, reason: 'down' });
      return;
    }
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => socket.send(message));
    sockets.push({ close: () => socket.close({ code: 1011, reason: 'down' }) });
  });
  await page.reload();
  await page.getByTestId('nav-tasks').click();
  const field = page.getByTestId('task-new-title').first();
  await expect(field).toBeVisible();
  await expect(page.getByTestId('host-connection-notice')).toHaveCount(0);

  down = true;
  for (const socket of sockets.splice(0)) await socket.close();
  const notice = page.getByTestId('host-connection-notice');
  await expect(notice).toContainText('Can’t reach Atrium’s server');
  await saveScreenshot(page, 'host-connection-lost');
  await expectAxeCleanInBothSchemes(page, 'lost connection banner');
  await field.fill('Written while away');
  await field.press('Enter');

  down = false;
  await expect(notice).toHaveCount(0, { timeout: 20_000 });
  await expect
    .poll(
      async () => {
        const lists = await serviceGet<{ items: { id: string }[] }>(app, '/tasks/v1/users/@me/lists');
        const tasks = await serviceGet<{ items?: { title: string }[] }>(
          app,
          `/tasks/v1/lists/${lists.items[0]!.id}/tasks`,
        );
        return (tasks.items ?? []).map((t) => t.title);
      },
      { timeout: 20_000 },
    )
    .toContain('Written while away');
});

test('a click on a blank spot then a shortcut rings no region; a control reached by keyboard keeps its ring', async ({
  page,
}, testInfo) => {
  const main = page.locator('main#main');
  await expect(page.getByTestId('calendar-week')).toBeVisible();
  // The click gives the focus to the nearest focusable box, the main area (tabindex -1, the skip link's target).
  await page.getByTestId('calendar-title').click();
  await expect(main).toBeFocused();
  const ring = (element: Element) => {
    const style = getComputedStyle(element);
    return style.outlineStyle === 'none' ? 'none' : `${style.outlineStyle} ${style.outlineWidth}`;
  };
  const title = await page.getByTestId('calendar-title').textContent();
  await page.keyboard.press('n');
  await expect(page.getByTestId('calendar-title')).not.toHaveText(title ?? '');
  await expect(main).toBeFocused();
  expect(await main.evaluate(ring)).toBe('none');
  await screenshotVariants(page, testInfo, 'shell-main-after-shortcut');

  await page.keyboard.press('Tab');
  const control = page.locator(':focus');
  await expect(control).toHaveCount(1);
  expect(await control.evaluate(ring)).not.toBe('none');
});
