import { join } from 'node:path';
import type { RequestContext, ServiceContext } from '../http/handler';
import type { Store } from '../store/store';
import type { User } from '../store/users';
import { BlobStore } from './content/blob-store';
import { ChecksumCache } from './content/checksums';
import { AccessRepository } from './domain/access-repository';
import { ChangesRepository } from './domain/changes-repository';
import { CommentsRepository } from './domain/comments-repository';
import { DrivesRepository } from './domain/drives-repository';
import { FilesRepository, type FileRow } from './domain/files-repository';
import { PermissionsRepository } from './domain/permissions-repository';
import { RevisionsRepository } from './domain/revisions-repository';
import { restrictionsOf, type DriveRestrictions } from './domain/drive-restrictions';
import { policyFor, type FilePolicy } from './domain/policy';
import { roleRank } from './domain/roles';
import { UsersRepository, type DriveUserRow } from './domain/users-repository';
import { driveErrors } from './errors';
import { changesWatchKey, fileWatchKey, PendingNotices } from './notices';

/** Repositories over one store (stateless; statements are cached by the store). */
export class DriveData {
  readonly files: FilesRepository;
  readonly users: UsersRepository;
  readonly access: AccessRepository;
  readonly permissions: PermissionsRepository;
  readonly revisions: RevisionsRepository;
  readonly changes: ChangesRepository;
  readonly comments: CommentsRepository;
  readonly drives: DrivesRepository;

  constructor(readonly store: Store) {
    this.files = new FilesRepository(store);
    this.users = new UsersRepository(store);
    this.access = new AccessRepository(store);
    this.permissions = new PermissionsRepository(store);
    this.revisions = new RevisionsRepository(store);
    this.changes = new ChangesRepository(store);
    this.comments = new CommentsRepository(store);
    this.drives = new DrivesRepository(store);
  }
}

const dataByStore = new WeakMap<Store, DriveData>();
const blobsByService = new WeakMap<ServiceContext, BlobStore>();
const checksumsByService = new WeakMap<ServiceContext, ChecksumCache>();

export function driveData(store: Store): DriveData {
  let data = dataByStore.get(store);
  if (!data) {
    data = new DriveData(store);
    dataByStore.set(store, data);
  }
  return data;
}

export function blobStoreOf(service: ServiceContext): BlobStore {
  let blobs = blobsByService.get(service);
  if (!blobs) {
    const recorded = (address: string) =>
      service.store
        .prepare<[string], { n: number }>('SELECT 1 AS n FROM drive_blobs WHERE address = ?')
        .get(address) !== undefined;
    blobs = new BlobStore(join(service.dataDir, 'blobs'), recorded);
    reclaimOrphans(service, blobs);
    blobsByService.set(service, blobs);
  }
  return blobs;
}

/**
 * Runs once per service, when its blob store is first needed and before any request has written to
 * it: what a crash left behind with nothing referring to it is removed (see `BlobStore.reclaimOrphans`).
 * The temporary file of every unfinished upload session is kept, so that the session can go on.
 */
function reclaimOrphans(service: ServiceContext, blobs: BlobStore): void {
  const referenced = new Set(
    service.store
      .prepare<[], { address: string }>(
        `SELECT blob_address AS address FROM drive_revisions
         UNION SELECT blob_address FROM drive_files WHERE blob_address IS NOT NULL`,
      )
      .all()
      .map((row) => row.address),
  );
  const live = new Set(
    service.store
      .prepare<[], { id: string }>('SELECT id FROM drive_upload_sessions WHERE completed_file_id IS NULL')
      .all()
      .map((row) => `upload-${row.id}`),
  );
  blobs.reclaimOrphans(referenced, live);
}

export function checksumsOf(service: ServiceContext): ChecksumCache {
  let checksums = checksumsByService.get(service);
  if (!checksums) {
    const blobs = blobStoreOf(service);
    checksums = new ChecksumCache(service.store, (address) => blobs.pathOf(address));
    checksumsByService.set(service, checksums);
  }
  return checksums;
}

/** What a file change means to watchers of that file (`X-Goog-Resource-State` and `X-Goog-Changed`). */
export interface FileChange {
  state?: 'add' | 'remove' | 'update' | 'trash' | 'untrash' | 'change';
  changed?: readonly string[];
  /** Users who must see the change even if they lost access with it. */
  alsoUsers?: Iterable<string>;
}

/** One request's view of Drive: who asks, the clock, the repositories and pending notifications. */
export class DriveSession {
  readonly user: User;
  readonly service: ServiceContext;
  readonly data: DriveData;
  readonly blobs: BlobStore;
  readonly checksums: ChecksumCache;
  readonly now: Date;
  readonly nowIso: string;
  private readonly notices = new PendingNotices();
  /** Blob addresses to drop from disk once the transaction that released them has committed. */
  private readonly releasedBlobs: string[] = [];

  constructor(readonly ctx: Pick<RequestContext, 'user' | 'service'>) {
    this.user = ctx.user;
    this.service = ctx.service;
    this.data = driveData(ctx.service.store);
    this.blobs = blobStoreOf(ctx.service);
    this.checksums = checksumsOf(ctx.service);
    this.now = ctx.service.now();
    this.nowIso = this.now.toISOString();
  }

  get me(): DriveUserRow {
    return this.data.users.require(this.user);
  }

  /** Runs `fn` in one transaction; notifications and blob removal happen only after it commits. */
  write<T>(fn: () => T): T {
    let result: T;
    try {
      result = this.service.store.transaction(fn);
    } catch (error) {
      this.notices.clear();
      this.releasedBlobs.length = 0;
      throw error;
    }
    this.notices.deliver(this.service.channels);
    const released = this.releasedBlobs.splice(0);
    for (const address of released) void this.blobs.remove(address).catch(() => undefined);
    return result;
  }

  /**
   * Ends this request's hold on a blob it wrote. If nothing was committed that refers to it, the
   * content is removed again (unless another request holds it).
   */
  async settleBlob(address: string): Promise<void> {
    this.blobs.unhold(address);
    const used =
      this.service.store
        .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM drive_revisions WHERE blob_address = ?')
        .get(address)?.n ?? 0;
    if (used === 0) await this.blobs.remove(address).catch(() => undefined);
  }

  releaseBlobs(addresses: Iterable<string>): void {
    this.releasedBlobs.push(...this.data.revisions.releaseUnreferenced(addresses));
  }

  /** `root` and `appDataFolder` are aliases for the user's own top folders. */
  resolveId(fileId: string): string {
    if (fileId === 'root') return this.me.root_id;
    if (fileId === 'appDataFolder') return this.me.app_data_id ?? fileId;
    return fileId;
  }

  private readonly restrictionsByDrive = new Map<string, DriveRestrictions | undefined>();

  /** The restrictions of a shared drive (read once per request). */
  restrictionsOf(driveId: string): DriveRestrictions | undefined {
    if (!this.restrictionsByDrive.has(driveId)) {
      const drive = this.data.drives.get(driveId);
      this.restrictionsByDrive.set(driveId, drive ? restrictionsOf(drive) : undefined);
    }
    return this.restrictionsByDrive.get(driveId);
  }

  /** What the user may do with `file` at effective role strength `rank`, its drive's restrictions applied. */
  policyOf(file: FileRow, rank: number): FilePolicy {
    return policyFor(file, rank, this.user.id, file.drive_id === null ? undefined : this.restrictionsOf(file.drive_id));
  }

  rankOf(fileId: string): number {
    return this.data.access.rankOf(fileId, this.user, this.nowIso);
  }

  /**
   * The file if the user may act on it at `minRank`: 404 when they cannot see it at all (so its
   * existence is not revealed), 403 when they can see it but not do this.
   */
  requireFile(fileId: string, minRank: number = roleRank.reader, message?: string): { file: FileRow; rank: number } {
    const id = this.resolveId(fileId);
    const file = this.data.files.get(id);
    if (!file) throw driveErrors.fileNotFound(fileId);
    const rank = this.rankOf(id);
    if (rank === 0) throw driveErrors.fileNotFound(fileId);
    // Others cannot see an owner's trash in My Drive.
    if (file.trashed && file.drive_id === null && file.owner_id !== this.user.id && rank < roleRank.owner) {
      throw driveErrors.fileNotFound(fileId);
    }
    if (rank < minRank) throw driveErrors.insufficientPermissions(message);
    return { file, rank };
  }

  /** Users whose change feed a change to these files reaches (those with access now). */
  usersWithAccess(fileId: string, subtree = false): Set<string> {
    const principals = subtree ? this.data.access.principalsOnSubtree(fileId) : this.data.access.principalsOn(fileId);
    return new Set(this.data.users.usersForPrincipals(principals));
  }

  /** Records a change to a file in every reached user's feed and queues the watch notifications. */
  fileChanged(file: Pick<FileRow, 'id' | 'drive_id'>, change: FileChange = {}): void {
    const users = this.usersWithAccess(file.id);
    for (const u of change.alsoUsers ?? []) users.add(u);
    this.data.changes.append(users, {
      change_type: 'file',
      file_id: file.id,
      drive_id: file.drive_id,
      time: this.nowIso,
    });
    for (const u of users) this.notices.add(changesWatchKey(u), 'change');
    if (change.state) this.notices.add(fileWatchKey(file.id), change.state, change.changed);
  }

  /** A shared drive itself changed (name, theme, hidden, deleted): every member's feed hears of it. */
  driveChanged(driveId: string, users: Iterable<string>): void {
    const list = [...users];
    this.data.changes.append(list, { change_type: 'drive', file_id: null, drive_id: driveId, time: this.nowIso });
    for (const u of list) this.notices.add(changesWatchKey(u), 'change');
  }

  notifyChanges(userId: string): void {
    this.notices.add(changesWatchKey(userId), 'change');
  }

  notifyFile(fileId: string, state: string, changed: readonly string[] = []): void {
    this.notices.add(fileWatchKey(fileId), state, changed);
  }
}
