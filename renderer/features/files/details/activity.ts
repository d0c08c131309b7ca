import type { FileActivityEntry } from '../../../../shared/ipc/contract';

/** Drive's roles as the share dialog names them. */
const roleLabels: Record<string, string> = {
  owner: 'Owner',
  organizer: 'Manager',
  fileOrganizer: 'Content manager',
  writer: 'Editor',
  commenter: 'Commenter',
  reader: 'Viewer',
};

const roleLabel = (role: string | undefined) => (role ? (roleLabels[role] ?? role) : 'unknown');

/** What anyone with the link may do, as a phrase. */
const linkAbility = (role: string | undefined): string =>
  role === 'writer' ? 'edit' : role === 'commenter' ? 'comment' : 'view';

const quoted = (text: string | undefined) => `“${text ?? ''}”`;

/** Keeps a comment short enough for one line of the list. */
function excerpt(text: string | undefined, most = 80): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > most ? `${flat.slice(0, most - 1)}…` : flat;
}

/** One line of the Activity tab: what happened, in words. */
export function describeActivityEntry(entry: FileActivityEntry): string {
  switch (entry.kind) {
    case 'created':
      return `Created ${quoted(entry.to)}`;
    case 'version':
      return 'Uploaded a new version';
    case 'renamed':
      return `Renamed from ${quoted(entry.from)} to ${quoted(entry.to)}`;
    case 'moved':
      return entry.from && entry.to
        ? `Moved from ${entry.from} to ${entry.to}`
        : entry.to
          ? `Added to ${entry.to}`
          : `Removed from ${entry.from ?? 'a folder'}`;
    case 'shared':
      return `Shared with ${entry.subject ?? 'someone'} as ${roleLabel(entry.to)}`;
    case 'roleChanged':
      return `Changed ${entry.subject ?? 'someone'} from ${roleLabel(entry.from)} to ${roleLabel(entry.to)}`;
    case 'unshared':
      return `Removed access for ${entry.subject ?? 'someone'}`;
    case 'linkShared':
      return `Link sharing turned on: anyone with the link can ${linkAbility(entry.to)}`;
    case 'linkChanged':
      return `Link sharing changed: anyone with the link can ${linkAbility(entry.to)} (was ${linkAbility(entry.from)})`;
    case 'linkRemoved':
      return 'Link sharing turned off';
    case 'starred':
      return 'Starred';
    case 'unstarred':
      return 'Removed from starred';
    case 'trashed':
      return 'Moved to the trash';
    case 'restored':
      return 'Restored from the trash';
    case 'commented':
      return `Commented: ${quoted(excerpt(entry.subject))}`;
    case 'removed':
      return 'Deleted, or no longer shared with you';
  }
}
