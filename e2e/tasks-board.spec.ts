import { expect, saveScreenshot, serviceRequest, test } from './fixtures';
import { screenshotVariants } from './screens';
import {
  card,
  column,
  dragTo,
  expectBoardMatchesService,
  listId,
  openBoard,
  seed,
  settled,
  shownOutline,
  storedOutline,
  type TaskList,
} from './tasks-helpers';

test.describe('task board drop targets', () => {
  test('the whole column takes a drop: top of an empty list, and the space under the cards', async ({
    page,
    app,
    pageErrors,
  }, testInfo) => {
    const mine = await listId(app, 'My Tasks');
    const empty = (await serviceRequest<TaskList>(app, 'POST', '/tasks/v1/users/@me/lists', { title: 'Empty' })).id;
    await seed(app, mine, ['Trip', ['Pack', 'Tickets'], 'Stay']);
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Trip', '  Pack', '  Tickets', 'Stay']);

    // A subtask let go in the empty space just under the last card becomes the last top-level task.
    await dragTo(
      page,
      'Pack',
      async () => {
        const last = await card(page, 'Stay').boundingBox();
        if (!last) throw new Error('no card Stay');
        return { x: last.x + last.width / 2, y: last.y + last.height + 40 };
      },
      false,
    );
    await expect(column(page, 'My Tasks')).toHaveClass(/task-column--drop/);
    // (A window resize cancels a drag, so only this size shows the drag under way.)
    await saveScreenshot(page, 'tasks-drop-column-end-dragging');
    await page.mouse.up();
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Trip', '  Tickets', 'Stay', 'Pack']);
    await settled(page);
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Trip', '  Tickets', 'Stay', 'Pack']);

    // The top of an empty list, right under its "Add a task" field, far from the "Drop here" line.
    await dragTo(page, 'Tickets', async () => {
      const scroller = await column(page, 'Empty').getByTestId('task-column-scroller').boundingBox();
      if (!scroller) throw new Error('no scroller');
      return { x: scroller.x + scroller.width / 2, y: scroller.y + 12 };
    });
    await expect.poll(() => shownOutline(page, 'Empty')).toEqual(['Tickets']);
    await settled(page);
    await expect.poll(() => storedOutline(app, empty)).toEqual(['Tickets']);
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Trip', 'Stay', 'Pack']);

    // The column's header counts too.
    await dragTo(page, 'Trip', async () => {
      const header = await column(page, 'Empty').getByTestId('task-column-title').boundingBox();
      if (!header) throw new Error('no header');
      return { x: header.x + header.width / 2, y: header.y + header.height / 2 };
    });
    await expect.poll(() => storedOutline(app, empty)).toEqual(['Tickets', 'Trip']);
    await screenshotVariants(page, testInfo, 'tasks-drop-column-end');
    await expectBoardMatchesService(page, app);
    expect(pageErrors).toEqual([]);
  });
});
