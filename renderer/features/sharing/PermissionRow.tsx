import { useEffect, useId, useState } from 'react';
import { ChoiceMenu } from '../../components/ChoiceMenu';
import { DateField } from '../../components/DateField';
import { localeWeekStart } from '../../lib/civil-date';
import { dateFieldWords } from '../../lib/date-words';
import { useToday } from '../../lib/today';
import { fieldErrors, memberErrors, type ShareField } from './field-errors';
import {
  canExpire,
  dateFieldValue,
  expirationDateRange,
  expirationFromDate,
  expirationProblem,
  roleChoices,
  roleLabel,
  type Permission,
  type Role,
  type ShareContext,
} from './permissions';
import { changeRole, removePermission, setExpiration } from './useSharing';

interface PermissionRowProps {
  fileId: string;
  permission: Permission;
  context: ShareContext;
  /** Where an inherited grant comes from (it is changed there, not here). */
  inheritedFrom: string | null;
  isMe: boolean;
  /** Offer "Transfer ownership" (the user owns a My Drive item and this is a person). */
  canTransfer: boolean;
  canManage: boolean;
  onTransfer: (permission: Permission) => void;
}

/** Up to two initials, from the name ("Bob Stone" → "BS") or else the address ("bob@…" → "B"). */
export function initialsOf(permission: Pick<Permission, 'displayName' | 'emailAddress'>): string {
  const source = permission.displayName?.trim() || permission.emailAddress?.split('@')[0] || '?';
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = (permission.displayName?.trim() ? words.slice(0, 2) : words.slice(0, 1)).map((word) =>
    [...word][0]!.toUpperCase(),
  );
  return letters.join('') || '?';
}

/** One person or group with access: role, expiration, removal; inherited access is shown as such. */
export function PermissionRow({
  fileId,
  permission,
  context,
  inheritedFrom,
  isMe,
  canTransfer,
  canManage,
  onTransfer,
}: PermissionRowProps) {
  const ids = useId();
  const [errors, setErrors] = useState<Partial<Record<ShareField, string>>>({});
  const [busy, setBusy] = useState(false);
  // The chosen role shows at once; the service's answer replaces it when the list is read again.
  const [shownRole, setShownRole] = useState<Role | null>(null);
  useEffect(() => setShownRole(null), [permission.role]);
  // A date being picked; the stored one shows again once it is saved, refused or left unusable.
  const [expiryDraft, setExpiryDraft] = useState<string | null>(null);
  useEffect(() => setExpiryDraft(null), [permission.expirationTime]);
  const name = permission.displayName || permission.emailAddress || 'Unknown';
  const isOwner = permission.role === 'owner';
  const editable = canManage && !isOwner && inheritedFrom === null;
  const expires = canExpire(permission.type, permission.role, context);
  const today = useToday();
  const storedExpiry = dateFieldValue(permission.expirationTime);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setErrors({});
    try {
      await work();
    } catch (error) {
      setShownRole(null);
      setExpiryDraft(null);
      setErrors(context === 'sharedDrive' ? memberErrors(error) : fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  // Checked here first, so a date the service would refuse is not sent: the problem is said next to the
  // field, which shows the stored date again. A date sent shows at once; a refusal puts the stored one back.
  const onExpiry = (value: string): boolean => {
    if (value === '') {
      if (permission.expirationTime) void run(() => setExpiration(fileId, permission.id, null));
      return true;
    }
    const time = expirationFromDate(value);
    const problem = time ? expirationProblem(time) : 'Choose a valid date.';
    if (problem || !time) {
      setErrors({ expiration: problem ?? 'Choose a valid date.' });
      return false;
    }
    setExpiryDraft(value);
    void run(() => setExpiration(fileId, permission.id, time));
    return true;
  };

  const onRole = (role: Role) => {
    if (role === (shownRole ?? permission.role)) return;
    setShownRole(role);
    void run(() => changeRole(fileId, permission.id, role));
  };

  return (
    <li
      className="permission"
      data-testid="permission-row"
      data-email={permission.emailAddress ?? ''}
      data-role={permission.role}
    >
      <div className="permission__main">
        <span className="permission__avatar" aria-hidden="true">
          {permission.type === 'group' ? '👥' : initialsOf(permission)}
        </span>
        <span className="permission__names">
          <span className="permission__name" title={name} data-testid="permission-name">
            {name}
            {isMe ? ' (you)' : ''}
          </span>
          {permission.emailAddress && permission.emailAddress !== name ? (
            <span className="permission__email" title={permission.emailAddress} data-testid="permission-email">
              {permission.emailAddress}
            </span>
          ) : null}
          {inheritedFrom !== null ? (
            <span className="permission__note" data-testid="permission-inherited">
              Inherited from {inheritedFrom === 'parent' ? 'the parent folder' : 'the shared drive'}
            </span>
          ) : null}
          {permission.pendingOwner ? <span className="permission__note">Ownership offered</span> : null}
        </span>
        <span className="permission__controls">
          {editable ? (
            <ChoiceMenu
              value={shownRole ?? permission.role}
              choices={roleChoices(context)}
              onChange={onRole}
              label={`Role of ${name}`}
              actions={[
                ...(canTransfer
                  ? [
                      {
                        label: 'Transfer ownership…',
                        onSelect: () => onTransfer(permission),
                        testId: 'permission-transfer',
                      },
                    ]
                  : []),
                {
                  label: context === 'sharedDrive' ? 'Remove member' : 'Remove access',
                  onSelect: () => void run(() => removePermission(fileId, permission.id)),
                  danger: true,
                  testId: 'permission-remove',
                },
              ]}
              disabled={busy}
              look="quiet"
              align="end"
              testId="permission-role"
            />
          ) : (
            <span className="permission__role">{roleLabel(permission.role, context)}</span>
          )}
        </span>
      </div>
      {editable && expires ? (
        <div className="permission__expiry">
          <label htmlFor={`${ids}-expires`} className="field__label">
            Expires
          </label>
          <DateField
            id={`${ids}-expires`}
            value={expiryDraft ?? storedExpiry}
            onChange={onExpiry}
            today={today}
            weekStart={localeWeekStart()}
            monthLabel={`Choose the last day of access for ${name}`}
            {...expirationDateRange(today)}
            disabled={busy}
            {...(errors.expiration ? { describedBy: `${ids}-expires-error` } : {})}
            optional={{ placeholder: 'No expiration', clearLabel: 'No expiration' }}
            testId="permission-expiration"
          />
          {permission.expirationTime ? (
            <button
              type="button"
              className="link-button"
              disabled={busy}
              onClick={() => void run(() => setExpiration(fileId, permission.id, null))}
              data-testid="permission-expiration-remove"
            >
              Remove expiration
            </button>
          ) : null}
        </div>
      ) : permission.expirationTime ? (
        <p className="permission__note">Access expires {dateFieldWords(storedExpiry, today)}</p>
      ) : null}
      {Object.entries(errors).map(([field, message]) => (
        <p
          key={field}
          id={field === 'expiration' ? `${ids}-expires-error` : undefined}
          className="field__error"
          role="alert"
          data-testid="permission-error"
        >
          {message}
        </p>
      ))}
    </li>
  );
}
