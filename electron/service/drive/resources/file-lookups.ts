import type { FileRow, FileUserState } from '../domain/files-repository';
import type { EffectivePermission, Grantee, PermissionRow } from '../domain/permissions-repository';
import type { DriveUserRow } from '../domain/drive-users-repository';
import { permissionIdForEmail } from '../domain/ids';
import type { DriveSession } from '../domain/session';
import { userResource, userResourceOf, type DriveUserResource } from './user-resource';

/**
 * What a file resource reads beyond the file's own row, as seen by the session's user. One file
 * reads each part with its own query; a page of files reads each part once for the whole page.
 */
export interface FileLookups {
  /** The user's effective role strength on a file (0 when none). */
  rankOf(fileId: string): number;
  userState(fileId: string): FileUserState | undefined;
  user(userId: string | null): DriveUserResource | undefined;
  properties(fileId: string, visibility: 'public' | 'app'): Record<string, string>;
  effective(fileId: string): EffectivePermission[];
  /** The `id` and `role` of each of `effective`, in the same order. */
  grantees(fileId: string): Grantee[];
  hasDirectPermissions(fileId: string): boolean;
  sharedWithMeTime(fileId: string): string | undefined;
  /** The user's own permission on the file, when it was shared with them directly. */
  myDirectPermission(fileId: string): PermissionRow | undefined;
}

/** Lookups for a single file: each answer is one query. */
export function singleFileLookups(s: DriveSession): FileLookups {
  const data = s.data;
  return {
    rankOf: (fileId) => s.rankOf(fileId),
    userState: (fileId) => data.files.userState(fileId, s.user.id),
    user: (userId) => userResource(data, userId, s.user.id),
    properties: (fileId, visibility) => data.files.properties(fileId, visibility),
    effective: (fileId) => data.permissions.effective(fileId),
    grantees: (fileId) => data.permissions.effective(fileId),
    hasDirectPermissions: (fileId) => data.permissions.directOn(fileId).length > 0,
    sharedWithMeTime: (fileId) => data.permissions.sharedWithMeTime(fileId, s.user.email),
    myDirectPermission: (fileId) => data.permissions.direct(fileId, permissionIdForEmail(s.user.email)),
  };
}

/**
 * Lookups for a page of files (a listing or a page of changes). Each part is read for every file of
 * the page, in one query, the first time any file needs it, so a page costs a few queries rather
 * than a few per file, and parts the request does not select are never read. A file outside the
 * page is read on its own.
 */
export class PageLookups implements FileLookups {
  private readonly ids: string[];
  private readonly onPage: Set<string>;
  private readonly single: FileLookups;
  private ranks?: Map<string, number>;
  private states?: Map<string, FileUserState>;
  private users?: Map<string, DriveUserRow>;
  private readonly userResources = new Map<string, DriveUserResource | undefined>();
  private readonly props: Partial<Record<'public' | 'app', Map<string, Record<string, string>>>> = {};
  private permissions?: Map<string, EffectivePermission[]>;
  private grantedTo?: Map<string, Grantee[]>;
  private withDirect?: Set<string>;
  private sharedTimes?: Map<string, string>;
  private myDirect?: Map<string, PermissionRow>;

  constructor(
    private readonly s: DriveSession,
    private readonly files: readonly FileRow[],
  ) {
    this.ids = files.map((f) => f.id);
    this.onPage = new Set(this.ids);
    this.single = singleFileLookups(s);
  }

  rankOf(fileId: string): number {
    if (!this.ranks) {
      // The page's folders come along: a file's `parents` shows only folders the user can see.
      const ids = new Set(this.ids);
      for (const file of this.files) if (file.parent_id !== null) ids.add(file.parent_id);
      this.ranks = this.s.data.access.ranksOf([...ids], this.s.user, this.s.nowIso);
      for (const id of ids) if (!this.ranks.has(id)) this.ranks.set(id, 0);
    }
    return this.ranks.get(fileId) ?? this.single.rankOf(fileId);
  }

  userState(fileId: string): FileUserState | undefined {
    if (!this.onPage.has(fileId)) return this.single.userState(fileId);
    this.states ??= this.s.data.files.userStates(this.ids, this.s.user.id);
    return this.states.get(fileId);
  }

  user(userId: string | null): DriveUserResource | undefined {
    if (!userId) return undefined;
    if (!this.users) {
      const ids = new Set<string>();
      for (const file of this.files)
        for (const id of [file.owner_id, file.last_modifying_user_id, file.trashing_user_id]) if (id) ids.add(id);
      this.users = this.s.data.users.byIds([...ids]);
    }
    if (!this.userResources.has(userId)) {
      const row = this.users.get(userId) ?? this.s.data.users.byId(userId);
      this.userResources.set(userId, row ? userResourceOf(row, this.s.user.id) : undefined);
    }
    const resource = this.userResources.get(userId);
    // Every file gets its own copy, as if read on its own.
    return resource ? { ...resource } : undefined;
  }

  properties(fileId: string, visibility: 'public' | 'app'): Record<string, string> {
    if (!this.onPage.has(fileId)) return this.single.properties(fileId, visibility);
    const byFile = (this.props[visibility] ??= this.s.data.files.propertiesOfEach(this.ids, visibility));
    return { ...byFile.get(fileId) };
  }

  effective(fileId: string): EffectivePermission[] {
    if (!this.onPage.has(fileId)) return this.single.effective(fileId);
    this.permissions ??= this.s.data.permissions.effectiveOnEach(this.ids);
    return this.permissions.get(fileId) ?? [];
  }

  grantees(fileId: string): Grantee[] {
    if (this.permissions || !this.onPage.has(fileId)) return this.effective(fileId);
    this.grantedTo ??= this.s.data.permissions.granteesOnEach(this.ids);
    return this.grantedTo.get(fileId) ?? [];
  }

  hasDirectPermissions(fileId: string): boolean {
    if (!this.onPage.has(fileId)) return this.single.hasDirectPermissions(fileId);
    this.withDirect ??= this.s.data.permissions.filesWithDirect(this.ids);
    return this.withDirect.has(fileId);
  }

  sharedWithMeTime(fileId: string): string | undefined {
    if (!this.onPage.has(fileId)) return this.single.sharedWithMeTime(fileId);
    this.sharedTimes ??= this.s.data.permissions.sharedWithMeTimes(this.ids, this.s.user.email);
    return this.sharedTimes.get(fileId);
  }

  myDirectPermission(fileId: string): PermissionRow | undefined {
    if (!this.onPage.has(fileId)) return this.single.myDirectPermission(fileId);
    this.myDirect ??= this.s.data.permissions.directOnEach(this.ids, permissionIdForEmail(this.s.user.email));
    return this.myDirect.get(fileId);
  }
}
