import { useId, useState, type FormEvent } from 'react';
import type { AclRule } from '../../../shared/api/schemas/calendar';
import { ChoiceMenu, type Choice } from '../../components/ChoiceMenu';
import { ErrorBanner } from '../../components/StatusPanel';
import { apiQueryPrefix, callApi, errorMessage, queryClient, useApiQuery } from '../../lib/api';
import { listItems } from '../../lib/list-cache';
import type { CalendarInfo } from './calendar-data';
import {
  checkScopeValue,
  describeEffectiveAccess,
  describeScope,
  effectiveAccessFor,
  grantableRoles,
  roleLabels,
  ruleViews,
  scopeTypeLabels,
  type AclRuleView,
  type GrantableRole,
  type ScopeType,
} from './sharing';

const roleChoices: Choice<GrantableRole>[] = grantableRoles.map((role) => ({ value: role, label: roleLabels[role] }));
/**
 * Who the calendar is shared with (CalendarAclList) and how: add a person, group, domain or the
 * public with a role, change a role, remove a rule. Each person's effective access (their own rule,
 * or a stronger domain or public one) is shown beside them.
 */
export function SharingPanel({ calendar, selfEmail }: { calendar: CalendarInfo; selfEmail: string | null }) {
  const acl = useApiQuery('CalendarAclList', { calendarId: calendar.id, maxResults: 250 }, { allPagesOf: 'items' });
  const rules = ruleViews(listItems<AclRule>(acl.data, 'items'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, failure: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(`${failure}: ${errorMessage(caught)}`);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: apiQueryPrefix('CalendarAclList') });
    }
  };

  const setRole = (rule: AclRuleView, role: GrantableRole) =>
    run(
      () => callApi('CalendarAclPatch', { calendarId: calendar.id, ruleId: rule.id }, { role }),
      `Couldn’t change access for ${describeScope(rule.scope)}`,
    );
  const remove = (rule: AclRuleView) =>
    run(
      () => callApi('CalendarAclDelete', { calendarId: calendar.id, ruleId: rule.id }),
      `Couldn’t stop sharing with ${describeScope(rule.scope)}`,
    );
  const add = (type: ScopeType, value: string, role: GrantableRole) =>
    run(
      () =>
        callApi(
          'CalendarAclInsert',
          { calendarId: calendar.id },
          { role, scope: type === 'default' ? { type } : { type, value: value.trim() } },
        ),
      `Couldn’t share with ${type === 'default' ? 'everyone' : value.trim()}`,
    );

  const publicRule = rules.find((rule) => rule.scope.type === 'default');

  return (
    <section className="sharing" aria-labelledby="sharing-heading" data-testid="sharing-panel">
      <h3 id="sharing-heading" className="sharing__title">
        Share with people and groups
      </h3>
      {error ? <ErrorBanner message={error} onDismiss={() => setError(null)} testId="sharing-error" /> : null}
      {acl.isError ? (
        <ErrorBanner
          message={`Couldn’t load who this is shared with: ${errorMessage(acl.error)}`}
          onDismiss={() => void acl.refetch()}
        />
      ) : null}
      <p className="sharing__summary" data-testid="sharing-public">
        {publicRule
          ? `Anyone: ${roleLabels[publicRule.role]}`
          : 'Not public: only the people and groups below have access.'}
      </p>
      {acl.isPending ? <p className="field__hint">Loading…</p> : null}
      <ul className="sharing__list" aria-label="Access rules">
        {rules.map((rule) => {
          const isSelf =
            rule.scope.type === 'user' &&
            selfEmail !== null &&
            rule.scope.value.toLowerCase() === selfEmail.toLowerCase();
          const effective = rule.scope.type === 'user' ? effectiveAccessFor(rule.scope.value, rules) : null;
          return (
            <li key={rule.id} className="sharing__rule" data-testid="sharing-rule" data-rule-id={rule.id}>
              <span className="sharing__who">
                <span className="sharing__scope">
                  {describeScope(rule.scope)}
                  {isSelf ? ' (you)' : ''}
                </span>
                <span className="sharing__kind">{scopeTypeLabels[rule.scope.type]}</span>
                {effective && effective.role !== rule.role ? (
                  <span className="sharing__effective" data-testid="sharing-effective">
                    Effective: {describeEffectiveAccess(effective, rule.scope.value)}
                  </span>
                ) : null}
              </span>
              <ChoiceMenu
                value={rule.role}
                choices={roleChoices}
                onChange={(role) => {
                  if (role !== rule.role && role !== 'none') void setRole(rule, role);
                }}
                label={`Access for ${describeScope(rule.scope)}`}
                disabled={busy || isSelf}
                align="end"
                testId="sharing-rule-role"
              />
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={busy || isSelf}
                onClick={() => void remove(rule)}
                aria-label={`Remove ${describeScope(rule.scope)}`}
                data-testid="sharing-rule-remove"
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <AddRuleForm busy={busy} hasPublic={publicRule !== undefined} onAdd={add} />
      <EffectiveCheck rules={rules} />
    </section>
  );
}

function AddRuleForm({
  busy,
  hasPublic,
  onAdd,
}: {
  busy: boolean;
  hasPublic: boolean;
  onAdd: (type: ScopeType, value: string, role: GrantableRole) => Promise<void>;
}) {
  const ids = { type: useId(), value: useId(), role: useId() };
  const [type, setType] = useState<ScopeType>('user');
  const [value, setValue] = useState('');
  const [role, setRole] = useState<GrantableRole>('reader');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkScopeValue(type, value);
    if (found) {
      setProblem(found);
      return;
    }
    setProblem(null);
    await onAdd(type, value, role);
    setValue('');
  };

  return (
    <form className="sharing__add" onSubmit={(event) => void submit(event)} data-testid="sharing-add">
      <div className="field">
        <label className="field__label" htmlFor={ids.type}>
          Share with
        </label>
        <ChoiceMenu
          id={ids.type}
          value={type}
          choices={(Object.keys(scopeTypeLabels) as ScopeType[]).map((option) => ({
            value: option,
            label: scopeTypeLabels[option],
            ...(option === 'default' && hasPublic ? { disabled: true } : {}),
          }))}
          onChange={setType}
          label="Share with"
          testId="sharing-add-type"
        />
      </div>
      {type === 'default' ? null : (
        <div className="field sharing__add-value">
          <label className="field__label" htmlFor={ids.value}>
            {type === 'domain' ? 'Domain' : 'Email address'}
          </label>
          <input
            id={ids.value}
            className="input"
            value={value}
            placeholder={type === 'domain' ? 'example.com' : 'name@example.com'}
            autoComplete="off"
            onChange={(event) => setValue(event.target.value)}
            data-testid="sharing-add-value"
          />
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={ids.role}>
          Permission
        </label>
        <ChoiceMenu
          id={ids.role}
          value={role}
          choices={roleChoices}
          onChange={setRole}
          label="Permission"
          testId="sharing-add-role"
        />
      </div>
      <button type="submit" className="button button--primary" disabled={busy} data-testid="sharing-add-submit">
        Share
      </button>
      {problem ? (
        <p className="field__hint field__hint--problem sharing__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** "What can this person do?" for anyone, rules combined. */
function EffectiveCheck({ rules }: { rules: AclRuleView[] }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const valid = /^[^\s@]+@[^\s@]+$/.test(email.trim());
  return (
    <div className="field sharing__check">
      <label className="field__label" htmlFor={id}>
        Check someone’s access
      </label>
      <input
        id={id}
        className="input"
        value={email}
        placeholder="name@example.com"
        onChange={(event) => setEmail(event.target.value)}
        data-testid="sharing-check-input"
      />
      {valid ? (
        <span className="field__hint" role="status" data-testid="sharing-check-result">
          {email.trim()}: {describeEffectiveAccess(effectiveAccessFor(email.trim(), rules), email.trim())}
        </span>
      ) : null}
    </div>
  );
}
