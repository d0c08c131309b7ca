import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { CollectionRef } from '../../../shared/api/collections';
import type {
  Freshness,
  OfflineAccountStatus,
  OfflineConflict,
  OfflineResource,
  PendingChange,
} from '../../../shared/ipc/contract';
import { ApiCallError } from '../api-call-error';
import type { ApiClient } from '../api-client';
import { backoffDelay, isRetryable } from '../retry-policy';
import type { RetryPolicy } from '../retry-policy';
import type { SyncMirror } from '../sync/account-sync';
import type { ResourceSink } from '../sync/resource-sync';
import type { SyncPass } from '../sync/sync-sources';
import type { TasksSink } from '../tasks-poller';
import { applyPatch, diffAsPatch, mergeFields } from './merge';
import type { FieldConflict } from './merge';
import { calendarKey, eventById, mirroredReads, readFromMirror, tasklistKey } from './mirror-reads';
import type { ReadContext } from './mirror-reads';
import { MirrorStore } from './mirror-store';
import type { OutboxEntry, Resource } from './mirror-store';
import { instantOf } from './occurrences';
import { sendStagedUpload, UploadStaging } from './staged-uploads';
import { restorableEventBody } from '../../../shared/calendar/restorable-event';

/** Which single events the mirror keeps, around today (recurring series and their exceptions are always kept). */
export interface EventWindow {
  readonly pastDays: number;
  readonly futureDays: number;
}

export const defaultEventWindow: EventWindow = { pastDays: 365, futureDays: 730 };

export interface AccountMirrorOptions {
  readonly account: string;
  readonly file: string;
  readonly api: ApiClient;
  /** Told whenever the status, the outbox or the conflicts change. */
  readonly onStatus: () => void;
  /** Told when a queued or replayed write changed a collection (the renderer refetches it). */
  readonly onChanged?: (target: CollectionRef, ids?: string[]) => void;
  readonly eventWindow?: EventWindow;
  /** Waits between replay attempts after rate limits and server errors. */
  readonly replayBackoff?: RetryPolicy;
  /** Waits between replay attempts while the service cannot be reached. */
  readonly reconnect?: RetryPolicy;
  readonly now?: () => Date;
  readonly log?: (message: string) => void;
}

const defaultReplayBackoff: RetryPolicy = {
  maxAttempts: Number.POSITIVE_INFINITY,
  baseDelayMs: 1_000,
  maxDelayMs: 300_000,
};
const defaultReconnect: RetryPolicy = { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 1_000, maxDelayMs: 60_000 };

type WriteKind = 'insert' | 'patch' | 'update' | 'delete' | 'move';

interface WriteSpec {
  readonly collection: 'events' | 'tasks' | 'tasklists' | 'calendarList' | 'files';
  readonly kind: WriteKind;
  /** Parameter naming the partition. */
  readonly keyParam?: string;
  /** Parameter naming the item (absent for inserts). */
  readonly idParam?: string;
  readonly noun: string;
}

/** Writes the outbox takes: the rest go to the network only (and fail while offline). */
const writeSpecs: Readonly<Record<string, WriteSpec>> = {
  CalendarEventsInsert: { collection: 'events', kind: 'insert', keyParam: 'calendarId', noun: 'event' },
  CalendarEventsPatch: {
    collection: 'events',
    kind: 'patch',
    keyParam: 'calendarId',
    idParam: 'eventId',
    noun: 'event',
  },
  CalendarEventsUpdate: {
    collection: 'events',
    kind: 'update',
    keyParam: 'calendarId',
    idParam: 'eventId',
    noun: 'event',
  },
  CalendarEventsDelete: {
    collection: 'events',
    kind: 'delete',
    keyParam: 'calendarId',
    idParam: 'eventId',
    noun: 'event',
  },
  CalendarCalendarListPatch: { collection: 'calendarList', kind: 'patch', idParam: 'calendarId', noun: 'calendar' },
  TasksTasksInsert: { collection: 'tasks', kind: 'insert', keyParam: 'tasklist', noun: 'task' },
  TasksTasksPatch: { collection: 'tasks', kind: 'patch', keyParam: 'tasklist', idParam: 'task', noun: 'task' },
  TasksTasksUpdate: { collection: 'tasks', kind: 'update', keyParam: 'tasklist', idParam: 'task', noun: 'task' },
  TasksTasksDelete: { collection: 'tasks', kind: 'delete', keyParam: 'tasklist', idParam: 'task', noun: 'task' },
  /** Within a list (new parent or place) or into another one (`destinationTasklist`), subtasks along. */
  TasksTasksMove: { collection: 'tasks', kind: 'move', keyParam: 'tasklist', idParam: 'task', noun: 'task' },
  TasksTasklistsPatch: { collection: 'tasklists', kind: 'patch', idParam: 'tasklist', noun: 'task list' },
  DriveFilesCreate: { collection: 'files', kind: 'insert', noun: 'file' },
  DriveFilesUpdate: { collection: 'files', kind: 'patch', idParam: 'fileId', noun: 'file' },
  DriveFilesDelete: { collection: 'files', kind: 'delete', idParam: 'fileId', noun: 'file' },
  /** A file dropped for upload while offline, staged on disk (`staged-uploads.ts`). */
  upload: { collection: 'files', kind: 'insert', noun: 'file' },
};

/** How to read an item back from the server (replay compares and merges against it). */
const getOperation: Readonly<Record<WriteSpec['collection'], string>> = {
  events: 'CalendarEventsGet',
  tasks: 'TasksTasksGet',
  tasklists: 'TasksTasklistsGet',
  calendarList: 'CalendarCalendarListGet',
  files: 'DriveFilesGet',
};

/** Fields the server sets; never part of a merge or a replayed body. */
const serverOwned = new Set([
  'kind',
  'etag',
  'id',
  'updated',
  'created',
  'htmlLink',
  'iCalUID',
  'selfLink',
  'version',
  'modifiedTime',
  'createdTime',
  'position',
  'links',
  'webViewLink',
  'capabilities',
  'owners',
  'lastModifyingUser',
]);

/** Temporary ids of items created here whose server id is not known yet (Tasks chooses its own ids). */
const temporaryPrefix = 'pending-';

/** Calendar event ids: base32hex characters (a–v, 0–9), 5 to 1024 of them. */
function newEventId(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuv';
  return [...randomBytes(26)].map((byte) => alphabet[byte & 31]).join('');
}

const isNetworkError = (error: unknown): error is ApiCallError => error instanceof ApiCallError && error.status === 0;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const titleOf = (resource: Resource | null | undefined): string | undefined =>
  str(resource?.summary) ?? str(resource?.title) ?? str(resource?.name) ?? str(resource?.summaryOverride);

function describe(kind: WriteKind, noun: string, resource: Resource | null | undefined): string {
  const verb = { insert: 'New', patch: 'Edit', update: 'Edit', delete: 'Delete', move: 'Move' }[kind];
  const title = titleOf(resource);
  return `${verb} ${noun}${title ? ` “${title}”` : ''}`;
}

/** What a queued write does to the mirror's copy of its item. */
function effectOf(
  spec: WriteSpec,
  entry: Pick<OutboxEntry, 'params' | 'body'>,
  current: Resource | null,
  now: string,
): Resource | null {
  const body = (entry.body ?? {}) as Record<string, unknown>;
  switch (spec.kind) {
    case 'delete':
      return null;
    case 'move':
      // Into another list it leaves this one; within the list it takes its new parent and place.
      if (!current || str(entry.params.destinationTasklist)) return null;
      return applyPatch(current, { parent: body.parent ?? null, position: body.position ?? '', updated: now });
    case 'insert':
      return applyPatch(current ?? {}, body);
    case 'update':
      return { ...body, ...(current ? { id: current.id, kind: current.kind, etag: current.etag } : {}), updated: now };
    case 'patch': {
      if (!current) return null;
      const next = applyPatch(current, body);
      if (spec.collection === 'files') {
        const parents = new Set(Array.isArray(next.parents) ? (next.parents as string[]) : []);
        for (const id of String(entry.params.addParents ?? '')
          .split(',')
          .filter(Boolean))
          parents.add(id);
        for (const id of String(entry.params.removeParents ?? '')
          .split(',')
          .filter(Boolean))
          parents.delete(id);
        next.parents = [...parents];
        next.modifiedTime = now;
      } else {
        next.updated = now;
      }
      return next;
    }
  }
}

/**
 * One Google account's local-first state: its mirror (what the views read, kept current by the
 * sync engine), its outbox (writes not yet sent, replayed in order) and its conflicts.
 */
export class AccountMirror implements SyncMirror {
  readonly store: MirrorStore;
  readonly tasks: TasksSink;
  private offlineSince: string | undefined;
  private replaying: Promise<void> | undefined;
  private replayWanted = false;
  private replayTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private unreachableTries = 0;
  private closed = false;
  private readonly seriesCache: NonNullable<ReadContext['seriesCache']> = new Map();
  /** Syncs that found nothing new: when they happened, kept in memory (no disk write for an idle poll). */
  private readonly quietSyncs = new Map<string, string>();
  /**
   * Partitions changed on the server by writes that bypassed the mirror (a series edit, a task
   * moved to another list, any write the mirror does not queue): read from the network until a
   * sync pass brings them in (`*` as key: every partition of the collection).
   */
  private readonly dirty = new Set<string>();
  /** `taskMoves()` worked out once for a whole sync pass. */
  private movesDuringPass: Map<string, 'in' | 'out'> | undefined;
  private readonly staging: UploadStaging;

  constructor(private readonly options: AccountMirrorOptions) {
    this.store = new MirrorStore(options.file);
    this.staging = new UploadStaging(`${options.file}.uploads`);
    this.offlineSince = this.store.fact('offlineSince');
    // A change marked as being sent when the last run stopped is sent again (reconciled first where needed).
    this.tasks = {
      since: () => {
        const at = this.store.fact('tasksSince');
        return at ? new Date(at) : undefined;
      },
      hasTasks: (tasklist) => this.store.syncState('tasks', tasklist) !== undefined,
      applyLists: (lists, at) => this.applyTasklists(lists, at),
      applyTasks: (tasklist, tasks, full, at) => this.applyTasks(tasklist, tasks, full, at),
    };
  }

  get account(): string {
    return this.options.account;
  }

  get api(): ApiClient {
    return this.options.api;
  }

  get offline(): boolean {
    return this.offlineSince !== undefined;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private windowMs(): [number, number] {
    const window = this.options.eventWindow ?? defaultEventWindow;
    // By the day, so the series cache (keyed on the window) stays valid through the day.
    const now = Math.floor(this.now().getTime() / 86_400_000) * 86_400_000;
    return [now - window.pastDays * 86_400_000, now + window.futureDays * 86_400_000];
  }

  /** The account stopped or started answering. Coming back sends the outbox. */
  setOffline(offline: boolean): void {
    if (this.closed || offline === this.offline) return;
    this.offlineSince = offline ? this.now().toISOString() : undefined;
    this.store.setFact('offlineSince', this.offlineSince);
    this.options.onStatus();
    if (!offline) this.replaySoon();
  }

  // Sync ----------------------------------------------------------------------------------------

  sinkFor(target: CollectionRef): ResourceSink | undefined {
    const stateKey = target.collection === 'changes' ? 'files' : target.collection;
    if (!['calendarList', 'settings', 'events', 'changes'].includes(target.collection)) return undefined;
    const key = target.key ?? '';
    const cursor = this.store.syncState(stateKey, key)?.cursor ?? undefined;
    return {
      ...(cursor ? { cursor } : {}),
      apply: (pass, full) => this.applyPass(target, pass, full),
    };
  }

  private async applyPass(target: CollectionRef, pass: SyncPass, full: boolean): Promise<void> {
    if (this.closed) return;
    this.setOffline(false);
    const at = this.now().toISOString();
    const key = target.key ?? '';
    if (target.collection === 'changes') return this.applyDriveChanges(pass, full, at);
    // Extra reads the views need besides the feed: colours with the calendar list.
    const colors =
      target.collection === 'calendarList' && full ? await this.fetchQuietly('CalendarColorsGet', {}) : undefined;
    const [from, to] = this.windowMs();
    const before = this.store.changes;
    this.store.transaction(() => {
      const seen = new Set<string>();
      for (const item of pass.items) {
        const id = str(item.id);
        if (!id) continue;
        seen.add(id);
        let gone = item.deleted === true;
        if (target.collection === 'events') {
          const single = !Array.isArray(item.recurrence) && !str(item.recurringEventId);
          if (item.status === 'cancelled' && single) gone = true;
          else if (single) {
            const start = instantOf(item.start, 'UTC');
            const end = instantOf(item.end, 'UTC') ?? start;
            if (start !== undefined && end !== undefined && (end < from || start > to)) gone = true;
          }
        }
        if (gone) this.serverRemoved(target.collection, key, id);
        else this.serverCopy(target.collection, key, id, item);
      }
      if (full) {
        for (const id of this.store.ids(target.collection, key))
          if (!seen.has(id)) this.serverRemoved(target.collection, key, id);
      }
      if (colors) this.store.put('colors', '', 'colors', colors, colors);
      if (colors) this.store.setSynced('colors', '', at, null);
      this.markSynced(target.collection, key, at, pass.cursor, full || this.store.changes !== before);
    });
    if (full || this.store.changes !== before) this.options.onStatus();
  }

  private async applyDriveChanges(pass: SyncPass, full: boolean, at: string): Promise<void> {
    const drivesChanged = full || pass.items.some((change) => change.changeType === 'drive');
    const [drives, about, root] = await Promise.all([
      drivesChanged ? this.fetchQuietly('DriveDrivesList', { pageSize: 100 }) : undefined,
      full ? this.fetchQuietly('DriveAboutGet', { fields: '*' }) : undefined,
      full ? this.fetchQuietly('DriveFilesGet', { fileId: 'root', fields: 'id' }) : undefined,
    ]);
    const before = this.store.changes;
    this.store.transaction(() => {
      const seen = new Set<string>();
      for (const change of pass.items) {
        if (change.changeType === 'drive') continue;
        const id = str(change.fileId);
        if (!id) continue;
        seen.add(id);
        const file = change.file as Resource | undefined;
        if (change.removed === true || !file) this.serverRemoved('files', '', id);
        else if (!olderThan(file, this.store.item('files', '', id)?.synced)) this.serverCopy('files', '', id, file);
      }
      if (full) for (const id of this.store.ids('files', '')) if (!seen.has(id)) this.serverRemoved('files', '', id);
      if (drives && Array.isArray(drives.drives)) {
        for (const id of this.store.ids('drives', '')) this.store.remove('drives', '', id);
        for (const drive of drives.drives as Resource[]) {
          const id = str(drive.id);
          if (id) this.store.put('drives', '', id, drive, drive);
        }
        this.store.setSynced('drives', '', at, null);
      }
      if (about) {
        this.store.put('about', '', 'about', about, about);
        this.store.setSynced('about', '', at, null);
      }
      if (root && str(root.id)) this.store.setFact('driveRootId', String(root.id));
      this.markSynced('files', '', at, pass.cursor, full || this.store.changes !== before);
    });
    if (full || this.store.changes !== before) this.options.onStatus();
    // Ids in hand for files made or uploaded offline.
    await this.refillFileIds();
  }

  private applyTasklists(lists: Resource[], at: Date): void {
    if (this.closed) return;
    const before = this.store.changes;
    this.store.transaction(() => {
      const seen = new Set<string>();
      for (const list of lists) {
        const id = str(list.id);
        if (!id) continue;
        seen.add(id);
        this.serverCopy('tasklists', '', id, list);
      }
      // Views show the lists in the server's order, and "@default" is the first of them.
      this.store.setOrder('tasklists', '', [...seen]);
      for (const id of this.store.ids('tasklists', '')) {
        if (seen.has(id)) continue;
        this.serverRemoved('tasklists', '', id);
        for (const task of this.store.ids('tasks', id)) this.serverRemoved('tasks', id, task);
        this.store.forgetSynced('tasks', id);
      }
      this.markSynced('tasklists', '', at.toISOString(), null, this.store.changes !== before);
    });
  }

  private applyTasks(tasklist: string, tasks: Resource[], full: boolean, at: Date): void {
    if (this.closed) return;
    this.setOffline(false);
    const before = this.store.changes;
    this.movesDuringPass = this.taskMoves();
    this.store.transaction(() => {
      const seen = new Set<string>();
      for (const task of tasks) {
        const id = str(task.id);
        if (!id) continue;
        seen.add(id);
        if (task.deleted === true) this.serverRemoved('tasks', tasklist, id);
        else this.serverCopy('tasks', tasklist, id, task);
      }
      if (full)
        for (const id of this.store.ids('tasks', tasklist))
          if (!seen.has(id)) this.serverRemoved('tasks', tasklist, id);
      const changed = full || this.store.changes !== before;
      this.markSynced('tasks', tasklist, at.toISOString(), null, changed);
      if (changed) this.store.setFact('tasksSince', at.toISOString());
    });
    this.movesDuringPass = undefined;
    if (full || this.store.changes !== before) this.options.onStatus();
  }

  /**
   * Records a successful sync of a partition: on disk (with its cursor) when the pass changed
   * anything or listed afresh, in memory only when it found nothing (a restart then continues
   * from the previous cursor, which is harmless: passes apply idempotently).
   */
  private markSynced(collection: string, key: string, at: string, cursor: string | null, changed: boolean): void {
    const id = `${collection}\u0000${key}`;
    this.dirty.delete(id);
    this.dirty.delete(`${collection}\u0000*`);
    if (collection === 'files') this.dirty.delete('permissions\u0000*');
    if (changed || !this.store.syncState(collection, key)) {
      this.quietSyncs.delete(id);
      this.store.setSynced(collection, key, at, cursor);
    } else {
      this.quietSyncs.set(id, at);
    }
  }

  /**
   * Tasks moved between lists by queued moves, by `<list>\0<id>`: `out` of the list they left,
   * `in` the list they went to (the moved task and each of its subtasks).
   */
  private taskMoves(): Map<string, 'in' | 'out'> {
    if (this.movesDuringPass) return this.movesDuringPass;
    const moves = new Map<string, 'in' | 'out'>();
    for (const entry of this.store.outbox()) {
      if (entry.operation !== 'TasksTasksMove' || !str(entry.params.destinationTasklist)) continue;
      const destination = tasklistKey(this.store, entry.params.destinationTasklist);
      for (const id of movedIds(entry)) {
        const mapped = this.store.fact(`id:${id}`) ?? id;
        for (const each of new Set([id, mapped])) {
          moves.set(`${entry.key}\u0000${each}`, 'out');
          moves.set(`${destination}\u0000${each}`, 'in');
        }
      }
    }
    return moves;
  }

  /** A write that bypassed the mirror changed this collection (partition) on the server. */
  markDirty(target: CollectionRef): void {
    let key = target.key ?? '*';
    if (target.collection === 'events' && target.key !== undefined) key = calendarKey(this.store, target.key);
    if (target.collection === 'tasks' && target.key !== undefined) key = tasklistKey(this.store, target.key);
    this.dirty.add(`${target.collection}\u0000${key}`);
  }

  private isDirty(collection: string, key: string): boolean {
    return this.dirty.has(`${collection}\u0000${key}`) || this.dirty.has(`${collection}\u0000*`);
  }

  private syncedAt(collection: string, key: string): string | undefined {
    return this.quietSyncs.get(`${collection}\u0000${key}`) ?? this.store.syncState(collection, key)?.at;
  }

  private async fetchQuietly(operation: string, params: Record<string, unknown>): Promise<Resource | undefined> {
    try {
      const answer = await this.options.api.callByName(operation, params);
      return typeof answer === 'object' && answer !== null ? (answer as Resource) : undefined;
    } catch {
      return undefined;
    }
  }

  /** The server's copy of an item arrived: it becomes the base, and queued changes are laid over it again. */
  private serverCopy(collection: string, key: string, id: string, server: Resource): void {
    if (collection === 'tasks') {
      // A task (or subtask) moved to another list here and not sent yet stays where it was moved.
      const moved = this.taskMoves().get(`${key}\u0000${id}`);
      if (moved === 'out') return this.store.put(collection, key, id, null, server);
      if (moved === 'in') return;
    }
    const pending = this.store.outboxFor(collection, key, id);
    if (pending.length === 0) return this.store.put(collection, key, id, server, server);
    const now = this.now().toISOString();
    let data: Resource | null = server;
    for (const entry of pending) {
      const spec = writeSpecs[entry.operation];
      if (spec) data = effectOf(spec, entry, data, now);
    }
    this.store.put(collection, key, id, data, server);
  }

  /** The server no longer has an item. An item with queued changes keeps them (replay finds out and asks). */
  private serverRemoved(collection: string, key: string, id: string): void {
    const item = this.store.item(collection, key, id);
    if (!item) return;
    if (collection === 'tasks' && this.taskMoves().has(`${key}\u0000${id}`)) return;
    if (this.store.outboxFor(collection, key, id).length === 0) this.store.remove(collection, key, id);
    else this.store.put(collection, key, id, item.data, null);
  }

  // Reads ---------------------------------------------------------------------------------------

  /** Whether the mirror answers this operation at all. */
  static mirrors(operation: string): boolean {
    return mirroredReads.has(operation);
  }

  /**
   * Answers a read from the mirror when the account is offline (or `force`), or when every
   * partition it reads has been synced; otherwise undefined (ask the network).
   */
  read(
    operation: string,
    rawParams: Record<string, unknown>,
    force = false,
  ): { value: unknown; freshness: Freshness } | undefined {
    if (this.closed || !mirroredReads.has(operation)) return undefined;
    const params = this.mapIds(rawParams);
    const answer = readFromMirror(
      { store: this.store, windowMs: this.windowMs(), seriesCache: this.seriesCache },
      operation,
      params,
    );
    if (!answer) return undefined;
    const states = answer.sources.map((source) => this.syncedAt(source.collection, source.key));
    const synced =
      states.every((state) => state !== undefined) &&
      !answer.sources.some((source) => this.isDirty(source.collection, source.key));
    if (!synced && !this.offline && !force) return undefined;
    const syncedAt = states.reduce<string | undefined>(
      (oldest, state) => (state && (oldest === undefined || state < oldest) ? state : oldest),
      undefined,
    );
    const pending = answer.sources.some(
      (source) =>
        this.store.hasOutboxIn(source.collection, source.key) ||
        // Tasks moved into this list by a queued move (its entry belongs to the list they left).
        (source.collection === 'tasks' &&
          this.store.outboxCount() > 0 &&
          [...this.taskMoves().entries()].some(([at, way]) => way === 'in' && at.startsWith(`${source.key}\u0000`))),
    );
    return {
      value: answer.value,
      freshness: {
        source: 'mirror',
        offline: this.offline,
        ...(syncedAt ? { syncedAt } : {}),
        ...(answer.partial || !synced ? { partial: true } : {}),
        ...(pending ? { pending: true } : {}),
      },
    };
  }

  /** A read the network answered: kept where the mirror holds it only by reading (a file's permissions). */
  observeRead(operation: string, params: Record<string, unknown>, value: unknown): void {
    if (this.closed || operation !== 'DrivePermissionsList' || params.pageToken) return;
    const fileId = str(params.fileId);
    const permissions = (value as { permissions?: unknown } | undefined)?.permissions;
    if (!fileId || !Array.isArray(permissions) || (value as { nextPageToken?: unknown }).nextPageToken) return;
    this.store.transaction(() => {
      for (const id of this.store.ids('permissions', fileId)) this.store.remove('permissions', fileId, id);
      for (const permission of permissions as Resource[]) {
        const id = str(permission.id);
        if (id) this.store.put('permissions', fileId, id, permission, permission);
      }
      this.store.setSynced('permissions', fileId, this.now().toISOString(), null);
    });
  }

  // Writes --------------------------------------------------------------------------------------

  static queues(operation: string): boolean {
    return operation in writeSpecs;
  }

  /** Temporary ids already replaced by the server's are read as the server's. */
  private mapIds(params: Record<string, unknown>): Record<string, unknown> {
    let out = params;
    for (const name of ['task', 'parent', 'previous', 'eventId', 'fileId']) {
      const value = str(params[name]);
      if (!value?.startsWith(temporaryPrefix)) continue;
      const mapped = this.store.fact(`id:${value}`);
      if (mapped) out = { ...out, [name]: mapped };
    }
    return out;
  }

  /**
   * A write on a mirrored collection. Online with nothing queued, it goes to the server and the
   * answer is kept in the mirror; otherwise (offline, earlier writes still queued, or the network
   * failing now) it is applied to the mirror and queued in one transaction, and answered at once.
   */
  async write(operation: string, rawParams: Record<string, unknown>, body: unknown): Promise<unknown> {
    const spec = writeSpecs[operation];
    if (!spec) throw new Error(`${operation} is not a queued write`);
    const params = this.mapIds(rawParams);
    if (!this.offline && this.store.outboxCount() === 0) {
      try {
        const result = await this.options.api.callByName(operation, wholeAnswer(spec, params), body);
        this.observeWrite(spec, params, body, result);
        return result;
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        this.setOffline(true);
        // It may have arrived before the connection broke: replay checks first where it cannot be repeated blindly.
        return this.enqueue(spec, operation, params, body, true);
      }
    }
    return this.enqueue(spec, operation, params, body, false);
  }

  /** Whether writes are queued now rather than sent (offline, or earlier changes still waiting). */
  queuesNow(): boolean {
    return this.offline || this.store.outboxCount() > 0;
  }

  /**
   * The writes of one recurring-event change (`calendar.applySeriesEdit`) queued together: an
   * occurrence's instance id is its own resource (it becomes an exception), the series is the
   * master's. All are checked against the mirror first and queued in one transaction, or none is.
   * Answers the mirror's copies and the writes that take the change back.
   */
  queueSeriesEdit(steps: readonly SeriesStep[]): { results: Resource[]; undo: SeriesStep[] } {
    const undo: SeriesStep[] = [];
    for (const step of steps) {
      if (step.op === 'insert') {
        continue;
      }
      const key = calendarKey(this.store, step.calendarId);
      const before = this.current(writeSpecs.CalendarEventsPatch!, key, step.eventId)?.data;
      if (!before)
        throw new ApiCallError(
          0,
          'networkError',
          'This change to a recurring event needs a connection: an event it changes is not kept offline.',
        );
    }
    const results: Resource[] = [];
    const planned = steps.map((step) =>
      step.op === 'insert' && typeof step.body.id !== 'string'
        ? { ...step, body: { ...step.body, id: newEventId() } }
        : step,
    );
    this.store.transaction(() => {
      for (const step of planned) {
        const key = calendarKey(this.store, step.calendarId);
        if (step.op === 'insert') {
          undo.unshift({ op: 'delete', calendarId: step.calendarId, eventId: String(step.body.id) });
        } else {
          const before = this.current(writeSpecs.CalendarEventsPatch!, key, step.eventId)?.data;
          if (before && !(step.op === 'delete' && before.status === 'cancelled'))
            undo.unshift({
              op: 'update',
              calendarId: step.calendarId,
              eventId: step.eventId,
              body: restorableEventBody(before),
            });
        }
        const operation = {
          insert: 'CalendarEventsInsert',
          patch: 'CalendarEventsPatch',
          update: 'CalendarEventsUpdate',
          delete: 'CalendarEventsDelete',
        }[step.op];
        const params = {
          calendarId: step.calendarId,
          ...(step.op === 'insert' ? {} : { eventId: step.eventId }),
          ...(step.op === 'delete' ? {} : { supportsAttachments: true }),
        };
        const result = this.enqueue(
          writeSpecs[operation]!,
          operation,
          params,
          step.op === 'delete' ? undefined : step.body,
          false,
        );
        if (step.op !== 'delete' && result) results.push(result as Resource);
      }
    });
    return { results, undo };
  }

  private keyOf(spec: WriteSpec, params: Record<string, unknown>): string {
    if (!spec.keyParam) return '';
    const value = params[spec.keyParam];
    return spec.collection === 'events' ? calendarKey(this.store, value) : tasklistKey(this.store, value);
  }

  private current(
    spec: WriteSpec,
    key: string,
    id: string,
  ): { data: Resource | null; base: Resource | null } | undefined {
    const item = this.store.item(spec.collection, key, id);
    if (item) return { data: item.data, base: item.synced };
    if (spec.collection === 'events') {
      const occurrence = eventById(this.store, key, id);
      if (occurrence) return { data: occurrence, base: occurrence };
    }
    return undefined;
  }

  private enqueue(
    spec: WriteSpec,
    operation: string,
    params: Record<string, unknown>,
    rawBody: unknown,
    attempted: boolean,
  ): unknown {
    if (spec.kind === 'move') return this.enqueueMove(spec, operation, params, attempted);
    const key = this.keyOf(spec, params);
    const now = this.now().toISOString();
    let body = (rawBody ?? undefined) as Record<string, unknown> | undefined;
    let id: string;
    let sentParams = params;
    let created: Resource | null = null;
    if (spec.kind === 'insert') {
      if (spec.collection === 'events') {
        id = str(body?.id) ?? newEventId();
        body = { ...body, id };
        created = {
          kind: 'calendar#event',
          id,
          status: 'confirmed',
          created: now,
          updated: now,
          iCalUID: `${id}@google.com`,
          ...body,
        };
      } else if (spec.collection === 'files') {
        const pooled = str(body?.id) ?? this.takeFileId();
        if (!pooled)
          throw new ApiCallError(
            0,
            'networkError',
            'New files cannot be made offline until Atrium has been online once.',
          );
        id = pooled;
        body = { ...body, id };
        const rootId = this.store.fact('driveRootId');
        created = {
          kind: 'drive#file',
          id,
          mimeType: 'application/octet-stream',
          parents: rootId ? [rootId] : [],
          createdTime: now,
          modifiedTime: now,
          trashed: false,
          starred: false,
          ownedByMe: true,
          ...body,
        };
      } else {
        id = `${temporaryPrefix}${randomUUID()}`;
        const previous = str(params.previous)
          ? this.store.item('tasks', key, String(params.previous))?.data
          : undefined;
        created = {
          kind: 'tasks#task',
          id,
          status: 'needsAction',
          updated: now,
          position: previous ? `${String(previous.position ?? '')}~` : '',
          ...(str(params.parent) ? { parent: params.parent } : {}),
          ...body,
        };
      }
      sentParams = params;
    } else {
      id = String(params[spec.idParam!] ?? '');
      const current = this.current(spec, key, id);
      if (!current || (current.data === null && spec.kind !== 'delete'))
        throw new ApiCallError(404, 'notFound', `No ${spec.noun} ${id} here.`);
    }
    const currentBefore = spec.kind === 'insert' ? null : (this.current(spec, key, id) ?? null);
    const base = currentBefore?.base ?? null;
    const data =
      spec.kind === 'insert' ? created : effectOf(spec, { params: sentParams, body }, currentBefore?.data ?? null, now);
    const summary = describe(spec.kind, spec.noun, data ?? currentBefore?.data);
    this.store.transaction(() => {
      const seq = this.store.enqueue({
        operation,
        params: sentParams,
        body,
        collection: spec.collection,
        key,
        id,
        base,
        summary,
        createdAt: now,
      });
      // Sent before (the connection broke mid-request): replay checks whether it arrived.
      if (attempted) this.store.markOutbox(seq, 'queued', 1, 'The connection broke while sending.', null);
      this.store.put(spec.collection, key, id, data, this.store.item(spec.collection, key, id)?.synced ?? base);
    });
    this.options.onChanged?.({ collection: spec.collection, ...(spec.keyParam ? { key } : {}) } as CollectionRef, [id]);
    this.options.onStatus();
    this.replaySoon();
    return data ?? undefined;
  }

  /** Ids of a task's subtasks (all levels) in a list, as the mirror shows it. */
  private subtasksOf(key: string, id: string): string[] {
    const children = new Map<string, string[]>();
    for (const task of this.store.list('tasks', key)) {
      const parent = str(task.parent);
      const taskId = str(task.id);
      if (parent && taskId) children.set(parent, [...(children.get(parent) ?? []), taskId]);
    }
    const out: string[] = [];
    const queue = [...(children.get(id) ?? [])];
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (out.includes(next)) continue;
      out.push(next);
      queue.push(...(children.get(next) ?? []));
    }
    return out;
  }

  /** Moves the mirror's rows of tasks from one list to another (their server copies go along as the base). */
  private carryTasks(from: string, to: string, ids: readonly string[], root?: Resource): void {
    for (const id of ids) {
      const item = this.store.item('tasks', from, id);
      if (!item) continue;
      const data = id === ids[0] && root ? root : item.data;
      this.store.put('tasks', to, id, data, item.synced ?? item.data);
      if (this.store.outboxFor('tasks', from, id).length === 0) this.store.remove('tasks', from, id);
      else this.store.put('tasks', from, id, null, item.synced);
    }
  }

  /**
   * A task move queued: the mirror shows the task (and its subtasks) in its new list and place at
   * once; the entry keeps which subtasks went along, so sync passes leave them where they were moved.
   */
  private enqueueMove(
    spec: WriteSpec,
    operation: string,
    rawParams: Record<string, unknown>,
    attempted: boolean,
  ): unknown {
    const key = this.keyOf(spec, rawParams);
    const id = String(rawParams.task ?? '');
    const destination = str(rawParams.destinationTasklist)
      ? tasklistKey(this.store, rawParams.destinationTasklist)
      : key;
    const params: Record<string, unknown> = { ...rawParams };
    if (destination === key) delete params.destinationTasklist;
    const item = this.store.item('tasks', key, id);
    if (!item?.data) throw new ApiCallError(404, 'notFound', `No task ${id} here.`);
    if (destination !== key && !this.store.item('tasklists', '', destination)?.data)
      throw new ApiCallError(404, 'notFound', `No task list ${destination} here.`);
    const subtasks = this.subtasksOf(key, id);
    const parent = str(params.parent);
    const previous = str(params.previous);
    if (parent && (parent === id || subtasks.includes(parent)))
      throw new ApiCallError(400, 'invalid', 'A task cannot be moved under itself.');
    for (const other of [parent, previous])
      if (other && !this.store.item('tasks', destination, other)?.data)
        throw new ApiCallError(404, 'notFound', `No task ${other} in the destination list.`);
    const before = previous ? this.store.item('tasks', destination, previous)?.data : undefined;
    const position = before ? `${String(before.position ?? '')}~` : '';
    const now = this.now().toISOString();
    const moved = applyPatch(item.data, { parent: parent ?? null, position, updated: now });
    const body = { parent: parent ?? null, position, subtasks };
    const summary = describe('move', spec.noun, item.data);
    this.store.transaction(() => {
      const seq = this.store.enqueue({
        operation,
        params,
        body,
        collection: 'tasks',
        key,
        id,
        base: item.synced,
        summary,
        createdAt: now,
      });
      if (attempted) this.store.markOutbox(seq, 'queued', 1, 'The connection broke while sending.', null);
      if (destination === key) this.store.put('tasks', key, id, moved, item.synced);
      else this.carryTasks(key, destination, [id, ...subtasks], moved);
    });
    this.options.onChanged?.({ collection: 'tasks', key }, [id]);
    if (destination !== key) this.options.onChanged?.({ collection: 'tasks', key: destination }, [id, ...subtasks]);
    this.options.onStatus();
    this.replaySoon();
    return moved;
  }

  /**
   * Sends a queued move. Into another list, a move that may have arrived before (a crash, a broken
   * connection) is looked up in the destination first: Tasks keeps a task's id when it moves it, so
   * finding it there means the move was made, and it is not sent again. Within a list a repeat puts
   * the task where it already is.
   */
  private async sendMove(entry: OutboxEntry): Promise<void> {
    const api = this.options.api;
    const params = this.liveParams(entry);
    const task = String(params.task ?? entry.id);
    const destination = str(params.destinationTasklist);
    let result: Resource | undefined;
    if (destination && entry.attempts > 0) {
      try {
        const found = (await api.callByName('TasksTasksGet', { tasklist: destination, task })) as Resource;
        if (found.deleted !== true) result = found;
      } catch (error) {
        if (!(error instanceof ApiCallError && (error.status === 404 || error.status === 410))) throw error;
      }
    }
    if (!result) {
      try {
        result = (await api.callByName('TasksTasksMove', params, undefined)) as Resource;
      } catch (error) {
        if (!(error instanceof ApiCallError && (error.status === 404 || error.status === 410))) throw error;
        return this.moveOfDeleted(entry, task);
      }
      // Tasks keeps deleted tasks a while, and may move one: it is still deleted.
      if (result.deleted === true) return this.moveOfDeleted(entry, task);
    }
    const key = destination ? tasklistKey(this.store, destination) : entry.key;
    const moved = movedIds(entry).map((id) => this.store.fact(`id:${id}`) ?? id);
    this.store.transaction(() => {
      this.store.removeOutbox(entry.seq);
      if (key !== entry.key)
        for (const id of moved)
          if (this.store.outboxFor('tasks', entry.key, id).length === 0) this.store.remove('tasks', entry.key, id);
      this.serverCopy('tasks', key, task, result);
      for (const later of this.store.outboxFor('tasks', key, task))
        this.store.rebaseOutbox(later.seq, result, later.body);
    });
    this.options.onChanged?.({ collection: 'tasks', key: entry.key }, [task]);
    if (key !== entry.key) this.options.onChanged?.({ collection: 'tasks', key }, moved);
  }

  /** A task moved here was deleted on the server meanwhile: a `deleted` conflict, as for an edit. */
  private moveOfDeleted(entry: OutboxEntry, task: string): void {
    const destination = str(entry.params.destinationTasklist);
    const key = destination ? tasklistKey(this.store, destination) : entry.key;
    const moved = movedIds(entry).map((id) => this.store.fact(`id:${id}`) ?? id);
    const spec = writeSpecs[entry.operation]!;
    const mine = this.store.item('tasks', key, task)?.data ?? entry.base ?? {};
    this.store.transaction(() => {
      this.recordConflict(entry, spec, 'deleted', [], { ...mine, id: undefined } as Record<string, unknown>);
      this.store.removeOutbox(entry.seq);
      for (const id of moved) {
        for (const later of this.store.outboxFor('tasks', key, id)) this.store.removeOutbox(later.seq);
        this.store.remove('tasks', key, id);
        if (this.store.outboxFor('tasks', entry.key, id).length === 0) this.store.remove('tasks', entry.key, id);
      }
    });
    this.options.onChanged?.({ collection: 'tasks', key: entry.key }, [task]);
    if (key !== entry.key) this.options.onChanged?.({ collection: 'tasks', key }, moved);
  }

  /** A write the server answered directly: its answer is the mirror's new copy. */
  private observeWrite(spec: WriteSpec, params: Record<string, unknown>, body: unknown, result: unknown): void {
    if (this.closed) return;
    const key = this.keyOf(spec, params);
    if (spec.kind === 'move') {
      const task = typeof result === 'object' && result !== null ? (result as Resource) : undefined;
      const id = String(params.task ?? '');
      const destination = str(params.destinationTasklist) ? tasklistKey(this.store, params.destinationTasklist) : key;
      this.store.transaction(() => {
        if (destination !== key) this.carryTasks(key, destination, [id, ...this.subtasksOf(key, id)]);
        if (task) this.serverCopy('tasks', destination, id, task);
      });
      this.options.onChanged?.({ collection: 'tasks', key }, [id]);
      if (destination !== key) this.options.onChanged?.({ collection: 'tasks', key: destination }, [id]);
      return;
    }
    if (spec.kind === 'delete') {
      const id = String(params[spec.idParam!] ?? '');
      this.store.transaction(() => this.serverRemoved(spec.collection, key, id));
      return;
    }
    const resource = typeof result === 'object' && result !== null ? (result as Resource) : undefined;
    const id = str(resource?.id);
    if (!resource || !id) return;
    // Drive answers only a few fields unless asked: what was known is kept, what the answer says wins.
    const known = this.store.item(spec.collection, key, id)?.synced;
    const merged = spec.collection === 'files' && known ? { ...known, ...resource } : resource;
    void body;
    this.store.transaction(() => this.serverCopy(spec.collection, key, id, merged));
  }

  /** A Drive file id chosen ahead (`files.generateIds`) for a file made offline. */
  private takeFileId(): string | undefined {
    const pool = (this.store.fact('fileIds') ?? '').split(',').filter(Boolean);
    const id = pool.shift();
    this.store.setFact('fileIds', pool.join(','));
    void this.refillFileIds();
    return id;
  }

  /** Keeps a few Drive ids in hand so files can be made offline. */
  async refillFileIds(): Promise<void> {
    if (this.closed || this.offline) return;
    const pool = (this.store.fact('fileIds') ?? '').split(',').filter(Boolean);
    if (pool.length >= 20) return;
    const answer = await this.fetchQuietly('DriveFilesGenerateIds', { count: 50 });
    const ids = Array.isArray(answer?.ids) ? (answer.ids as unknown[]).map(String) : [];
    if (ids.length === 0 || this.closed) return;
    const now = (this.store.fact('fileIds') ?? '').split(',').filter(Boolean);
    this.store.setFact('fileIds', [...now, ...ids].join(','));
  }

  // Staged uploads ------------------------------------------------------------------------------

  /** Whether a new file's upload should be staged rather than sent (offline, or writes still queued). */
  shouldStage(): boolean {
    return this.offline || this.store.outboxCount() > 0;
  }

  /** Starts staging a new file's content on disk; its id is chosen now (from the pool). */
  stageUpload(metadata: Record<string, unknown>, size: number, contentType: string | undefined): { upload: string } {
    const id = str(metadata.id) ?? this.takeFileId();
    if (!id)
      throw new ApiCallError(0, 'networkError', 'Files cannot be uploaded offline until Atrium has been online once.');
    return { upload: this.staging.start({ ...metadata, id }, size, contentType) };
  }

  isStaged(upload: string): boolean {
    return this.staging.has(upload);
  }

  stagedStatus(upload: string): { received: number } {
    return { received: this.staging.received(upload) };
  }

  cancelStaged(upload: string): void {
    this.staging.cancel(upload);
  }

  /** Keeps a chunk; once every byte is there the upload joins the outbox and the file shows (pending). */
  stageChunk(upload: string, offset: number, data: Uint8Array): { received: number; file?: unknown } {
    const { received, complete } = this.staging.write(upload, offset, data);
    if (!complete) return { received };
    const spec = writeSpecs.upload!;
    const now = this.now().toISOString();
    const id = String(complete.metadata.id);
    const rootId = this.store.fact('driveRootId');
    const file: Resource = {
      kind: 'drive#file',
      id,
      mimeType: complete.contentType ?? 'application/octet-stream',
      parents: rootId ? [rootId] : [],
      createdTime: now,
      modifiedTime: now,
      trashed: false,
      starred: false,
      ownedByMe: true,
      size: String(complete.size),
      ...complete.metadata,
      // `root` names My Drive's root folder, which the mirror knows by its id (listings ask by either).
      ...(rootId && Array.isArray(complete.metadata.parents)
        ? { parents: complete.metadata.parents.map((parent) => (parent === 'root' ? rootId : parent)) }
        : {}),
    };
    this.store.transaction(() => {
      this.store.enqueue({
        operation: 'upload',
        params: {
          path: complete.path,
          size: complete.size,
          ...(complete.contentType ? { contentType: complete.contentType } : {}),
        },
        body: complete.metadata,
        collection: spec.collection,
        key: '',
        id,
        base: null,
        summary: `Upload “${String(complete.metadata.name ?? 'file')}”`,
        createdAt: now,
      });
      this.store.put('files', '', id, file, null);
    });
    this.options.onChanged?.({ collection: 'files' }, [id]);
    this.options.onStatus();
    this.replaySoon();
    return { received, file };
  }

  private async sendUpload(entry: OutboxEntry): Promise<void> {
    const params = entry.params;
    const path = String(params.path);
    const file = await sendStagedUpload(
      this.options.api,
      {
        id: entry.id,
        path,
        size: Number(params.size),
        metadata: (entry.body ?? {}) as Record<string, unknown>,
        ...(str(params.contentType) ? { contentType: String(params.contentType) } : {}),
      },
      { ...(str(params.session) ? { session: String(params.session) } : {}), sent: Number(params.sent ?? 0) },
      (state) => {
        if (this.closed) return;
        this.store.retargetOutbox(entry.seq, { ...params, ...state }, entry.id);
        this.options.onStatus();
      },
    );
    this.settle(entry, writeSpecs.upload!, file);
    rmSync(path, { force: true });
  }

  // Replay --------------------------------------------------------------------------------------

  /** Sends the outbox soon (a burst of writes becomes one replay). */
  replaySoon(): void {
    if (this.closed || this.store.outboxCount() === 0) return;
    this.replayWanted = true;
    if (this.replaying) return;
    clearTimeout(this.replayTimer);
    this.replayTimer = setTimeout(() => void this.replay(), 0);
    this.replayTimer.unref();
  }

  /** Sends the outbox now, failed entries and backoff included; resolves when this attempt is over. */
  async retryNow(): Promise<void> {
    for (const entry of this.store.outbox())
      if (entry.state === 'failed' || entry.nextAt)
        this.store.markOutbox(entry.seq, 'queued', entry.attempts, entry.lastError, null);
    this.failures = 0;
    this.unreachableTries = 0;
    await this.replay();
  }

  /** Runs the outbox in order until it is empty, the network fails, or the service asks to slow down. */
  replay(): Promise<void> {
    clearTimeout(this.replayTimer);
    this.replayTimer = undefined;
    this.replayWanted = true;
    this.replaying ??= (async () => {
      this.options.onStatus();
      try {
        while (this.replayWanted && !this.closed) {
          this.replayWanted = false;
          await this.replayPass();
        }
      } finally {
        this.replaying = undefined;
        if (!this.closed) this.options.onStatus();
      }
    })();
    return this.replaying;
  }

  private async replayPass(): Promise<void> {
    const blocked = new Set<string>();
    const now = this.now().getTime();
    for (const entry of this.store.outbox()) {
      if (this.closed) return;
      const resource = `${entry.collection}\u0000${entry.key}\u0000${entry.id}`;
      if (blocked.has(resource)) continue;
      if (entry.state === 'failed' || (entry.nextAt && Date.parse(entry.nextAt) > now)) {
        blocked.add(resource);
        continue;
      }
      // Re-read: an earlier entry may have rewritten this one (a task's server id, a new base).
      const fresh = this.store.outboxEntry(entry.seq);
      if (!fresh) continue;
      try {
        this.store.markOutbox(fresh.seq, 'sending', fresh.attempts + 1, fresh.lastError, null);
        await this.send(fresh);
        this.failures = 0;
        this.unreachableTries = 0;
        if (this.offline) this.setOffline(false);
      } catch (error) {
        if (this.closed) return;
        if (isNetworkError(error)) {
          this.store.markOutbox(fresh.seq, 'queued', fresh.attempts + 1, error.message, null);
          this.setOffline(true);
          this.retryLater(
            backoffDelay(this.options.reconnect ?? defaultReconnect, this.unreachableTries++, Math.random),
          );
          return;
        }
        if (error instanceof ApiCallError && (isRetryable(error) || error.status === 401)) {
          const delay = backoffDelay(this.options.replayBackoff ?? defaultReplayBackoff, this.failures++, Math.random);
          this.store.markOutbox(
            fresh.seq,
            'queued',
            fresh.attempts + 1,
            error.message,
            new Date(this.now().getTime() + delay).toISOString(),
          );
          this.retryLater(delay);
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        this.store.markOutbox(fresh.seq, 'failed', fresh.attempts + 1, message, null);
        this.options.log?.(`Sending "${fresh.summary}" failed for good: ${message}`);
        blocked.add(resource);
      }
      this.options.onStatus();
    }
  }

  private retryLater(delay: number): void {
    if (this.closed) return;
    clearTimeout(this.replayTimer);
    this.replayTimer = setTimeout(() => void this.replay(), delay);
    this.replayTimer.unref();
  }

  /** Sends one outbox entry; on success it leaves the outbox in the same transaction that keeps the answer. */
  private async send(entry: OutboxEntry): Promise<void> {
    const spec = writeSpecs[entry.operation];
    if (!spec) {
      this.store.removeOutbox(entry.seq);
      return;
    }
    if (entry.operation === 'upload') return this.sendUpload(entry);
    const api = this.options.api;
    const body = entry.body as Record<string, unknown> | undefined;
    switch (spec.kind) {
      case 'insert': {
        let result: unknown;
        if (spec.collection === 'tasks') {
          result = entry.attempts > 0 ? await this.findSentTask(entry) : undefined;
          result ??= await api.callByName(entry.operation, this.liveParams(entry), body);
        } else {
          try {
            result = await api.callByName(entry.operation, wholeAnswer(spec, entry.params), body);
          } catch (error) {
            // The client-chosen id is taken: the earlier attempt arrived.
            if (!(error instanceof ApiCallError && error.status === 409)) throw error;
            result = await api.callByName(getOperation[spec.collection], this.getParams(spec, entry, entry.id));
          }
        }
        return this.settle(entry, spec, result as Resource);
      }
      case 'delete': {
        try {
          await api.callByName(entry.operation, entry.params, undefined);
        } catch (error) {
          if (!(error instanceof ApiCallError && (error.status === 404 || error.status === 410))) throw error;
        }
        return this.settle(entry, spec, null);
      }
      case 'patch':
      case 'update':
        return this.sendEdit(entry, spec);
      case 'move':
        return this.sendMove(entry);
    }
  }

  /** Params of a queued change with temporary ids replaced by the server's. */
  private liveParams(entry: OutboxEntry): Record<string, unknown> {
    return this.mapIds(entry.params);
  }

  private getParams(spec: WriteSpec, entry: OutboxEntry, id: string): Record<string, unknown> {
    switch (spec.collection) {
      case 'events':
        return { calendarId: entry.params.calendarId, eventId: id };
      case 'tasks':
        return { tasklist: entry.params.tasklist, task: id };
      case 'tasklists':
        return { tasklist: id };
      case 'calendarList':
        return { calendarId: id };
      case 'files':
        return { fileId: id, fields: '*', supportsAllDrives: true };
    }
  }

  /** A task insert that was sent before a crash may have arrived: look for it (Tasks has no client ids). */
  private async findSentTask(entry: OutboxEntry): Promise<Resource | undefined> {
    const body = (entry.body ?? {}) as Record<string, unknown>;
    const since = new Date(Date.parse(entry.createdAt) - 60_000).toISOString();
    let pageToken: string | undefined;
    for (let page = 0; page < 50; page++) {
      const answer = (await this.options.api.callByName('TasksTasksList', {
        tasklist: this.liveParams(entry).tasklist,
        updatedMin: since,
        showCompleted: true,
        showHidden: true,
        maxResults: 100,
        ...(pageToken ? { pageToken } : {}),
      })) as { items?: Resource[]; nextPageToken?: string };
      for (const task of answer.items ?? []) {
        if (task.deleted === true || !str(task.id)) continue;
        // A task already known here is not the one this change made.
        if (this.store.item('tasks', entry.key, String(task.id))) continue;
        if (str(task.title) !== str(body.title) || str(task.notes) !== str(body.notes)) continue;
        if (str(task.due) !== str(body.due)) continue;
        return task;
      }
      pageToken = answer.nextPageToken;
      if (!pageToken) return undefined;
    }
    return undefined;
  }

  /**
   * An edit: sent with the etag it was based on (Calendar checks it: 412 when the event moved on);
   * where the service cannot check (Tasks, Drive, the calendar list) the server's copy is read first.
   * When the server moved on, the edit is merged field by field; what both changed is a conflict.
   */
  private async sendEdit(entry: OutboxEntry, spec: WriteSpec): Promise<void> {
    const api = this.options.api;
    const params = this.liveParams(entry);
    const id = str(params[spec.idParam!]) ?? entry.id;
    const mine: Record<string, unknown> =
      spec.kind === 'update'
        ? diffAsPatch(entry.base, (entry.body ?? {}) as Resource, serverOwned)
        : ((entry.body ?? {}) as Record<string, unknown>);
    const baseTag = this.versionOf(spec, entry.base);
    if (spec.collection === 'events' && baseTag && entry.base && !str(entry.base.recurringEventId)) {
      try {
        const result = await api.callByName(entry.operation, params, entry.body, { ifMatch: baseTag });
        return this.settle(entry, spec, result as Resource);
      } catch (error) {
        if (!(error instanceof ApiCallError && [404, 410, 412].includes(error.status))) throw error;
      }
    }
    let theirs: Resource | undefined;
    try {
      theirs = (await api.callByName(getOperation[spec.collection], this.getParams(spec, entry, id))) as Resource;
    } catch (error) {
      if (!(error instanceof ApiCallError && (error.status === 404 || error.status === 410))) throw error;
    }
    if (!theirs || theirs.status === 'cancelled' || theirs.deleted === true)
      return this.conflict(entry, spec, 'deleted', [], mine);
    if (!baseTag || this.versionOf(spec, theirs) !== baseTag) {
      const { send, conflicts } = mergeFields(entry.base, mine, theirs);
      if (conflicts.length > 0) this.recordConflict(entry, spec, 'fields', conflicts, mine);
      if (Object.keys(send).length === 0 && !entry.params.addParents && !entry.params.removeParents)
        return this.settle(entry, spec, theirs, conflicts.length > 0);
      const patchOperation = entry.operation.replace(/Update$/, 'Patch');
      const result = await api.callByName(patchOperation, wholeAnswer(spec, params), send);
      return this.settle(entry, spec, { ...theirs, ...(result as Resource) }, conflicts.length > 0);
    }
    const result = await api.callByName(entry.operation, wholeAnswer(spec, params), entry.body);
    const merged = spec.collection === 'files' ? { ...theirs, ...(result as Resource) } : (result as Resource);
    return this.settle(entry, spec, merged);
  }

  /** What a resource's version is compared by: the etag, Drive's `version`. */
  private versionOf(spec: WriteSpec, resource: Resource | null | undefined): string | undefined {
    if (!resource) return undefined;
    if (spec.collection === 'files') return str(resource.version) ?? str(resource.modifiedTime);
    return str(resource.etag);
  }

  /** A sent change's answer: kept as the server's copy, the entry leaves the outbox, later ones are rebased. */
  private settle(entry: OutboxEntry, spec: WriteSpec, server: Resource | null, conflicted = false): void {
    const serverId = str(server?.id) ?? entry.id;
    this.store.transaction(() => {
      this.store.removeOutbox(entry.seq);
      if (server === null) {
        this.serverRemoved(spec.collection, entry.key, entry.id);
      } else {
        if (serverId !== entry.id) this.adoptServerId(spec, entry, serverId);
        if (conflicted) this.store.put(spec.collection, entry.key, serverId, server, server);
        this.serverCopy(spec.collection, entry.key, serverId, server);
        for (const later of this.store.outboxFor(spec.collection, entry.key, serverId))
          this.store.rebaseOutbox(later.seq, server, later.body);
      }
    });
    this.options.onChanged?.(
      { collection: spec.collection, ...(spec.keyParam ? { key: entry.key } : {}) } as CollectionRef,
      [serverId],
    );
  }

  /** A task made here got its server id: the item, and every queued change naming it, take it. */
  private adoptServerId(spec: WriteSpec, entry: OutboxEntry, serverId: string): void {
    const temporary = entry.id;
    this.store.setFact(`id:${temporary}`, serverId);
    this.store.remove(spec.collection, entry.key, temporary);
    for (const later of this.store.outbox()) {
      let changed = false;
      const params = { ...later.params };
      for (const name of ['task', 'parent', 'previous']) {
        if (params[name] === temporary) {
          params[name] = serverId;
          changed = true;
        }
      }
      if (changed || later.id === temporary)
        this.store.retargetOutbox(later.seq, params, later.id === temporary ? serverId : later.id);
    }
    // Moved to another list while still new: its row there (and its subtasks' parent) takes the id too.
    let keys = [entry.key];
    if (spec.collection === 'tasks') {
      const elsewhere = this.store.findItem('tasks', temporary);
      if (elsewhere) {
        keys = [entry.key, elsewhere.key];
        this.store.remove('tasks', elsewhere.key, temporary);
        if (elsewhere.data) this.store.put('tasks', elsewhere.key, serverId, elsewhere.data, elsewhere.synced);
      }
    }
    for (const key of keys)
      for (const id of this.store.ids(spec.collection, key)) {
        const item = this.store.item(spec.collection, key, id);
        if (item?.data?.parent === temporary)
          this.store.put(spec.collection, key, id, { ...item.data, parent: serverId }, item.synced);
      }
  }

  private recordConflict(
    entry: OutboxEntry,
    spec: WriteSpec,
    kind: 'fields' | 'deleted',
    fields: FieldConflict[],
    mine: Record<string, unknown>,
  ): void {
    this.store.addConflict({
      operation: entry.operation,
      params: entry.params,
      collection: spec.collection,
      key: entry.key,
      rid: entry.id,
      kind,
      fields,
      mine: kind === 'deleted' ? { ...(entry.base ?? {}), ...applyPatch(entry.base ?? {}, mine) } : mine,
      summary: entry.summary,
      createdAt: this.now().toISOString(),
    });
  }

  /** Edited here, deleted on the server: the change waits as a conflict (restore or drop). */
  private conflict(
    entry: OutboxEntry,
    spec: WriteSpec,
    kind: 'deleted',
    fields: FieldConflict[],
    mine: Record<string, unknown>,
  ): void {
    this.store.transaction(() => {
      this.recordConflict(entry, spec, kind, fields, mine);
      this.store.removeOutbox(entry.seq);
      for (const later of this.store.outboxFor(spec.collection, entry.key, entry.id))
        this.store.removeOutbox(later.seq);
      this.store.remove(spec.collection, entry.key, entry.id);
    });
    this.options.onChanged?.(
      { collection: spec.collection, ...(spec.keyParam ? { key: entry.key } : {}) } as CollectionRef,
      [entry.id],
    );
  }

  // The panel -----------------------------------------------------------------------------------

  status(): OfflineAccountStatus {
    const collections = this.store.allSyncStates().map((state) => ({
      collection: state.collection,
      ...(state.key ? { key: state.key } : {}),
      lastSyncedAt: this.quietSyncs.get(`${state.collection}\u0000${state.key}`) ?? state.at,
    }));
    const lastSyncedAt = collections.reduce<string | undefined>(
      (latest, c) => (latest === undefined || c.lastSyncedAt > latest ? c.lastSyncedAt : latest),
      undefined,
    );
    return {
      account: this.options.account,
      kind: 'google',
      state: this.offline ? 'offline' : 'online',
      ...(this.offlineSince ? { offlineSince: this.offlineSince } : {}),
      mirrored: true,
      ...(lastSyncedAt ? { lastSyncedAt } : {}),
      collections,
      pending: this.store.outboxCount(),
      conflicts: this.store.conflictCount(),
      replaying: this.replaying !== undefined,
    };
  }

  pendingCount(): number {
    return this.store.outboxCount();
  }

  pendingChanges(): PendingChange[] {
    return this.store.outbox().map((entry) => ({
      id: String(entry.seq),
      account: this.options.account,
      operation: entry.operation,
      summary: entry.summary,
      resource: toResource(entry),
      createdAt: entry.createdAt,
      attempts: entry.attempts,
      ...(entry.lastError ? { lastError: entry.lastError } : {}),
      state: entry.state,
      ...(entry.nextAt ? { nextAttemptAt: entry.nextAt } : {}),
      ...(entry.operation === 'upload'
        ? { upload: { sent: Number(entry.params.sent ?? 0), size: Number(entry.params.size ?? 0) } }
        : {}),
    }));
  }

  pendingResources(): OfflineResource[] {
    const seen = new Map<string, OfflineResource>();
    for (const entry of this.store.outbox())
      seen.set(`${entry.collection}\u0000${entry.key}\u0000${entry.id}`, toResource(entry));
    return [...seen.values()];
  }

  conflictList(): OfflineConflict[] {
    return this.store.conflicts().map((row) => ({
      id: String(row.id),
      account: this.options.account,
      operation: row.operation,
      summary: row.summary,
      resource: { collection: row.collection, ...(row.key ? { key: row.key } : {}), id: row.rid },
      createdAt: row.createdAt,
      kind: row.kind,
      fields: row.fields,
    }));
  }

  /** Drops a queued change; the item shows the server's copy again (with the other queued changes over it). */
  discard(seq: number): boolean {
    const entry = this.store.outboxEntry(seq);
    if (!entry || entry.state === 'sending') return false;
    if (entry.operation === 'upload') rmSync(String(entry.params.path), { force: true });
    this.store.transaction(() => {
      this.store.removeOutbox(seq);
      const item = this.store.item(entry.collection, entry.key, entry.id);
      if (item?.synced) this.serverCopy(entry.collection, entry.key, entry.id, item.synced);
      else if (item) {
        const rest = this.store.outboxFor(entry.collection, entry.key, entry.id);
        if (rest.length === 0) this.store.remove(entry.collection, entry.key, entry.id);
      }
    });
    this.options.onChanged?.(
      { collection: entry.collection, ...(entry.key ? { key: entry.key } : {}) } as CollectionRef,
      [entry.id],
    );
    this.options.onStatus();
    return true;
  }

  /**
   * Settles a conflict. `keepTheirs`: the server's values stay (for a deletion: the item stays
   * deleted). `keepMine`: my values are queued again on top of the server's copy (for a deletion:
   * the item is made again from what I had).
   */
  async resolve(id: number, choice: 'keepMine' | 'keepTheirs'): Promise<boolean> {
    const conflict = this.store.conflict(id);
    if (!conflict) return false;
    const spec = writeSpecs[conflict.operation];
    this.store.removeConflict(id);
    if (choice === 'keepMine' && spec) {
      if (conflict.kind === 'fields') {
        const body: Record<string, unknown> = {};
        for (const field of conflict.fields) setPath(body, field.field, field.mine ?? null);
        const patchOperation = conflict.operation.replace(/Update$/, 'Patch');
        this.enqueue(writeSpecs[patchOperation] ?? spec, patchOperation, conflict.params, body, false);
      } else {
        const insertOperation = conflict.operation.replace(
          /(Patch|Update)$/,
          spec.collection === 'files' ? 'Create' : 'Insert',
        );
        const insertSpec = writeSpecs[insertOperation];
        if (insertSpec) {
          const restored: Record<string, unknown> = {};
          for (const [name, value] of Object.entries(conflict.mine))
            if (!serverOwned.has(name) && name !== 'status' && name !== 'recurringEventId') restored[name] = value;
          const params = insertSpec.keyParam ? { [insertSpec.keyParam]: conflict.params[insertSpec.keyParam] } : {};
          // The server-owned fields (the id among them) are left out: the restored item is a new one.
          this.enqueue(insertSpec, insertOperation, params, restored, false);
        }
      }
    }
    this.options.onStatus();
    await Promise.resolve();
    return true;
  }

  async close(options: { deleteData?: boolean } = {}): Promise<void> {
    this.closed = true;
    clearTimeout(this.replayTimer);
    await this.replaying?.catch(() => {});
    this.store.close();
    if (options.deleteData) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${this.options.file}${suffix}`, { force: true });
      rmSync(`${this.options.file}.uploads`, { recursive: true, force: true });
    }
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
}

/** One write of a recurring-event change, as `calendar.applySeriesEdit` takes it. */
export type SeriesStep =
  | { readonly op: 'insert'; readonly calendarId: string; readonly body: Record<string, unknown> }
  | {
      readonly op: 'patch' | 'update';
      readonly calendarId: string;
      readonly eventId: string;
      readonly body: Record<string, unknown>;
    }
  | { readonly op: 'delete'; readonly calendarId: string; readonly eventId: string };

/** The task a queued move moves and its subtasks (kept in the entry's body, which is not sent). */
function movedIds(entry: Pick<OutboxEntry, 'id' | 'body'>): string[] {
  const body = (entry.body ?? {}) as { subtasks?: unknown };
  return [entry.id, ...(Array.isArray(body.subtasks) ? body.subtasks.filter((id) => typeof id === 'string') : [])];
}

const toResource = (entry: OutboxEntry): OfflineResource => ({
  collection: entry.collection,
  ...(entry.key ? { key: entry.key } : {}),
  id: entry.id,
});

/**
 * The params of a write whose answer the mirror keeps: Drive answers only `id`, `name`, `mimeType`
 * and `kind` unless asked, so a star or a trash sent without `fields` would leave the mirror's copy
 * saying the opposite of the server's. Asking for the whole file answers a superset of what the
 * caller asked for.
 */
function wholeAnswer(spec: WriteSpec, params: Record<string, unknown>): Record<string, unknown> {
  return spec.collection === 'files' && spec.kind !== 'delete' ? { ...params, fields: '*' } : params;
}

/**
 * Whether a Drive file read by a sync pass is older than the copy the mirror holds: a change sent
 * while the pass was under way answered a newer version, which a pass that read the file before it
 * must not put back (Drive's `version` only grows).
 */
function olderThan(file: Resource, known: Resource | null | undefined): boolean {
  const incoming = Number(file.version);
  const held = Number(known?.version);
  return Number.isFinite(incoming) && Number.isFinite(held) && incoming < held;
}
