import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { ChoiceMenu } from '../../../components/ChoiceMenu';
import { calendarChoices } from '../calendar-choices';
import type { CalendarInfo } from '../calendar-data';
import type { Palettes } from '../colors';
import { problemWithDraft, timesOfDraft, type EventDraft } from '../event-draft';
import { dateInZone, timeInZone } from '../time-zone';
import { AttachmentsField, ColorField, PrivacyFields, RemindersField } from './DetailFields';
import { DescriptionEditor } from './DescriptionEditor';
import { GuestsField } from './GuestsField';
import { RepeatField } from './RepeatField';
import { SchedulingStrip, type ScheduledPerson } from './SchedulingStrip';
import { TimeFields } from './TimeFields';
import { useDialogLayer } from '../../../lib/escape-layers';
import { returnFocus } from '../../../lib/return-focus';

/** What the editor is opened for. */
export interface EditorRequest {
  mode: 'create' | 'edit';
  draft: EventDraft;
  /** An instance of a recurring event. */
  partOfSeries: boolean;
  /** The stored event's time, for the availability check (it does not conflict with itself). */
  ownTime: { start: number; end: number } | null;
  /** The person may only look (a calendar they can read but not change). */
  readOnly: boolean;
}

interface EventEditorDialogProps {
  request: EditorRequest | null;
  calendars: CalendarInfo[];
  palettes: Palettes;
  displayZone: string;
  hour12: boolean;
  /** The first day of a week in the date fields' months. */
  weekStart: number;
  /** The person's own calendar id (their email on Google and the local service). */
  selfCalendarId: string | null;
  onSubmit: (draft: EventDraft, initial: EventDraft) => void;
  onDelete: () => void;
  onClose: () => void;
}

/** The event editor: everything about an event in one dialog (radix: focus trap, Escape closes). */
export function EventEditorDialog(props: EventEditorDialogProps) {
  const { request, onClose } = props;
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {request ? <EditorForm {...props} request={request} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EditorForm({
  request,
  calendars,
  palettes,
  displayZone,
  hour12,
  weekStart,
  selfCalendarId,
  onSubmit,
  onDelete,
  onClose,
}: EventEditorDialogProps & { request: EditorRequest }) {
  const [draft, setDraft] = useState<EventDraft>(request.draft);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const layer = useDialogLayer();
  const ids = { title: useId(), calendar: useId(), location: useId(), description: useId() };
  const update = (change: Partial<EventDraft>) => setDraft((previous) => ({ ...previous, ...change }));
  // Checked as the person types: Save stays off while anything would stop it.
  const problem = request.readOnly ? null : problemWithDraft(draft);
  const dirty = !request.readOnly && JSON.stringify(draft) !== JSON.stringify(request.draft);
  /** Escape, a click outside or Cancel: a changed form asks before its changes go. */
  const leave = (event?: { preventDefault: () => void }) => {
    if (!dirty) {
      if (!event) onClose();
      return;
    }
    event?.preventDefault();
    setAskingDiscard(true);
  };

  // Today in the zone the editor shows, for the date fields and the series end.
  const today = dateInZone(Date.now(), displayZone);
  const writable = calendars.filter((calendar) => calendar.writable || calendar.id === draft.calendarId);
  const calendar = calendars.find((entry) => entry.id === draft.calendarId);
  const timing = timesOfDraft(draft);
  const timed = 'times' in timing && !timing.times.allDay ? timing.times : null;
  const people: ScheduledPerson[] = [
    ...(selfCalendarId ? [{ id: selfCalendarId, label: 'You' }] : []),
    ...draft.attendees
      .filter((attendee) => attendee.email.toLowerCase() !== selfCalendarId?.toLowerCase())
      .map((attendee) => ({ id: attendee.email, label: attendee.displayName || attendee.email })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.readOnly || problem) return;
    onSubmit(draft, request.draft);
  };

  const title = request.readOnly ? 'Event details' : request.mode === 'create' ? 'New event' : 'Edit event';

  return (
    <Dialog.Content
      {...layer}
      className="dialog event-editor"
      data-testid="event-editor"
      aria-describedby={undefined}
      onEscapeKeyDown={(event) => {
        // A list, month or question just opened over the editor takes it once it is a layer.
        if (layer.onEscapeKeyDown(event)) return;
        // Escape in the description's link field closes that field only.
        if (event.target instanceof Element && event.target.closest('.description-editor__link'))
          event.preventDefault();
        else leave(event);
      }}
      onPointerDownOutside={leave}
    >
      <Dialog.Title className="dialog__title">{title}</Dialog.Title>
      <form className="event-editor__form" onSubmit={submit} noValidate>
        <fieldset className="event-editor__body" disabled={request.readOnly}>
          <div className="field">
            <label className="field__label" htmlFor={ids.title}>
              Title
            </label>
            <input
              id={ids.title}
              className="input input--title"
              value={draft.summary}
              placeholder="Add a title"
              autoComplete="off"
              maxLength={1024}
              autoFocus
              onChange={(event) => update({ summary: event.target.value })}
              data-testid="editor-title"
            />
          </div>
          <TimeFields
            draft={draft}
            displayZone={displayZone}
            today={today}
            hour12={hour12}
            weekStart={weekStart}
            onChange={update}
          />
          <RepeatField
            draft={draft}
            partOfSeries={request.partOfSeries}
            today={today}
            weekStart={weekStart}
            onChange={(repeat) => update({ repeat })}
          />
          <div className="editor-section editor-row">
            <div className="field">
              <label className="field__label" htmlFor={ids.calendar}>
                Calendar
              </label>
              <ChoiceMenu
                id={ids.calendar}
                value={draft.calendarId}
                choices={calendarChoices(writable)}
                onChange={(calendarId) => update({ calendarId })}
                label="Calendar"
                iconOnButton
                testId="editor-calendar"
              />
              {request.mode === 'edit' && request.partOfSeries && draft.calendarId !== request.draft.calendarId ? (
                <span className="field__hint">The whole series moves to the other calendar.</span>
              ) : null}
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.location}>
                Location
              </label>
              <input
                id={ids.location}
                className="input"
                value={draft.location}
                onChange={(event) => update({ location: event.target.value })}
                data-testid="editor-location"
              />
            </div>
          </div>
          <GuestsField attendees={draft.attendees} onChange={(attendees) => update({ attendees })} />
          {timed && draft.attendees.length > 0 ? (
            <SchedulingStrip
              people={people}
              slot={{ start: timed.startMs, end: timed.endMs }}
              zone={displayZone}
              hour12={hour12}
              ownTime={request.ownTime}
              onPick={(slot) =>
                update({
                  startDate: dateInZone(slot.start, draft.timeZone),
                  startTime: timeInZone(slot.start, draft.timeZone),
                  endDate: dateInZone(slot.end, draft.timeZone),
                  endTime: timeInZone(slot.end, draft.timeZone),
                })
              }
            />
          ) : null}
          <div className="field">
            {/* Names the text box; a click on it puts the cursor in the text, as a label's would. */}
            <span
              id={ids.description}
              className="field__label"
              onClick={() => document.querySelector<HTMLElement>(`[aria-labelledby="${ids.description}"]`)?.focus()}
            >
              Description
            </span>
            <DescriptionEditor
              labelId={ids.description}
              initial={request.draft.description}
              readOnly={request.readOnly === true}
              onChange={(description) => update({ description })}
            />
          </div>
          <RemindersField draft={draft} calendarDefaults={calendar?.defaultReminders} onChange={update} />
          <ColorField
            value={draft.colorId}
            calendarColor={calendar?.color.background ?? '#4986e7'}
            palettes={palettes}
            onChange={(colorId) => update({ colorId })}
          />
          <PrivacyFields draft={draft} onChange={update} />
          <AttachmentsField attachments={draft.attachments} onChange={(attachments) => update({ attachments })} />
        </fieldset>
        <div className="dialog__actions event-editor__actions">
          {request.mode === 'edit' && !request.readOnly ? (
            <button
              type="button"
              className="button calendar-danger-button"
              onClick={onDelete}
              data-testid="editor-delete"
            >
              Delete
            </button>
          ) : null}
          <span className="view__spacer" />
          {/* What still stops a save, beside the button it disables; the end time says its own. */}
          {problem && draft.summary.trim() && !problem.startsWith('The event ends') ? (
            <span className="field__error event-editor__problem" data-testid="editor-problem">
              {problem}
            </span>
          ) : null}
          <button type="button" className="button" onClick={() => leave()} data-testid="editor-cancel">
            {request.readOnly ? 'Close' : 'Cancel'}
          </button>
          {request.readOnly ? null : (
            <button
              type="submit"
              className="button button--primary"
              disabled={problem !== null}
              data-testid="editor-save"
            >
              {request.mode === 'create' ? 'Create event' : 'Save'}
            </button>
          )}
        </div>
      </form>
      <DiscardPrompt
        open={askingDiscard}
        onDiscard={() => {
          setAskingDiscard(false);
          onClose();
        }}
        onKeep={() => setAskingDiscard(false)}
      />
    </Dialog.Content>
  );
}

/** Asked before a changed form is closed: the changes cannot be brought back. */
function DiscardPrompt({ open, onDiscard, onKeep }: { open: boolean; onDiscard: () => void; onKeep: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onKeep()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content {...returnFocus} className="dialog" data-testid="discard-prompt">
          <Dialog.Title className="dialog__title">Discard changes?</Dialog.Title>
          <Dialog.Description className="dialog__description">
            What you changed in this event will be lost.
          </Dialog.Description>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onKeep} autoFocus data-testid="discard-keep">
              Keep editing
            </button>
            <button
              type="button"
              className="button button--primary button--danger"
              onClick={onDiscard}
              data-testid="discard-confirm"
            >
              Discard
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
