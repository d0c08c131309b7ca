/** One entry of the Drive change feed (DriveChangesList), as the activity tab reads it. */
export interface ChangeEntry {
  fileId?: string | null;
  time?: string | null;
  removed?: boolean | null;
  file?: {
    name?: string | null;
    trashed?: boolean | null;
    parents?: string[] | null;
    starred?: boolean | null;
    modifiedTime?: string | null;
    lastModifyingUser?: { displayName?: string | null; me?: boolean | null } | null;
  } | null;
}

export interface ActivityEntry {
  time: string;
  description: string;
  who?: string;
}

const sameParents = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * What happened to a file, newest first, from its entries in the change feed. The feed keeps a
 * snapshot of the file per change (and may fold several changes into one), so each entry is
 * described by what differs from the snapshot before it.
 */
export function describeActivity(changes: readonly ChangeEntry[]): ActivityEntry[] {
  const ordered = [...changes]
    .filter((change) => change.time)
    .sort((a, b) => (a.time! < b.time! ? -1 : a.time! > b.time! ? 1 : 0));
  const entries: ActivityEntry[] = [];
  let previous: ChangeEntry['file'] | undefined;
  for (const change of ordered) {
    const file = change.file;
    const user = file?.lastModifyingUser;
    const who = user ? (user.me ? 'You' : user.displayName || undefined) : undefined;
    const parts: string[] = [];
    if (change.removed || !file) {
      parts.push('Deleted, or no longer shared with you');
    } else if (previous === undefined) {
      parts.push(file.trashed ? 'Moved to the trash' : `Created or first seen as “${file.name ?? ''}”`);
    } else {
      if (file.name !== previous?.name) parts.push(`Renamed to “${file.name ?? ''}”`);
      if (file.trashed && !previous?.trashed) parts.push('Moved to the trash');
      if (!file.trashed && previous?.trashed) parts.push('Restored from the trash');
      if (!sameParents(file.parents ?? [], previous?.parents ?? [])) parts.push('Moved to another folder');
      if (file.starred !== previous?.starred) parts.push(file.starred ? 'Starred' : 'Star removed');
      if (file.modifiedTime !== previous?.modifiedTime && parts.length === 0) parts.push('Edited');
      if (parts.length === 0) parts.push('Sharing or details changed');
    }
    entries.push({ time: change.time!, description: parts.join('; '), ...(who ? { who } : {}) });
    previous = change.removed ? undefined : file;
  }
  return entries.reverse();
}

/** Where to start reading the feed for recent activity: some way back from the current position. */
export function activityStartToken(startPageToken: string, lookBack: number): string {
  const position = Number(startPageToken);
  if (!Number.isSafeInteger(position)) return startPageToken;
  return String(Math.max(1, position - lookBack));
}
