import { Menu, Tray, nativeImage } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';
import { areaOfCollection } from '../../shared/api/collections';
import type { AgendaItem } from '../core/agenda';
import type { Core } from '../core/core';

/** A 32×32 mark drawn into the bundle, so the tray has an icon whatever files the package carries. */
const trayIconPng =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAn0lEQVR4nO3UwRWAIAwDUPdyFEd3GBxAoWmSggcOPTb5+ITjvO5j5SwtZwEtmDJAVExBKopTkOryEDGjfIiYVd5FsOUKXAI4bswQYLvfaBa6lC2H86pOD2dWnh7K3YAMgH10NkAGNAEQAn/1EEFi5yP0BXAh4IzscgRJ7ypBzLy62M9oKY8ATkS3Q/2hpHIUwEKg3OzdRiCpPAZgneWAB4nBiqKYFVzIAAAAAElFTkSuQmCC';

/** How long the agenda menu may go without being rebuilt (the clock moves even when nothing changes). */
const refreshMs = 5 * 60_000;
const maxItems = 12;

function timeLabel(item: AgendaItem): string {
  if (item.allDay) return 'All day';
  return new Date(item.start).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

/**
 * The tray (menu-bar) menu: today's agenda of the shown accounts, each entry opening its event,
 * then quick add, open and quit. Rebuilt when calendars change and every few minutes.
 */
export function createAgendaTray(core: Core, showWindow: () => void, quit: () => void): () => void {
  const icon = nativeImage.createFromDataURL(`data:image/png;base64,${trayIconPng}`).resize({ width: 16, height: 16 });
  icon.setTemplateImage(process.platform === 'darwin');
  const tray = new Tray(icon);
  tray.setToolTip('Atrium');
  let building: Promise<void> | undefined;
  let again = false;

  const open = (route: Parameters<Core['openRoute']>[0]): void => {
    showWindow();
    core.openRoute(route);
  };

  async function build(): Promise<void> {
    let agenda: AgendaItem[] = [];
    let problem: string | undefined;
    try {
      agenda = await core.todayAgenda();
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    const upcoming = agenda.filter((item) => item.allDay || item.end > Date.now()).slice(0, maxItems);
    const entries: MenuItemConstructorOptions[] = problem
      ? [{ label: 'Today’s agenda could not be read', enabled: false }]
      : upcoming.length === 0
        ? [{ label: 'Nothing more today', enabled: false }]
        : upcoming.map((item) => ({ label: `${timeLabel(item)}  ${item.title}`, click: () => open(item.route) }));
    const template: MenuItemConstructorOptions[] = [
      { label: 'Today', enabled: false },
      ...entries,
      { type: 'separator' },
      { label: 'Quick add event…', click: () => open({ kind: 'quickAdd' }) },
      { label: 'Open Atrium', click: showWindow },
      { type: 'separator' },
      { label: 'Quit Atrium', click: quit },
    ];
    if (!tray.isDestroyed()) tray.setContextMenu(Menu.buildFromTemplate(template));
  }

  function refresh(): void {
    if (building) {
      again = true;
      return;
    }
    building = build().finally(() => {
      building = undefined;
      if (again) {
        again = false;
        refresh();
      }
    });
  }

  refresh();
  const timer = setInterval(refresh, refreshMs);
  const unsubscribe = core.onEvent((event) => {
    if ((event.type === 'changed' && areaOfCollection(event.collection) === 'calendar') || event.type === 'accounts')
      refresh();
  });
  tray.on('click', () => {
    // Windows and Linux open the app on a click; macOS shows the menu, which the OS does by itself.
    if (process.platform !== 'darwin') showWindow();
  });
  return () => {
    clearInterval(timer);
    unsubscribe();
    tray.destroy();
  };
}
