import { z } from 'zod';
import type { FileActivityEntry } from '../../../shared/ipc/contract';

/** A person as Drive names them on a file (owner, last modifying user). */
const personSchema = z.object({
  displayName: z.string().optional(),
  emailAddress: z.string().optional(),
  me: z.boolean().optional(),
});

const permissionSchema = z.object({
  id: z.string(),
  type: z.string(),
  role: z.string(),
  emailAddress: z.string().optional(),
  displayName: z.string().optional(),
  domain: z.string().optional(),
});

/** What the core remembers of a file between two looks at it: what a change can be read from. */
export const fileSnapshotSchema = z.object({
  name: z.string(),
  parents: z.array(z.string()).default([]),
  starred: z.boolean().default(false),
  trashed: z.boolean().default(false),
  /** Absent when the user may not see who else has access. */
  permissions: z.array(permissionSchema).optional(),
  modifiedTime: z.string().optional(),
  lastModifyingUser: personSchema.optional(),
  /** Drive's change counter for the file; an older look than the one kept is ignored. */
  version: z.number().optional(),
});
export type FileSnapshot = z.infer<typeof fileSnapshotSchema>;
export type FilePermission = z.infer<typeof permissionSchema>;

/** The fields of a DriveFilesGet that a snapshot is read from. */
export const snapshotFields =
  'id,name,mimeType,parents,starred,trashed,version,modifiedTime,createdTime,' +
  'owners(displayName,emailAddress,me),lastModifyingUser(displayName,emailAddress,me),' +
  'permissions(id,type,role,emailAddress,displayName,domain)';

/** A snapshot from a DriveFilesGet answer (version arrives as a string, as Google sends int64). */
export function snapshotOf(file: Record<string, unknown>): FileSnapshot {
  const version = Number(file.version);
  return fileSnapshotSchema.parse({
    name: typeof file.name === 'string' ? file.name : '',
    parents: file.parents,
    starred: file.starred,
    trashed: file.trashed,
    permissions: file.permissions,
    modifiedTime: file.modifiedTime,
    lastModifyingUser: file.lastModifyingUser,
    ...(Number.isFinite(version) ? { version } : {}),
  });
}

export const personName = (person: z.infer<typeof personSchema> | undefined): string | undefined =>
  person ? (person.me ? 'You' : person.displayName || person.emailAddress || undefined) : undefined;

/** What changed between two looks at a file, before the folder ids of a move are named. */
export type ActivityChange = Omit<FileActivityEntry, 'id' | 'time'> & {
  /** A move: the folder ids left and entered (named by the caller). */
  readonly fromParents?: readonly string[];
  readonly toParents?: readonly string[];
  /** A sharing change: the permission and the role it has now (null once removed). */
  readonly permission?: { readonly id: string; readonly role: string | null };
};

const isLink = (permission: FilePermission) => permission.type === 'anyone';

const whoHas = (permission: FilePermission): string =>
  permission.type === 'domain'
    ? `everyone at ${permission.domain ?? 'the organisation'}`
    : permission.emailAddress || permission.displayName || permission.id;

/**
 * The entries a change from `before` to `after` makes. Who renamed, moved or trashed the file is
 * known when the change touched it (its modified time moved on); Drive does not say who changed
 * sharing (each sharing change names its permission, for the caller to match with writes of its own).
 * Stars are per user: always the user's own.
 */
export function diffSnapshots(before: FileSnapshot, after: FileSnapshot): ActivityChange[] {
  const changes: ActivityChange[] = [];
  const modifier = after.modifiedTime !== before.modifiedTime ? personName(after.lastModifyingUser) : undefined;
  const by = modifier ? { who: modifier } : {};
  if (after.name !== before.name) changes.push({ kind: 'renamed', from: before.name, to: after.name, ...by });
  const left = before.parents.filter((id) => !after.parents.includes(id));
  const entered = after.parents.filter((id) => !before.parents.includes(id));
  if (left.length > 0 || entered.length > 0)
    changes.push({ kind: 'moved', fromParents: left, toParents: entered, ...by });
  if (after.trashed !== before.trashed) changes.push({ kind: after.trashed ? 'trashed' : 'restored', ...by });
  if (after.starred !== before.starred) changes.push({ kind: after.starred ? 'starred' : 'unstarred', who: 'You' });
  if (before.permissions && after.permissions) changes.push(...diffPermissions(before.permissions, after.permissions));
  return changes;
}

function diffPermissions(before: readonly FilePermission[], after: readonly FilePermission[]): ActivityChange[] {
  const changes: ActivityChange[] = [];
  const old = new Map(before.map((permission) => [permission.id, permission]));
  const now = new Map(after.map((permission) => [permission.id, permission]));
  for (const permission of after) {
    const previous = old.get(permission.id);
    const current = { permission: { id: permission.id, role: permission.role } };
    if (isLink(permission)) {
      if (!previous) changes.push({ kind: 'linkShared', to: permission.role, ...current });
      else if (previous.role !== permission.role)
        changes.push({ kind: 'linkChanged', from: previous.role, to: permission.role, ...current });
      continue;
    }
    if (!previous) changes.push({ kind: 'shared', subject: whoHas(permission), to: permission.role, ...current });
    else if (previous.role !== permission.role)
      changes.push({
        kind: 'roleChanged',
        subject: whoHas(permission),
        from: previous.role,
        to: permission.role,
        ...current,
      });
  }
  for (const permission of before) {
    if (now.has(permission.id)) continue;
    const gone = { permission: { id: permission.id, role: null } };
    changes.push(
      isLink(permission)
        ? { kind: 'linkRemoved', from: permission.role, ...gone }
        : { kind: 'unshared', subject: whoHas(permission), from: permission.role, ...gone },
    );
  }
  return changes;
}
