import type { FileActivityEntry, IpcEvent } from '../../../shared/ipc/contract';
import { ApiCallError } from '../api-call-error';
import type { ApiClient } from '../api-client';
import { diffSnapshots, personName, snapshotFields, snapshotOf, type ActivityChange } from './diff';
import type { FileActivityStore } from './store';

export interface FileActivityOptions {
  readonly store: FileActivityStore;
  /** The API client of an account, by id. */
  readonly api: (account: string) => ApiClient;
  readonly now?: () => number;
  readonly log?: (message: string) => void;
}

/** Past this many files in one pass of the change feed, only the first are looked at. */
const maxFilesPerPass = 50;
/** How long a sharing write made here waits to be seen on the file before it is forgotten. */
const ownWriteTtlMs = 10 * 60_000;

/** A sharing write made through this app: the permission it touched and the role it left (null: removed). */
interface OwnSharingWrite {
  readonly role: string | null;
  readonly atMs: number;
}

type DriveFile = Record<string, unknown>;

const isNotFound = (error: unknown) => error instanceof ApiCallError && error.status === 404;

const asRecords = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && !!item)
    : [];

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * Follows what happens to Drive files: each time the change feed names a file (or its Activity is
 * asked for), the file's metadata is read and compared with the snapshot kept from the last look;
 * what differs (name, folders, trash, star, sharing) becomes entries of its activity. Looks at one
 * file run one after another, and a look older than the kept snapshot (by Drive's `version`) is
 * ignored, so the feed and the Activity tab looking at once never report a change twice or backwards.
 */
export class FileActivity {
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Per account and file: sharing writes made here, by permission id in the order made, not yet seen on a look. */
  private readonly ownSharing = new Map<string, Map<string, OwnSharingWrite[]>>();

  constructor(private readonly options: FileActivityOptions) {}

  private get nowMs(): number {
    return (this.options.now ?? Date.now)();
  }

  /**
   * Notes a sharing write this app made (a permission created, changed or deleted), so that when the
   * change shows on the file, its entry says it was the user's: Drive itself never says who changed
   * sharing. Only a change that ends as the write left it (the same permission, the same role or
   * removed) is attributed; anything else stays without a name.
   */
  noteWrite(account: string, operation: string, params: Record<string, unknown>, result: unknown): void {
    const fileId = text(params.fileId);
    if (!fileId) return;
    const answer = typeof result === 'object' && result ? (result as Record<string, unknown>) : {};
    let permissionId: string | undefined;
    let role: string | null;
    if (operation === 'DrivePermissionsDelete') {
      permissionId = text(params.permissionId);
      role = null;
    } else if (operation === 'DrivePermissionsCreate' || operation === 'DrivePermissionsUpdate') {
      permissionId = text(answer.id) ?? text(params.permissionId);
      const answered = text(answer.role);
      if (!answered) return;
      role = answered;
    } else return;
    if (!permissionId) return;
    const key = `${account}\u0000${fileId}`;
    const writes = this.ownSharing.get(key) ?? new Map<string, OwnSharingWrite[]>();
    writes.set(permissionId, [...(writes.get(permissionId) ?? []), { role, atMs: this.nowMs }]);
    this.ownSharing.set(key, writes);
  }

  /**
   * `change` attributed to the user when it is what one of their sharing writes left. That note and
   * the ones before it are used up (a look may see two quick writes at once, or each on its own).
   */
  private attributed(key: string, change: ActivityChange): ActivityChange {
    const writes = this.ownSharing.get(key);
    const permission = change.permission;
    if (!permission || !writes) return change;
    const notes = writes.get(permission.id) ?? [];
    const match = notes.findIndex((note) => note.role === permission.role);
    if (match < 0) return change;
    if (match === notes.length - 1) writes.delete(permission.id);
    else writes.set(permission.id, notes.slice(match + 1));
    return { ...change, who: 'You' };
  }

  /** Forgets the notes of a file that are too old to match anything seen from now on. */
  private expireOwnWrites(key: string): void {
    const writes = this.ownSharing.get(key);
    if (!writes) return;
    const oldest = this.nowMs - ownWriteTtlMs;
    for (const [id, notes] of writes) {
      const kept = notes.filter((note) => note.atMs >= oldest);
      if (kept.length > 0) writes.set(id, kept);
      else writes.delete(id);
    }
    if (writes.size === 0) this.ownSharing.delete(key);
  }

  private get nowIso(): string {
    return new Date(this.nowMs).toISOString();
  }

  /** Looks at the files a `changed` event of the Drive change feed names. */
  onEvent(event: IpcEvent): void {
    if (event.type !== 'changed' || event.collection !== 'changes' || !event.ids) return;
    for (const fileId of event.ids.slice(0, maxFilesPerPass)) {
      this.observe(event.account, fileId).catch((error: unknown) =>
        this.options.log?.(
          `Reading the activity of ${fileId} failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
  }

  /** Reads a file's metadata now and records what changed since the last look; answers the file (undefined when gone). */
  observe(account: string, fileId: string): Promise<DriveFile | undefined> {
    const key = `${account}\u0000${fileId}`;
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.look(account, fileId));
    this.queues.set(key, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        if (this.queues.get(key) === next) this.queues.delete(key);
      });
    return next;
  }

  private async look(account: string, fileId: string): Promise<DriveFile | undefined> {
    const { store } = this.options;
    const api = this.options.api(account);
    let file: DriveFile;
    try {
      file = (await api.callByName('DriveFilesGet', {
        fileId,
        fields: snapshotFields,
        supportsAllDrives: true,
      })) as DriveFile;
    } catch (error) {
      if (!isNotFound(error)) throw error;
      if (store.snapshot(account, fileId))
        store.record(account, fileId, undefined, [{ kind: 'removed', time: this.nowIso }]);
      return undefined;
    }
    // A shared drive's change names the drive, not a file.
    if (text(file.id) !== fileId) return file;
    const after = snapshotOf(file);
    const before = store.snapshot(account, fileId);
    if (before?.version !== undefined && after.version !== undefined && after.version < before.version) return file;
    const key = `${account}\u0000${fileId}`;
    const changes = before ? diffSnapshots(before, after).map((change) => this.attributed(key, change)) : [];
    this.expireOwnWrites(key);
    if (before && changes.length === 0 && before.version === after.version) return file;
    const time = this.nowIso;
    const entries = await Promise.all(changes.map((change) => this.named(api, change)));
    store.record(
      account,
      fileId,
      after,
      entries.map((entry) => ({ ...entry, time })),
    );
    return file;
  }

  /** A move names the folders (as they are called now) instead of their ids. */
  private async named(api: ApiClient, change: ActivityChange): Promise<Omit<FileActivityEntry, 'id' | 'time'>> {
    const { fromParents, toParents, permission: _permission, ...entry } = change;
    if (!fromParents && !toParents) return entry;
    const names = async (ids: readonly string[] = []) =>
      (
        await Promise.all(
          ids.map(async (id) => {
            try {
              const folder = (await api.callByName('DriveFilesGet', {
                fileId: id,
                fields: 'name',
                supportsAllDrives: true,
              })) as DriveFile;
              return text(folder.name) ?? id;
            } catch {
              return 'a folder you cannot see';
            }
          }),
        )
      ).join(', ');
    const [from, to] = await Promise.all([names(fromParents), names(toParents)]);
    return { ...entry, ...(from ? { from } : {}), ...(to ? { to } : {}) };
  }

  /**
   * A file's whole activity, newest first: created (by its owner), each later version (revisions),
   * comments, and the changes kept from the change feed. Looks at the file first, so a change not
   * yet seen on the feed is recorded now.
   */
  async list(account: string, fileId: string): Promise<FileActivityEntry[]> {
    const api = this.options.api(account);
    const file = await this.observe(account, fileId);
    if (!file) throw new ApiCallError(404, 'notFound', `File not found: ${fileId}.`, 'fileId');
    const isFolder = file.mimeType === 'application/vnd.google-apps.folder';
    const [revisions, comments] = await Promise.all([
      isFolder
        ? []
        : api
            .callByName('DriveRevisionsList', {
              fileId,
              pageSize: 200,
              fields: 'revisions(id,modifiedTime,lastModifyingUser(displayName,emailAddress,me))',
            })
            .then((answer) => asRecords((answer as DriveFile).revisions))
            .catch(() => []),
      isFolder
        ? []
        : api
            .callByName('DriveCommentsList', {
              fileId,
              pageSize: 100,
              fields: 'comments(id,createdTime,content,deleted,author(displayName,emailAddress,me))',
            })
            .then((answer) => asRecords((answer as DriveFile).comments))
            .catch(() => []),
    ]);
    const entries: FileActivityEntry[] = [...this.options.store.entries(account, fileId)];
    const created = text(file.createdTime);
    if (created) {
      const owner = personName(asRecords(file.owners)[0]);
      // Created under the name the first rename seen started from, or the name it has now.
      const firstName = entries.find((entry) => entry.kind === 'renamed')?.from ?? text(file.name) ?? '';
      entries.push({
        id: 'created',
        time: created,
        kind: 'created',
        to: firstName,
        ...(owner ? { who: owner } : {}),
      });
    }
    // The first revision is the content the file was created with.
    for (const revision of revisions.slice(1)) {
      const time = text(revision.modifiedTime);
      if (!time) continue;
      const who = personName(revision.lastModifyingUser as Parameters<typeof personName>[0]);
      entries.push({ id: `revision-${String(revision.id)}`, time, kind: 'version', ...(who ? { who } : {}) });
    }
    for (const comment of comments) {
      const time = text(comment.createdTime);
      if (!time || comment.deleted === true) continue;
      const who = personName(comment.author as Parameters<typeof personName>[0]);
      entries.push({
        id: `comment-${String(comment.id)}`,
        time,
        kind: 'commented',
        subject: text(comment.content) ?? '',
        ...(who ? { who } : {}),
      });
    }
    return entries.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
  }
}
