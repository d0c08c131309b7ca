import { join } from 'node:path';
import { UnitsOfWork, type UnitOfWork } from '../../area/unit-of-work';
import type { ServiceContext } from '../../http/handler';
import type { Store } from '../../store/store';
import type { User } from '../../store/users';
import { BlobStore } from '../content/blob-store';
import { ChecksumCache } from '../content/checksums';
import { AccessRepository } from './access-repository';
import { ChangesRepository } from './changes-repository';
import { CommentsRepository } from './comments-repository';
import { DrivesRepository } from './drives-repository';
import { FilesRepository, type FileRow } from './files-repository';
import { PermissionsRepository } from './permissions-repository';
import { RevisionsRepository } from './revisions-repository';
import { restrictionsOf, type DriveRestrictions } from './drive-restrictions';
import { policyFor, type FilePolicy } from './policy';
import { roleRank } from './roles';
import { UploadSessionsRepository } from './upload-sessions-repository';
import { DriveUsersRepository, type DriveUserRow } from './drive-users-repository';
import { driveErrors } from './errors';
import { changesWatchKey, fileWatchKey } from './notices';

/** Repositories over one store (stateless; statements are cached by the store). */
export class DriveData {
  readonly files: FilesRepository;
  readonly users: DriveUsersRepository;
  readonly access: AccessRepository;
  readonly permissions: PermissionsRepository;
  readonly revisions: RevisionsRepository;
  readonly changes: ChangesRepository;
  readonly comments: CommentsRepository;
  readonly drives: DrivesRepository;
  readonly uploads: UploadSessionsRepository;

  constructor(readonly store: Store) {
    this.files = new FilesRepository(store);
    this.users = new DriveUsersRepository(store);
    this.access = new AccessRepository(store);
    this.permissions = new PermissionsRepository(store);
    this.revisions = new RevisionsRepository(store);
    this.changes = new ChangesRepository(store);
    this.comments = new CommentsRepository(store);
    this.drives = new DrivesRepository(store);
    this.uploads = new UploadSessionsRepository(store);
  }
}

/**
 * What the Drive handlers of one service share between requests: the repositories, the content
 * store with its checksum cache, and the writes (one unit of work each).
 */
export class DriveState {
  readonly data: DriveData;
  readonly blobs: BlobStore;
  readonly checksums: ChecksumCache;
  readonly units: UnitsOfWork;
  /** When abandoned resumable upload sessions were last swept (service clock, ms). */
  lastUploadSweep = Number.NEGATIVE_INFINITY;
  /** Resumable uploads being finished, per session: a second request for the same session waits for it. */
  readonly finishingUploads = new Map<string, Promise<unknown>>();

  constructor(readonly service: ServiceContext) {
    this.data = new DriveData(service.store);
    this.blobs = new BlobStore(join(service.dataDir, 'blobs'), (address) => this.data.revisions.blobRecorded(address));
    this.checksums = new ChecksumCache(service.store, (address) => this.blobs.pathOf(address));
    this.units = new UnitsOfWork(service);
    // Before any request has written to the blob store, what a crash left behind with nothing
    // referring to it goes (see `BlobStore.reclaimOrphans`). The temporary file of every
    // unfinished upload session is kept, so that the session can go on.
    this.blobs.reclaimOrphans(
      this.data.revisions.referencedBlobAddresses(),
      new Set(this.data.uploads.unfinishedIds().map((id) => `upload-${id}`)),
    );
  }
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
  /** The unit of work of the write in progress (see `write`). */
  private work: UnitOfWork | undefined;

  constructor(
    readonly drive: DriveState,
    readonly ctx: { readonly user: User },
  ) {
    this.user = ctx.user;
    this.service = drive.service;
    this.data = drive.data;
    this.blobs = drive.blobs;
    this.checksums = drive.checksums;
    this.now = drive.service.now();
    this.nowIso = this.now.toISOString();
  }

  get me(): DriveUserRow {
    return this.data.users.require(this.user);
  }

  /** Runs `fn` as one unit of work: notifications and blob removal happen only after it commits. */
  write<T>(fn: () => T): T {
    return this.drive.units.write((work) => {
      const outer = this.work;
      this.work = work;
      try {
        return fn();
      } finally {
        this.work = outer;
      }
    });
  }

  /** The unit of work changes are announced to; a change outside a write is a mistake. */
  private get announce(): UnitOfWork {
    if (!this.work) throw new Error('A Drive change is recorded outside a write.');
    return this.work;
  }

  /**
   * Ends this request's hold on a blob it wrote. If nothing was committed that refers to it, the
   * content is removed again (unless another request holds it).
   */
  async settleBlob(address: string): Promise<void> {
    this.blobs.unhold(address);
    if (!this.data.revisions.blobInUse(address)) await this.blobs.remove(address).catch(() => undefined);
  }

  releaseBlobs(addresses: Iterable<string>): void {
    const work = this.announce;
    for (const address of this.data.revisions.releaseUnreferenced(addresses)) {
      work.afterCommit(() => void this.blobs.remove(address).catch(() => undefined));
    }
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
    for (const u of users) this.announce.notify(changesWatchKey(u), 'change');
    if (change.state) this.announce.notify(fileWatchKey(file.id), change.state, change.changed);
  }

  /** A shared drive itself changed (name, theme, hidden, deleted): every member's feed hears of it. */
  driveChanged(driveId: string, users: Iterable<string>): void {
    const list = [...users];
    this.data.changes.append(list, { change_type: 'drive', file_id: null, drive_id: driveId, time: this.nowIso });
    for (const u of list) this.announce.notify(changesWatchKey(u), 'change');
  }

  notifyChanges(userId: string): void {
    this.announce.notify(changesWatchKey(userId), 'change');
  }

  notifyFile(fileId: string, state: string, changed: readonly string[] = []): void {
    this.announce.notify(fileWatchKey(fileId), state, changed);
  }
}
