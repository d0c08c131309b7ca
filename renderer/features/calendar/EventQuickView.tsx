import * as Popover from '@radix-ui/react-popover';
import { useApiQuery } from '../../lib/api';
import type { CalendarInfo } from './calendar-data';
import { eventColor, type Palettes } from './colors';
import { eventTimesOf, untitledEventLabel, type GoogleEvent } from './event-mapping';
import { whenWords } from './event-words';
import { LinkedExcerpt, QuickViewFrame } from './QuickViewFrame';
import { describeRepeat, parseRecurrence, seriesStartDate } from './recurrence-rule';

export type Rsvp = 'accepted' | 'tentative' | 'declined';

const answerLabels: Record<string, string> = {
  needsAction: 'Awaiting reply',
  accepted: 'Going',
  tentative: 'Maybe',
  declined: 'Not going',
};

const rsvpChoices: { value: Rsvp; label: string }[] = [
  { value: 'accepted', label: 'Yes' },
  { value: 'declined', label: 'No' },
  { value: 'tentative', label: 'Maybe' },
];

export interface QuickViewTarget {
  calendar: CalendarInfo;
  event: GoogleEvent;
  /** The event on the grid: where the card points, and where focus goes back to. */
  anchor: HTMLElement;
}

interface EventQuickViewProps {
  target: QuickViewTarget | null;
  palettes: Palettes;
  displayZone: string;
  hour12: boolean;
  /** The person's own address, to find their place in the guest list. */
  selfId: string | null;
  onEdit: () => void;
  onDelete: () => void;
  onDuplicate: () => void;
  onRsvp: (answer: Rsvp) => void;
  onClose: () => void;
}

/**
 * What a click on an event shows, as Google's event card does: what, when, where, who and whose
 * calendar, with the person's answer when invited, and Edit, Delete (with Undo), Duplicate. A Radix
 * popover beside the event: Escape or a click elsewhere closes it and focus goes back to the event.
 */
export function EventQuickView(props: EventQuickViewProps) {
  const { target, onClose } = props;
  return (
    <Popover.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target ? (
        <>
          <Popover.Anchor virtualRef={{ current: target.anchor }} />
          <Popover.Portal>
            <QuickViewCard {...props} target={target} />
          </Popover.Portal>
        </>
      ) : null}
    </Popover.Root>
  );
}

function QuickViewCard({
  target,
  palettes,
  displayZone,
  hour12,
  selfId,
  onEdit,
  onDelete,
  onDuplicate,
  onRsvp,
  onClose,
}: EventQuickViewProps & { target: QuickViewTarget }) {
  const { event, calendar, anchor } = target;
  const times = eventTimesOf(event, displayZone);
  const color = eventColor(event.colorId, calendar.color, palettes).background;
  const master = useApiQuery(
    'CalendarEventsGet',
    { calendarId: calendar.id, eventId: event.recurringEventId ?? '' },
    { enabled: Boolean(event.recurringEventId), staleTime: 10_000 },
  );
  const repeat =
    event.recurringEventId && master.data?.recurrence && times
      ? describeRepeat(
          parseRecurrence(master.data.recurrence, {
            allDay: times.allDay,
            timeZone: master.data.start?.timeZone ?? displayZone,
          }),
          undefined,
          seriesStartDate(master.data.start, displayZone),
        )
      : null;
  const organizer = event.organizer?.email;
  // The organizer's own entry in the list is marked so, whether or not the service flagged it.
  const attendees = (event.attendees ?? [])
    .filter((attendee) => attendee.email)
    .map((attendee) =>
      !attendee.organizer && organizer && attendee.email?.toLowerCase() === organizer.toLowerCase()
        ? { ...attendee, organizer: true }
        : attendee,
    );
  // Google lists the organizer among the guests even when they did not add themselves.
  const guests: typeof attendees =
    attendees.length > 0 && organizer && !attendees.some((attendee) => attendee.email === organizer)
      ? [
          {
            email: organizer,
            ...(event.organizer?.displayName ? { displayName: event.organizer.displayName } : {}),
            organizer: true,
            responseStatus: 'accepted',
          },
          ...attendees,
        ]
      : attendees;
  const self = attendees.find(
    (attendee) => attendee.self || (selfId !== null && attendee.email?.toLowerCase() === selfId.toLowerCase()),
  );
  const invited = self !== undefined && !self.organizer && calendar.writable;
  const title = event.summary?.trim() || untitledEventLabel;

  return (
    <QuickViewFrame
      title={title}
      anchor={anchor}
      testId="event-quick-view"
      keys={calendar.writable ? { edit: onEdit, remove: onDelete } : {}}
      onClose={onClose}
    >
      <div className="quick-view__actions" role="toolbar" aria-label="Event actions">
        {calendar.writable ? (
          <>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={onEdit}
              data-testid="quick-view-edit"
            >
              Edit
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={onDelete}
              data-testid="quick-view-delete"
            >
              Delete
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={onEdit}
            data-testid="quick-view-edit"
          >
            Details
          </button>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={onDuplicate}
          data-testid="quick-view-duplicate"
        >
          Duplicate
        </button>
        <Popover.Close className="quick-view__close" aria-label="Close" data-testid="quick-view-close">
          <span aria-hidden="true">×</span>
        </Popover.Close>
      </div>
      <div className="quick-view__head">
        <span className="quick-view__swatch" style={{ background: color }} aria-hidden="true" />
        <div>
          <h2 className="quick-view__title" data-testid="quick-view-title">
            {title}
          </h2>
          {times ? (
            <p className="quick-view__when" data-testid="quick-view-when">
              {whenWords(times, displayZone, hour12)}
            </p>
          ) : null}
          {repeat ? (
            <p className="quick-view__muted" data-testid="quick-view-repeat">
              {repeat}
            </p>
          ) : null}
        </div>
      </div>
      <dl className="quick-view__rows">
        {event.location ? (
          <div className="quick-view__row">
            <dt>Where</dt>
            <dd data-testid="quick-view-location">{event.location}</dd>
          </div>
        ) : null}
        {guests.length > 0 ? (
          <div className="quick-view__row">
            <dt>Guests</dt>
            <dd>
              <ul className="quick-view__guests" data-testid="quick-view-guests">
                {guests.map((guest) => (
                  <li key={guest.email}>
                    <span className="quick-view__guest">
                      <span className="quick-view__guest-name" title={guest.email}>
                        {guest.displayName || guest.email}
                      </span>
                      {guest.organizer ? <span className="quick-view__guest-role">Organizer</span> : null}
                    </span>
                    <span className="quick-view__answer">
                      <span
                        className={`guest-list__status guest-list__status--${guest.responseStatus ?? 'needsAction'}`}
                        aria-hidden="true"
                      />
                      {answerLabels[guest.responseStatus ?? 'needsAction']}
                    </span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {event.description?.trim() ? (
          <div className="quick-view__row">
            <dt>Description</dt>
            <dd className="quick-view__description" data-testid="quick-view-description">
              <LinkedExcerpt text={event.description} />
            </dd>
          </div>
        ) : null}
        <div className="quick-view__row">
          <dt>Calendar</dt>
          <dd className="quick-view__calendar" data-testid="quick-view-calendar">
            <span className="quick-view__dot" style={{ background: calendar.color.background }} aria-hidden="true" />
            {calendar.name}
          </dd>
        </div>
      </dl>
      {invited ? (
        <div className="quick-view__rsvp" role="group" aria-label="Going?" data-testid="quick-view-rsvp">
          <span className="quick-view__muted">Going?</span>
          {rsvpChoices.map((choice) => (
            <button
              key={choice.value}
              type="button"
              className={`button button--small${self.responseStatus === choice.value ? ' button--primary' : ''}`}
              aria-pressed={self.responseStatus === choice.value}
              onClick={() => onRsvp(choice.value)}
            >
              {choice.label}
            </button>
          ))}
        </div>
      ) : null}
    </QuickViewFrame>
  );
}
