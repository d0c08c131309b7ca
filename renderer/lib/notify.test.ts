import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from './account-store';
import { maxNotifications, notify, notifyError, undoAction, undoLatest, useNotificationStore } from './notify';

afterEach(() => useNotificationStore.setState({ notifications: [] }));

const messages = () => useNotificationStore.getState().notifications.map((n) => n.message);

describe('notify', () => {
  it('keeps at most three, newest first', () => {
    for (const message of ['one', 'two', 'three', 'four']) notify({ message });
    expect(maxNotifications).toBe(3);
    expect(messages()).toEqual(['four', 'three', 'two']);
  });

  it('puts an error’s own words behind the details, not in the sentence', () => {
    notifyError('Couldn’t move “Second”.', new Error('Invalid Value'));
    const [shown] = useNotificationStore.getState().notifications;
    expect(shown).toMatchObject({ message: 'Couldn’t move “Second”.', kind: 'error', details: 'Invalid Value' });
  });

  it('undoes the newest toast that has an Undo, once, and takes that toast away', async () => {
    const older = vi.fn();
    const newer = vi.fn();
    notify({ message: 'older', action: undoAction(older) });
    notify({ message: 'newer', action: undoAction(newer) });
    notify({ message: 'plain', action: { label: 'Open', run: vi.fn() } });

    expect(undoLatest()).toBe(true);
    await vi.waitFor(() => expect(newer).toHaveBeenCalledTimes(1));
    expect(older).not.toHaveBeenCalled();
    expect(messages()).toEqual(['plain', 'older']);

    expect(undoLatest()).toBe(true);
    await vi.waitFor(() => expect(older).toHaveBeenCalledTimes(1));
    expect(undoLatest()).toBe(false);
    expect(messages()).toEqual(['plain']);
  });

  it('reports an Undo that fails as an error toast', async () => {
    notify({ message: 'Deleted “A”', action: undoAction(() => Promise.reject(new Error('offline'))) });
    undoLatest();
    await vi.waitFor(() => expect(messages()).toEqual(['Couldn’t undo.']));
    expect(useNotificationStore.getState().notifications[0]?.details).toBe('offline');
  });

  it('drops every toast, and so every Undo, when the account changes', () => {
    useAccountStore.getState().setActive('work');
    notify({ message: 'Deleted “A”', action: undoAction(vi.fn()) });
    useAccountStore.getState().setActive('home');
    expect(messages()).toEqual([]);
    expect(undoLatest()).toBe(false);
  });
});
