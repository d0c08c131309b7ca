import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { useHeldValue } from '../../lib/held-value';
import type { CalendarInfo } from './calendar-data';
import { CalendarNotificationSettings } from './CalendarNotificationSettings';
import { calendarColorNames, readableTextOn, type ColorPair, type Palettes } from './colors';
import { SharingPanel } from './SharingPanel';
import { returnFocus } from '../../lib/return-focus';

interface CalendarSettingsDialogProps {
  calendar: CalendarInfo | null;
  palettes: Palettes;
  selfEmail: string | null;
  onRename: (calendar: CalendarInfo, name: string) => void;
  /** Settles once the change is stored (or refused and taken back). */
  onColor: (calendar: CalendarInfo, color: ColorPair, colorId: string | null) => Promise<unknown>;
  onDelete: (calendar: CalendarInfo) => void;
  onDefaultReminders: (calendar: CalendarInfo, reminders: CalendarInfo['defaultReminders']) => void;
  onEmailNotifications: (calendar: CalendarInfo, types: string[]) => Promise<unknown>;
  onClose: () => void;
}

/** One calendar's settings: the person's name and color for it, sharing (owners), and delete/remove. */
export function CalendarSettingsDialog(props: CalendarSettingsDialogProps) {
  return (
    <Dialog.Root open={props.calendar !== null} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {props.calendar ? <SettingsContent key={props.calendar.id} {...props} calendar={props.calendar} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SettingsContent({
  calendar,
  palettes,
  selfEmail,
  onRename,
  onColor,
  onDelete,
  onDefaultReminders,
  onEmailNotifications,
  onClose,
}: CalendarSettingsDialogProps & { calendar: CalendarInfo }) {
  const ids = { name: useId(), custom: useId() };
  const [name, setName] = useState(calendar.name);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [background, holdBackground] = useHeldValue(calendar.color.background.toLowerCase());
  const setColor = (pair: ColorPair, id: string | null) =>
    holdBackground(pair.background.toLowerCase(), onColor(calendar, pair, id));

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== calendar.name) onRename(calendar, name);
  };

  return (
    <Dialog.Content
      {...returnFocus}
      className="dialog calendar-settings"
      data-testid="calendar-settings"
      aria-describedby={undefined}
    >
      <Dialog.Title className="dialog__title">{calendar.name}</Dialog.Title>
      <p className="dialog__description">
        {calendar.primary
          ? 'Your primary calendar'
          : calendar.owned
            ? 'A calendar you own'
            : `Shared with you · ${accessWords[calendar.accessRole]}`}
        {calendar.name !== calendar.summary ? ` · titled “${calendar.summary}” by its owner` : ''}
      </p>

      {/* The settings scroll between the title and the buttons, which stay in view at any height. */}
      <div className="calendar-settings__body" data-testid="calendar-settings-body">
        <form className="field" onSubmit={saveName}>
          <label className="field__label" htmlFor={ids.name}>
            Name in your list
          </label>
          <div className="editor-inline-add">
            <input
              id={ids.name}
              className="input"
              value={name}
              maxLength={1024}
              onChange={(event) => setName(event.target.value)}
              data-testid="calendar-settings-name"
            />
            <button
              type="submit"
              className="button"
              disabled={name.trim() === calendar.name}
              data-testid="calendar-settings-rename"
            >
              Rename
            </button>
          </div>
          <span className="field__hint">Only you see this name. Leave it empty to use the calendar’s title.</span>
        </form>

        <fieldset className="color-picker" data-testid="calendar-settings-colors">
          <legend className="field__label">Color</legend>
          <div className="color-picker__swatches">
            {Object.entries(palettes.calendar).map(([id, pair]) => (
              <label
                key={id}
                className="color-picker__swatch"
                title={calendarColorNames[id] ?? pair.background}
                style={{ background: pair.background }}
              >
                <input
                  type="radio"
                  name="calendar-color"
                  checked={background === pair.background.toLowerCase()}
                  onChange={() => setColor(pair, id)}
                  aria-label={calendarColorNames[id] ?? 'Custom color'}
                />
              </label>
            ))}
            <label className="color-picker__custom" htmlFor={ids.custom}>
              Custom
              <input
                id={ids.custom}
                type="color"
                value={background}
                onChange={(event) =>
                  setColor({ background: event.target.value, foreground: readableTextOn(event.target.value) }, null)
                }
                data-testid="calendar-settings-custom-color"
              />
            </label>
          </div>
        </fieldset>

        <CalendarNotificationSettings
          calendar={calendar}
          onDefaultReminders={onDefaultReminders}
          onEmailNotifications={onEmailNotifications}
        />

        {calendar.owned ? <SharingPanel calendar={calendar} selfEmail={selfEmail} /> : null}
      </div>

      <div className="dialog__actions">
        {calendar.primary ? null : confirmingDelete ? (
          <>
            <span className="calendar-settings__confirm" role="alert">
              {calendar.owned
                ? 'Delete this calendar and all its events for everyone?'
                : 'Remove this calendar from your list?'}
            </span>
            <button type="button" className="button" onClick={() => setConfirmingDelete(false)}>
              Keep it
            </button>
            <button
              type="button"
              className="button calendar-danger-button"
              onClick={() => {
                onDelete(calendar);
                onClose();
              }}
              data-testid="calendar-settings-confirm-delete"
            >
              {calendar.owned ? 'Delete calendar' : 'Remove'}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button calendar-danger-button"
            onClick={() => setConfirmingDelete(true)}
            data-testid="calendar-settings-delete"
          >
            {calendar.owned ? 'Delete calendar…' : 'Remove from list…'}
          </button>
        )}
        <span className="view__spacer" />
        <button type="button" className="button" onClick={onClose} data-testid="calendar-settings-close">
          Done
        </button>
      </div>
    </Dialog.Content>
  );
}

const accessWords: Record<CalendarInfo['accessRole'], string> = {
  freeBusyReader: 'you see only free/busy',
  reader: 'you can see event details',
  writer: 'you can change events',
  owner: 'you own it',
};
