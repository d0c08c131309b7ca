import { useId, useState, type KeyboardEvent } from 'react';
import { isEmailAddress, type AttendeeDraft, type AttendeeResponse } from '../event-draft';

interface GuestsFieldProps {
  attendees: AttendeeDraft[];
  onChange: (attendees: AttendeeDraft[]) => void;
}

const responseLabels: Record<AttendeeResponse, string> = {
  needsAction: 'Awaiting reply',
  accepted: 'Going',
  tentative: 'Maybe',
  declined: 'Not going',
};

/** Guests by email, each with their reply; Enter in the field adds (it does not save the event). */
export function GuestsField({ attendees, onChange }: GuestsFieldProps) {
  const inputId = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const emails = value
      .split(/[,;\s]+/)
      .map((email) => email.trim())
      .filter(Boolean);
    if (emails.length === 0) return;
    const bad = emails.find((email) => !isEmailAddress(email));
    if (bad) {
      setProblem(`“${bad}” is not an email address.`);
      return;
    }
    const known = new Set(attendees.map((attendee) => attendee.email.toLowerCase()));
    const added = emails
      .filter((email) => !known.has(email.toLowerCase()))
      .map((email): AttendeeDraft => ({ email, responseStatus: 'needsAction' }));
    onChange([...attendees, ...added]);
    setValue('');
    setProblem(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <fieldset className="editor-section editor-guests">
      <legend className="field__label">Guests</legend>
      <div className="editor-inline-add">
        <label className="visually-hidden" htmlFor={inputId}>
          Add guests by email
        </label>
        <input
          id={inputId}
          className="input"
          type="text"
          inputMode="email"
          autoComplete="off"
          placeholder="Add guests by email"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid="editor-guest-input"
        />
        <button type="button" className="button" onClick={add} disabled={!value.trim()} data-testid="editor-guest-add">
          Add
        </button>
      </div>
      {problem ? (
        <p className="field__hint field__hint--problem" role="alert">
          {problem}
        </p>
      ) : null}
      {attendees.length > 0 ? (
        <ul className="guest-list" aria-label="Guests">
          {attendees.map((attendee) => (
            <li key={attendee.email} className="guest-list__item" data-testid="editor-guest">
              <span
                className={`guest-list__status guest-list__status--${attendee.responseStatus ?? 'needsAction'}`}
                aria-hidden="true"
              />
              <span className="guest-list__name">
                {attendee.displayName ? `${attendee.displayName} ` : ''}
                <span className="guest-list__email">{attendee.email}</span>
                {attendee.organizer ? <span className="guest-list__tag">Organizer</span> : null}
                {attendee.optional ? <span className="guest-list__tag">Optional</span> : null}
              </span>
              <span className="guest-list__response" data-testid="editor-guest-response">
                {responseLabels[attendee.responseStatus ?? 'needsAction']}
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => onChange(attendees.filter((other) => other !== attendee))}
                aria-label={`Remove ${attendee.email}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
