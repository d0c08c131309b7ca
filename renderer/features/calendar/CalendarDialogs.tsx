import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { TextPromptDialog } from '../../components/TextPromptDialog';
import { lazyComponent } from '../../lib/lazy-component';
import { notifyError } from '../../lib/notify';
import type { CalendarInfo, usePalettes } from './calendar-data';
import { useCalendarStore } from './calendar-store';
import type { EventDraft } from './event-draft';
import type { useCalendarListCommands } from './useCalendarListCommands';
import type { Editing } from './useEventEditing';
import type { QuickAddResult } from './quick-add';

// The dialogs are not needed to draw the calendar: their code (the editor's fields, sharing, the
// time-zone list, quick add's date parser) is fetched a moment after the calendar is up, or when
// one is first opened if that comes sooner, so the first paint does not wait for it.
const EventEditorDialog = lazyComponent(
  () => import('./editor/EventEditorDialog'),
  (module) => module.EventEditorDialog,
);
const CalendarSettingsDialog = lazyComponent(
  () => import('./CalendarSettingsDialog'),
  (module) => module.CalendarSettingsDialog,
);
const TimeZoneDialog = lazyComponent(
  () => import('./TimeZoneDialog'),
  (module) => module.TimeZoneDialog,
);
const QuickAddDialog = lazyComponent(
  () => import('./QuickAddDialog'),
  (module) => module.QuickAddDialog,
);
export const ShortcutSheet = lazyComponent(
  () => import('../../components/ShortcutSheet'),
  (module) => module.ShortcutSheet,
);

const fetchAheadMs = 1500;

/** Fetches every dialog's code once the calendar has been up a moment, so opening one is instant. */
function useDialogsFetchedAhead() {
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const dialog of [EventEditorDialog, CalendarSettingsDialog, TimeZoneDialog, QuickAddDialog, ShortcutSheet])
        dialog.prefetch();
    }, fetchAheadMs);
    return () => clearTimeout(timer);
  }, []);
}

/**
 * A lazily loaded dialog, mounted from the first time it is opened (and kept, so it closes as the
 * others do). Nothing is drawn while its code arrives. If it cannot be loaded (or fails to draw),
 * the dialog closes and a notification says so; opening it again fetches its code again.
 */
export function OnceOpened({
  open,
  what,
  onClose,
  retry,
  children,
}: {
  open: boolean;
  /** The dialog, as the notification names it: "the event editor". */
  what: string;
  onClose: () => void;
  /** Fetches the dialog's code again after a failure (its `preload`). */
  retry: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <DialogFailure
      open={open}
      onFailure={(error) => {
        notifyError(`Couldn’t open ${what}.`, error);
        onClose();
      }}
      retry={retry}
    >
      <Suspense fallback={null}>{children}</Suspense>
    </DialogFailure>
  );
}

interface DialogFailureProps {
  open: boolean;
  onFailure: (error: unknown) => void;
  retry: () => Promise<unknown>;
  children: ReactNode;
}

/** Draws nothing once its dialog has failed; opened again, it fetches the dialog's code again first. */
class DialogFailure extends Component<DialogFailureProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onFailure(error);
  }

  override componentDidUpdate(previous: DialogFailureProps): void {
    if (this.state.failed && this.props.open && !previous.open) {
      // Failures are reported where the dialog draws; this fetch only starts the next attempt.
      this.props.retry().catch(() => undefined);
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The calendar's short text prompts. */
export type CalendarPrompt = 'quickAdd' | 'newCalendar' | 'subscribe';

interface CalendarDialogsProps {
  calendars: CalendarInfo[];
  palettes: ReturnType<typeof usePalettes>['palettes'];
  displayZone: string;
  hour12: boolean;
  weekStart: number;
  /** The person's own calendar id (their email). */
  selfId: string | null;
  editing: Editing | null;
  onEditorSubmit: (draft: EventDraft, initial: EventDraft) => void;
  onEditorDelete: () => void;
  onEditorClose: () => void;
  settingsCalendar: CalendarInfo | null;
  onSettingsClose: () => void;
  listCommands: ReturnType<typeof useCalendarListCommands>;
  prompt: CalendarPrompt | null;
  onPromptClose: () => void;
  onQuickAdd: (result: QuickAddResult, calendar: CalendarInfo) => void;
  defaultCalendar: CalendarInfo | null;
  defaultEventMinutes: number;
  onNewCalendar: (name: string) => void;
  zonesOpen: boolean;
  onZonesClose: () => void;
  /** The zone shown unless the person picks one, and why. */
  automaticZone: string;
  localAccount: boolean;
}

/** The calendar's dialogs: the event editor, a calendar's settings, the prompts and the time zones. */
export function CalendarDialogs(props: CalendarDialogsProps) {
  const { listCommands, onPromptClose } = props;
  const chosenZone = useCalendarStore((state) => state.displayZone);
  const setDisplayZone = useCalendarStore((state) => state.setDisplayZone);
  const secondaryZone = useCalendarStore((state) => state.secondaryZone);
  const setSecondaryZone = useCalendarStore((state) => state.setSecondaryZone);
  useDialogsFetchedAhead();
  return (
    <>
      <OnceOpened
        open={props.editing !== null}
        what="the event editor"
        onClose={props.onEditorClose}
        retry={EventEditorDialog.preload}
      >
        <EventEditorDialog.Component
          request={props.editing}
          calendars={props.calendars}
          palettes={props.palettes}
          displayZone={props.displayZone}
          hour12={props.hour12}
          weekStart={props.weekStart}
          selfCalendarId={props.selfId}
          onSubmit={props.onEditorSubmit}
          onDelete={props.onEditorDelete}
          onClose={props.onEditorClose}
        />
      </OnceOpened>
      <OnceOpened
        open={props.settingsCalendar !== null}
        what="the calendar’s settings"
        onClose={props.onSettingsClose}
        retry={CalendarSettingsDialog.preload}
      >
        <CalendarSettingsDialog.Component
          calendar={props.settingsCalendar}
          palettes={props.palettes}
          selfEmail={props.selfId}
          onRename={(calendar, name) => void listCommands.rename(calendar, name)}
          onColor={(calendar, color, colorId) => listCommands.setColor(calendar, color, colorId)}
          onDelete={(calendar) => void listCommands.remove(calendar)}
          onDefaultReminders={(calendar, reminders) => void listCommands.setDefaultReminders(calendar, reminders)}
          onEmailNotifications={(calendar, types) => listCommands.setEmailNotifications(calendar, types)}
          onClose={props.onSettingsClose}
        />
      </OnceOpened>
      <OnceOpened
        open={props.prompt === 'quickAdd'}
        what="quick add"
        onClose={onPromptClose}
        retry={QuickAddDialog.preload}
      >
        <QuickAddDialog.Component
          open={props.prompt === 'quickAdd'}
          calendars={props.calendars}
          defaultCalendar={props.defaultCalendar}
          displayZone={props.displayZone}
          hour12={props.hour12}
          defaultMinutes={props.defaultEventMinutes}
          onCancel={onPromptClose}
          onAdd={(result, calendar) => {
            onPromptClose();
            props.onQuickAdd(result, calendar);
          }}
        />
      </OnceOpened>
      <TextPromptDialog
        open={props.prompt === 'newCalendar'}
        title="New calendar"
        label="Name"
        placeholder="e.g. Family"
        submitLabel="Create calendar"
        testId="new-calendar-dialog"
        onCancel={onPromptClose}
        onSubmit={(name) => {
          onPromptClose();
          props.onNewCalendar(name);
        }}
      />
      <TextPromptDialog
        open={props.prompt === 'subscribe'}
        title="Add a calendar"
        description="The address (id) of a calendar shared with you or made public."
        label="Calendar address"
        placeholder="name@example.com"
        submitLabel="Add calendar"
        testId="subscribe-dialog"
        onCancel={onPromptClose}
        onSubmit={(id) => {
          onPromptClose();
          void listCommands.subscribe(id);
        }}
      />
      <OnceOpened
        open={props.zonesOpen}
        what="the time zones"
        onClose={props.onZonesClose}
        retry={TimeZoneDialog.preload}
      >
        <TimeZoneDialog.Component
          open={props.zonesOpen}
          automaticZone={props.automaticZone}
          automaticReason={props.localAccount ? 'this device' : 'your Calendar setting'}
          displayZone={chosenZone}
          secondaryZone={secondaryZone}
          onDisplayZone={setDisplayZone}
          onSecondaryZone={setSecondaryZone}
          onClose={props.onZonesClose}
        />
      </OnceOpened>
    </>
  );
}
