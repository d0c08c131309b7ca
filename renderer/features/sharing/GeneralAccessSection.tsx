import { Building2, Globe, Lock } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ChoiceMenu, type Choice } from '../../components/ChoiceMenu';
import { errorMessage } from '../../lib/api';
import { generalAccessOf, grantableRoles, type Permission, type Role, type ShareContext } from './permissions';
import { addPermission, changeRole, removePermission } from './useSharing';

type Kind = 'restricted' | 'domain' | 'anyone';

const kindIcons = { restricted: Lock, domain: Building2, anyone: Globe } as const;

/** Link sharing: restricted, everyone in the domain, or anyone with the link; its role and whether it can be found in search. */
export function GeneralAccessSection({
  fileId,
  permissions,
  context,
  domain,
}: {
  fileId: string;
  permissions: readonly Permission[];
  context: ShareContext;
  domain: string | null;
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

  const domainName = current?.domain ?? domain ?? 'your organisation';
  const roleWords: Partial<Record<Role, string>> = { reader: 'view', commenter: 'comment', writer: 'edit' };
  const linkRole = shown.role ?? current?.role ?? 'reader';
  const can = `can ${roleWords[linkRole] ?? 'open it'}`;
  const kinds: Choice<Kind>[] = [
    {
      value: 'restricted',
      label: 'Restricted',
      description: 'Only people with access can open it with the link',
    },
    ...(domain || access.kind === 'domain'
      ? [
          {
            value: 'domain' as const,
            label: `Everyone at ${domainName}`,
            description: `Anyone at ${domainName} with the link ${can}`,
          },
        ]
      : []),
    {
      value: 'anyone',
      label: 'Anyone with the link',
      description: `Anyone on the internet with the link ${can}`,
    },
  ];
  const kind = shown.kind ?? access.kind;
  const chosen = kinds.find((choice) => choice.value === kind) ?? kinds[0]!;
  const KindIcon = kindIcons[kind];

  return (
    <section className="general-access" aria-labelledby={`${ids}-title`} data-testid="general-access">
      <h3 className="share__section-title" id={`${ids}-title`}>
        General access
      </h3>
      <div className="general-access__row">
        <span className={`general-access__badge general-access__badge--${kind}`} aria-hidden="true">
          <KindIcon size={18} strokeWidth={1.8} />
        </span>
        <div className="general-access__main">
          <ChoiceMenu
            value={kind}
            choices={kinds}
            onChange={(next) => {
              if (next !== kind) void changeKind(next);
            }}
            label="Who can open it with the link"
            disabled={busy}
            look="quiet"
            testId="general-kind"
          />
          <p className="general-access__description" data-testid="general-description">
            {chosen.description}
          </p>
        </div>
        {current && kind !== 'restricted' ? (
          <ChoiceMenu
            value={linkRole}
            choices={roles.map((option) => ({ value: option.role, label: option.label }))}
            onChange={(role) => {
              if (role === linkRole) return;
              setShown({ role });
              void run(() => changeRole(fileId, current.id, role));
            }}
            label="Role for the link"
            disabled={busy}
            look="quiet"
            align="end"
            testId="general-role"
          />
        ) : null}
      </div>
      {current && (shown.kind ?? access.kind) !== 'restricted' ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={shown.discoverable ?? Boolean(current.allowFileDiscovery)}
            disabled={busy}
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
