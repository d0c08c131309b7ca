import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { generalAccessOf, grantableRoles, type Permission, type Role, type ShareContext } from './permissions';
import { addPermission, changeRole, removePermission } from './useSharing';

type Kind = 'restricted' | 'domain' | 'anyone';

/** Link sharing: restricted, everyone in the domain, or anyone with the link; its role and whether it can be found in search. */
export function GeneralAccessSection({
  fileId,
  permissions,
  context,
  domain,
  canManage,
}: {
  fileId: string;
  permissions: readonly Permission[];
  context: ShareContext;
  domain: string | null;
  canManage: boolean;
}) {
  const ids = useId();
  const access = generalAccessOf(permissions);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const roles = grantableRoles(context).filter(
    (option) => option.role === 'reader' || option.role === 'commenter' || option.role === 'writer',
  );
  const current = access.kind === 'restricted' ? null : access.permission;

  // Choices show at once; the service's state replaces them when the permissions are read again.
  const [shown, setShown] = useState<{ kind?: Kind; role?: Role; discoverable?: boolean }>({});
  useEffect(() => setShown({}), [permissions]);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (cause) {
      setShown({});
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  const grant = (kind: Exclude<Kind, 'restricted'>, role: Role, discoverable: boolean) =>
    addPermission(fileId, {
      type: kind,
      role,
      allowFileDiscovery: discoverable,
      ...(kind === 'domain' && domain ? { domain } : {}),
    });

  const changeKind = (kind: Kind) => {
    setShown({ kind });
    return run(async () => {
      if (current) await removePermission(fileId, current.id);
      if (kind !== 'restricted') await grant(kind, current?.role ?? 'reader', false);
    });
  };

  // Discoverability cannot be patched: the grant is replaced by one that says otherwise.
  const changeDiscoverable = (discoverable: boolean) => {
    setShown({ discoverable });
    return run(async () => {
      if (!current || access.kind === 'restricted') return;
      await removePermission(fileId, current.id);
      await grant(access.kind, current.role, discoverable);
    });
  };

  const description =
    access.kind === 'restricted'
      ? 'Only people with access can open it.'
      : access.kind === 'domain'
        ? `Anyone at ${current?.domain ?? domain ?? 'your organisation'} can open it.`
        : 'Anyone on the internet with the link can open it.';

  return (
    <section className="general-access" aria-labelledby={`${ids}-title`} data-testid="general-access">
      <h3 className="share__section-title" id={`${ids}-title`}>
        General access
      </h3>
      <div className="general-access__row">
        <select
          className="input"
          value={shown.kind ?? access.kind}
          disabled={!canManage || busy}
          onChange={(event) => void changeKind(event.target.value as Kind)}
          aria-label="Who can open it with the link"
          data-testid="general-kind"
        >
          <option value="restricted">Restricted</option>
          {domain || access.kind === 'domain' ? (
            <option value="domain">{`Everyone at ${current?.domain ?? domain}`}</option>
          ) : null}
          <option value="anyone">Anyone with the link</option>
        </select>
        {current ? (
          <select
            className="input"
            value={shown.role ?? current.role}
            disabled={!canManage || busy}
            onChange={(event) => {
              const role = event.target.value as Role;
              setShown({ role });
              void run(() => changeRole(fileId, current.id, role));
            }}
            aria-label="Role for the link"
            data-testid="general-role"
          >
            {roles.map((option) => (
              <option key={option.role} value={option.role}>
                {option.label}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      <p className="field__hint">{description}</p>
      {current && (shown.kind ?? access.kind) !== 'restricted' ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={shown.discoverable ?? Boolean(current.allowFileDiscovery)}
            disabled={!canManage || busy}
            onChange={(event) => void changeDiscoverable(event.target.checked)}
            data-testid="general-discoverable"
          />
          Can be found by searching (not only with the link)
        </label>
      ) : null}
      {error ? (
        <p className="field__error" role="alert" data-testid="general-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
