import { lazy, Suspense, useEffect, useState } from 'react';
import { TextPromptDialog } from '../../components/TextPromptDialog';
import type { CalendarInfo, usePalettes } from './calendar-data';
import { useCalendarStore } from './calendar-store';
import { CalendarSettingsDialog } from './CalendarSettingsDialog';
import { EventEditorDialog } from './editor/EventEditorDialog';
import type { EventDraft } from './event-draft';
import { TimeZoneDialog } from './TimeZoneDialog';
import type { useCalendarListCommands } from './useCalendarListCommands';
import type { Editing } from './useEventEditing';
import type { QuickAddResult } from './quick-add';

// Quick add's parser (chrono-node and its phrase tables) takes tens of milliseconds to load, so it
// is loaded after the calendar has painted, not with it.
const loadQuickAdd = () => import('./QuickAddDialog');
const QuickAddDialog = lazy(async () => ({ default: (await loadQuickAdd()).QuickAddDialog }));

/** The calendar's short text prompts. */
export type CalendarPrompt = 'quickAdd' | 'newCalendar' | 'subscribe';

interface CalendarDialogsProps {
  calendars: CalendarInfo[];
  palettes: ReturnType<typeof usePalettes>['palettes'];
  displayZone: string;
  hour12: boolean;
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
  // Mounted from the first time it is asked for; fetched ahead a moment after the calendar is up.
  const [quickAddUsed, setQuickAddUsed] = useState(false);
  if (props.prompt === 'quickAdd' && !quickAddUsed) setQuickAddUsed(true);
  useEffect(() => {
    const timer = setTimeout(() => void loadQuickAdd(), 1500);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <EventEditorDialog
        request={props.editing}
        calendars={props.calendars}
        palettes={props.palettes}
        displayZone={props.displayZone}
        hour12={props.hour12}
        selfCalendarId={props.selfId}
        onSubmit={props.onEditorSubmit}
        onDelete={props.onEditorDelete}
        onClose={props.onEditorClose}
      />
      <CalendarSettingsDialog
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
      {quickAddUsed ? (
        <Suspense fallback={null}>
          <QuickAddDialog
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
        </Suspense>
      ) : null}
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
      <TimeZoneDialog
        open={props.zonesOpen}
        automaticZone={props.automaticZone}
        automaticReason={props.localAccount ? 'this device' : 'your Calendar setting'}
        displayZone={chosenZone}
        secondaryZone={secondaryZone}
        onDisplayZone={setDisplayZone}
        onSecondaryZone={setSecondaryZone}
        onClose={props.onZonesClose}
      />
    </>
  );
}
