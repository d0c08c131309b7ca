import * as Popover from '@radix-ui/react-popover';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ChoiceMenu } from '../../components/ChoiceMenu';
import { calendarChoices } from './calendar-choices';
import { setDraftTitle } from './draft-title';
import type { CalendarInfo } from './calendar-data';
import type { EventTimes } from './event-mapping';
import { whenWords } from './event-words';

/** Where a drag (or a click) on the grid ended, on screen: the quick-create card points there. */
export interface AnchorPoint {
  x: number;
  y: number;
}

export interface QuickCreateRequest {
  times: EventTimes;
  at: AnchorPoint;
}

interface QuickCreateProps {
  request: QuickCreateRequest | null;
  /** Where the event goes unless another is chosen. */
  calendar: CalendarInfo | null;
  /** The calendars it may go to instead (those the person may add events to). */
  calendars: readonly CalendarInfo[];
  displayZone: string;
  hour12: boolean;
  onSave: (title: string, calendar: CalendarInfo | null) => void;
  /** Opens the full editor with what was typed and chosen. */
  onMoreOptions: (title: string, calendar: CalendarInfo | null) => void;
  onClose: () => void;
}

function pointAnchor(at: AnchorPoint) {
  return { current: { getBoundingClientRect: () => DOMRect.fromRect({ x: at.x, y: at.y, width: 1, height: 1 }) } };
}

/**
 * The compact card a drag across the grid offers, as Google's quick-create does: a title, the
 * time in words, the calendar (a choice when there are several), Save (Enter) and "More options"
 * for the full editor.
 */
export function QuickCreate(props: QuickCreateProps) {
  const { request, onClose } = props;
  return (
    <Popover.Root open={request !== null} onOpenChange={(open) => !open && onClose()}>
      {request ? (
        <>
          <Popover.Anchor virtualRef={pointAnchor(request.at)} />
          <Popover.Portal>
            <QuickCreateCard {...props} request={request} />
          </Popover.Portal>
        </>
      ) : null}
    </Popover.Root>
  );
}

function QuickCreateCard({
  request,
  calendar,
  calendars,
  displayZone,
  hour12,
  onSave,
  onMoreOptions,
}: QuickCreateProps & { request: QuickCreateRequest }) {
  const [title, setTitle] = useState('');
  const [chosenId, setChosenId] = useState(calendar?.id ?? '');
  const chosen = calendars.find((entry) => entry.id === chosenId) ?? calendar;
  const titleId = useId();
  // The new event's block in the grid reads the title as it is typed.
  useEffect(() => {
    setDraftTitle(title);
  }, [title]);
  useEffect(() => () => setDraftTitle(''), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // As in Google Calendar, an event may be saved without a title: it shows as "(No title)".
    onSave(title.trim(), chosen);
  };
  return (
    <Popover.Content
      className="quick-view quick-create"
      side="right"
      align="center"
      sideOffset={12}
      collisionPadding={12}
      aria-label="New event"
      data-testid="quick-create"
    >
      <form className="quick-create__form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={titleId}>
          Title
        </label>
        <input
          id={titleId}
          className="input input--title"
          placeholder="Add title"
          autoComplete="off"
          maxLength={1024}
          value={title}
          autoFocus
          onChange={(event) => setTitle(event.target.value)}
          data-testid="quick-create-title"
        />
        <p className="quick-view__when" data-testid="quick-create-when">
          {whenWords(request.times, displayZone, hour12)}
        </p>
        {chosen && calendars.length > 1 ? (
          <div className="quick-view__calendar quick-create__calendar">
            <ChoiceMenu
              value={chosen.id}
              choices={calendarChoices(calendars)}
              onChange={setChosenId}
              label="Calendar"
              look="quiet"
              iconOnButton
              testId="quick-create-calendar"
            />
          </div>
        ) : chosen ? (
          <p className="quick-view__calendar quick-view__muted">
            <span className="quick-view__dot" style={{ background: chosen.color.background }} aria-hidden="true" />
            {chosen.name}
          </p>
        ) : null}
        <div className="quick-create__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => onMoreOptions(title, chosen)}
            data-testid="quick-create-more"
          >
            More options
          </button>
          <button type="submit" className="button button--primary" data-testid="quick-create-save">
            Save
          </button>
        </div>
      </form>
    </Popover.Content>
  );
}
