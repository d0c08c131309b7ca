import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectApiError,
  insertInOrder,
  listAll,
  outline,
  startTasksService,
  type TasksTestService,
} from './tasks-test-kit';

let t: TasksTestService;
let list: string;
beforeAll(async () => {
  t = await startTasksService();
});
afterAll(() => t.close());
beforeEach(async () => {
  list = (await t.api.tasklists.insert({ requestBody: { title: 'Moves' } })).data.id!;
});

const shape = async () => outline(await listAll(t.api, list));
const move = (task: string, where: { parent?: string; previous?: string } = {}) =>
  t.api.tasks.move({ tasklist: list, task, ...where });

describe('ordering and moves (official client)', () => {
  it('inserts at the first position by default, after previous when given, under parent when given', async () => {
    const first = (await t.api.tasks.insert({ tasklist: list, requestBody: { title: 'B' } })).data;
    const top = (await t.api.tasks.insert({ tasklist: list, requestBody: { title: 'A' } })).data;
    await t.api.tasks.insert({ tasklist: list, previous: first.id!, requestBody: { title: 'C' } });
    await t.api.tasks.insert({ tasklist: list, previous: top.id!, requestBody: { title: 'A2' } });
    const sub = (await t.api.tasks.insert({ tasklist: list, parent: first.id!, requestBody: { title: 'B.1' } })).data;
    expect(sub.parent).toBe(first.id);
    await t.api.tasks.insert({ tasklist: list, parent: first.id!, previous: sub.id!, requestBody: { title: 'B.2' } });
    await t.api.tasks.insert({ tasklist: list, parent: first.id!, requestBody: { title: 'B.0' } });
    expect(await shape()).toEqual(['A', 'A2', 'B', '  B.0', '  B.1', '  B.2', 'C']);
    // The position strings alone order the siblings.
    const items = await listAll(t.api, list);
    const top3 = items.filter((x) => !x.parent).map((x) => x.position!);
    expect([...top3].sort()).toEqual(top3);
  });

  it('reorders with previous and moves to the first position without it', async () => {
    const [a, b, c, d] = await insertInOrder(t.api, list, ['a', 'b', 'c', 'd']);
    const moved = (await move(a!.id!, { previous: c!.id! })).data;
    expect(moved.parent).toBeUndefined();
    expect(await shape()).toEqual(['b', 'c', 'a', 'd']);
    await move(d!.id!);
    expect(await shape()).toEqual(['d', 'b', 'c', 'a']);
    await move(b!.id!, { previous: a!.id! });
    expect(await shape()).toEqual(['d', 'c', 'a', 'b']);
  });

  it('moving a task moves its subtasks with it, touching only the moved task', async () => {
    const [p, q] = await insertInOrder(t.api, list, ['p', 'q']);
    await insertInOrder(t.api, list, ['p1', 'p2'], p!.id!);
    const before = await listAll(t.api, list);
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    await move(p!.id!, { parent: q!.id! });
    expect(await shape()).toEqual(['q', '  p', '    p1', '    p2']);
    const after = await listAll(t.api, list);
    const changed = after.filter((x) => before.find((y) => y.id === x.id)?.etag !== x.etag).map((x) => x.title);
    expect(changed).toEqual(['p']);
    // Promote back to the top level after q.
    await move(p!.id!, { previous: q!.id! });
    expect(await shape()).toEqual(['q', 'p', '  p1', '  p2']);
  });

  it('refuses to make a task its own descendant (400) and changes nothing', async () => {
    const [a] = await insertInOrder(t.api, list, ['a']);
    const [a1] = await insertInOrder(t.api, list, ['a1'], a!.id!);
    const [a11] = await insertInOrder(t.api, list, ['a11'], a1!.id!);
    const before = await listAll(t.api, list);
    await expectApiError(move(a!.id!, { parent: a!.id! }), 400, 'invalid');
    await expectApiError(move(a!.id!, { parent: a1!.id! }), 400, 'invalid');
    await expectApiError(move(a!.id!, { parent: a11!.id! }), 400, 'invalid');
    expect(await listAll(t.api, list)).toEqual(before);
  });

  it('refuses a previous that is not a sibling under the target parent (400), changing nothing', async () => {
    const [a, b] = await insertInOrder(t.api, list, ['a', 'b']);
    const [a1] = await insertInOrder(t.api, list, ['a1'], a!.id!);
    const [b1] = await insertInOrder(t.api, list, ['b1'], b!.id!);
    const before = await listAll(t.api, list);
    await expectApiError(move(b1!.id!, { parent: a!.id!, previous: b!.id! }), 400, 'invalid');
    await expectApiError(move(a!.id!, { previous: a1!.id! }), 400, 'invalid');
    await expectApiError(move(b!.id!, { previous: b!.id! }), 400, 'invalid');
    await expectApiError(move(b!.id!, { previous: 'no-such-task' }), 400, 'invalid');
    await expectApiError(move(b!.id!, { parent: 'no-such-task' }), 400, 'invalid');
    await expectApiError(
      t.api.tasks.insert({ tasklist: list, parent: a!.id!, previous: b1!.id!, requestBody: { title: 'x' } }),
      400,
      'invalid',
    );
    await expectApiError(move('no-such-task', { previous: a!.id! }), 404, 'notFound');
    await expectApiError(t.api.tasks.move({ tasklist: 'no-such-list', task: a!.id! }), 404, 'notFound');
    expect(await listAll(t.api, list)).toEqual(before);
  });

  it('a deleted task cannot be a parent or previous', async () => {
    const [a, b] = await insertInOrder(t.api, list, ['a', 'b']);
    await t.api.tasks.delete({ tasklist: list, task: a!.id! });
    await expectApiError(move(b!.id!, { parent: a!.id! }), 400, 'invalid');
    await expectApiError(move(b!.id!, { previous: a!.id! }), 400, 'invalid');
  });

  it('keeps order through many inserts into the same gap without renumbering siblings', async () => {
    const [left, right] = await insertInOrder(t.api, list, ['left', 'right']);
    let previous = left!.id!;
    const titles: string[] = [];
    for (let i = 0; i < 40; i++) {
      const title = `m${String(i).padStart(2, '0')}`;
      titles.push(title);
      // Always directly after the newest: the gap before `right` keeps being split.
      previous = (await t.api.tasks.insert({ tasklist: list, previous, requestBody: { title } })).data.id!;
    }
    expect(await shape()).toEqual(['left', ...titles, 'right']);
    const after = await listAll(t.api, list);
    expect(after.find((x) => x.id === left!.id)?.position).toBe(left!.position);
    expect(after.find((x) => x.id === right!.id)?.position).toBe(right!.position);
    for (let i = 0; i < 40; i++) await t.api.tasks.insert({ tasklist: list, requestBody: { title: `top${i}` } });
    const top = (await listAll(t.api, list)).filter((x) => !x.parent);
    expect(Math.max(...top.map((x) => x.position!.length))).toBeLessThan(12);
  });

  it('moves a task with its subtasks to another list with destinationTasklist', async () => {
    const other = (await t.api.tasklists.insert({ requestBody: { title: 'Other' } })).data.id!;
    const [x] = await insertInOrder(t.api, other, ['x']);
    const [p] = await insertInOrder(t.api, list, ['p', 'q']);
    await insertInOrder(t.api, list, ['p1'], p!.id!);
    // Both lists have been read (and their outlines kept) before the move.
    expect(await shape()).toEqual(['p', '  p1', 'q']);
    expect(outline(await listAll(t.api, other))).toEqual(['x']);
    await t.api.tasks.move({ tasklist: list, task: p!.id!, destinationTasklist: other, previous: x!.id! });
    expect(await shape()).toEqual(['q']);
    expect(outline(await listAll(t.api, other))).toEqual(['x', 'p', '  p1']);
    expect((await t.api.tasks.get({ tasklist: other, task: p!.id! })).data.selfLink).toContain(`/lists/${other}/`);
  });
});
