import { useId, useState, type FormEvent } from 'react';
import { ChoiceMenu, type Choice } from '../../components/ChoiceMenu';
import { DateField } from '../../components/DateField';
import { localeWeekStart } from '../../lib/civil-date';
import { useToday } from '../../lib/today';
import { fieldErrors, type ShareField } from './field-errors';
import {
  canExpire,
  expirationDateRange,
  expirationFromDate,
  expirationProblem,
  parseAddresses,
  roleChoices,
  type Role,
  type ShareContext,
} from './permissions';
import { addPermission } from './useSharing';

const addresseeChoices: Choice<'user' | 'group'>[] = [
  { value: 'user', label: 'Person' },
  { value: 'group', label: 'Group' },
];

/** Adds people or groups with a role, an optional expiration, and a notification with an optional message. */
export function AddPeopleForm({ fileId, context }: { fileId: string; context: ShareContext }) {
  const ids = useId();
  const [addresses, setAddresses] = useState('');
  const [type, setType] = useState<'user' | 'group'>('user');
  const [role, setRole] = useState<Role>('reader');
  const [expiration, setExpiration] = useState('');
  const [notify, setNotify] = useState(true);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ShareField, string>>>({});
  const [busy, setBusy] = useState(false);
  const expires = canExpire(type, role, context);
  const today = useToday();
  const composing = addresses.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { valid, invalid } = parseAddresses(addresses);
    if (invalid.length > 0 || valid.length === 0) {
      setErrors({
        email: invalid.length > 0 ? `Not an email address: ${invalid.join(', ')}` : 'Enter at least one email address.',
      });
      return;
    }
    const expirationTime = expires && expiration ? expirationFromDate(expiration) : null;
    if (expires && expiration && !expirationTime) {
      setErrors({ expiration: 'Choose a valid date.' });
      return;
    }
    setBusy(true);
    setErrors({});
    const added: string[] = [];
    try {
      for (const emailAddress of valid) {
        await addPermission(
          fileId,
          { type, role, emailAddress, ...(expirationTime ? { expirationTime } : {}) },
          { send: notify, message },
        );
        added.push(emailAddress);
      }
      setAddresses('');
      setMessage('');
      setExpiration('');
    } catch (error) {
      // Keep what is left to add in the field, so fixing the problem and trying again adds only those.
      setAddresses(valid.filter((address) => !added.includes(address)).join(', '));
      setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  const hint = expires && expiration ? expirationProblem(expirationFromDate(expiration) ?? '') : null;

  return (
    <form className="share-add" onSubmit={(event) => void submit(event)} data-testid="share-add-form" noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-emails`}>
          Add people or groups
        </label>
        <input
          id={`${ids}-emails`}
          className="input share-add__emails"
          type="text"
          inputMode="email"
          autoComplete="off"
          placeholder="name@example.com, …"
          value={addresses}
          onChange={(event) => setAddresses(event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${ids}-email-error` : undefined}
          data-testid="share-email"
        />
        {errors.email ? (
          <p className="field__error" id={`${ids}-email-error`} role="alert" data-testid="share-email-error">
            {errors.email}
          </p>
        ) : null}
        {errors.role ? (
          <p className="field__error" role="alert">
            {errors.role}
          </p>
        ) : null}
      </div>
      {/* Role, expiration and the note come once someone is being added, as in Drive: until then the
          dialog shows who has access and the general access without scrolling. */}
      {composing ? (
        <>
          <div className="share-add__row">
            <ChoiceMenu
              value={type}
              choices={addresseeChoices}
              onChange={setType}
              label="Person or group"
              testId="share-type"
            />
            <ChoiceMenu
              value={role}
              choices={roleChoices(context)}
              onChange={setRole}
              label="Role"
              testId="share-role"
            />
          </div>
          {expires ? (
            <div className="field">
              <label className="field__label" htmlFor={`${ids}-expiration`}>
                Access expires (optional)
              </label>
              <DateField
                id={`${ids}-expiration`}
                value={expiration}
                onChange={setExpiration}
                today={today}
                weekStart={localeWeekStart()}
                monthLabel="Choose the last day of access"
                {...expirationDateRange(today)}
                invalid={Boolean(errors.expiration)}
                describedBy={`${ids}-expiration-note`}
                optional={{ placeholder: 'No expiration', clearLabel: 'No expiration' }}
                inputClassName="share-add__date"
                testId="share-expiration"
              />
              <p
                className={errors.expiration ? 'field__error' : 'field__hint'}
                id={`${ids}-expiration-note`}
                role={errors.expiration ? 'alert' : undefined}
                data-testid="share-expiration-error"
              >
                {errors.expiration ?? hint ?? 'Access ends after this day; at most one year from today.'}
              </p>
            </div>
          ) : null}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={notify}
              onChange={(event) => setNotify(event.target.checked)}
              data-testid="share-notify"
            />
            Notify people
          </label>
          {notify ? (
            <div className="field">
              <label className="field__label" htmlFor={`${ids}-message`}>
                Message (optional)
              </label>
              <textarea
                id={`${ids}-message`}
                className="input share-add__message"
                rows={2}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                data-testid="share-message"
              />
              {errors.message ? (
                <p className="field__error" role="alert">
                  {errors.message}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="share-add__actions">
            <button type="submit" className="button button--primary" disabled={busy} data-testid="share-submit">
              {busy ? 'Sharing…' : 'Share'}
            </button>
          </div>
        </>
      ) : null}
      {errors.general ? (
        <p className="field__error" role="alert" data-testid="share-error">
          {errors.general}
        </p>
      ) : null}
    </form>
  );
}
