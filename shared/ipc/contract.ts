import { z } from 'zod';
import { keyedCollections, unkeyedCollections } from '../api/collections';
import { CalendarEvent } from '../api/schemas/calendar';
import { lazyObject, lazySchema } from '../api/schemas/lazy';

/**
 * The one IPC contract between the renderer and the main-process core. Every method has a zod
 * input and output; the dispatcher validates inputs, the client types calls. The same contract is
 * carried by Electron IPC (preload bridge) and by the browser host's WebSocket.
 *
 * Tokens never appear here: the core attaches credentials itself.
 *
 * Each schema is built the first time it is used (`lazySchema`): the renderer loads this module as
 * it starts but uses none of them before its first frame is drawn (docs/cold-start.md).
 */

export const accountIdSchema = lazySchema(() => z.string().min(1).max(200));

export const accountSchema = lazySchema(() =>
  z.object({
    id: accountIdSchema,
    kind: z.enum(['local', 'google']),
    email: z.string(),
    displayName: z.string(),
    /** `ok`, or `reauth` when the refresh token was refused and the user must sign in again. */
    state: z.enum(['ok', 'reauth', 'offline']),
    /** Whether the calendar view overlays this account's calendars on the active account's. */
    overlay: z.boolean().optional(),
  }),
);
export type Account = z.infer<typeof accountSchema>;

export const accountsOverviewSchema = lazySchema(() =>
  z.object({ accounts: z.array(accountSchema), active: accountIdSchema }),
);
export type AccountsOverview = z.infer<typeof accountsOverviewSchema>;

/** Where secrets are kept, and what the user should know when they are not kept safely across restarts. */
export const vaultStatusSchema = lazySchema(() =>
  z.object({
    backend: z.enum(['safeStorage', 'keyring', 'memory']),
    persistent: z.boolean(),
    /** Shown as a banner when set. */
    warning: z.string().optional(),
  }),
);
export type VaultStatus = z.infer<typeof vaultStatusSchema>;

/** A place inside the app that a deep link (`atrium://...`), a notification or the tray can open. */
export const appRouteSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('event'),
      account: accountIdSchema.optional(),
      calendarId: z.string().min(1).max(1024),
      eventId: z.string().min(1).max(1024),
    }),
    z.object({
      kind: z.literal('task'),
      account: accountIdSchema.optional(),
      tasklist: z.string().min(1).max(1024),
      task: z.string().min(1).max(1024),
    }),
    z.object({ kind: z.literal('file'), account: accountIdSchema.optional(), fileId: z.string().min(1).max(1024) }),
    z.object({ kind: z.literal('quickAdd'), account: accountIdSchema.optional() }),
    z.object({ kind: z.literal('accounts') }),
  ]),
);
export type AppRoute = z.infer<typeof appRouteSchema>;

const displayNameInput = lazySchema(() => z.string().trim().min(1, 'A name cannot be empty').max(100));

export const apiCallInput = lazySchema(() =>
  z.object({
    /** Account to act for; the active account when omitted. */
    account: accountIdSchema.optional(),
    /** Operation name from the registry, e.g. `CalendarEventsList`. */
    operation: z.string().min(1).max(100),
    params: z.record(z.string(), z.unknown()).default({}),
    body: z.unknown().optional(),
  }),
);

/** Most bytes one `files.uploadChunk` carries (Google wants chunks in multiples of 256 KiB). */
export const maxUploadChunkBytes = 8 * 1024 * 1024;

/** Opens a resumable (`uploadType=resumable`) upload of a new file, or of new content for `fileId`. */
export const uploadStartInput = lazySchema(() =>
  z
    .object({
      account: accountIdSchema.optional(),
      /** DriveFilesCreate (or DriveFilesUpdate with fileId) metadata. */
      metadata: z.record(z.string(), z.unknown()),
      contentType: z.string().max(255).optional(),
      /** Total content length in bytes. */
      size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      fileId: z.string().min(1).max(1024).optional(),
    })
    .strict(),
);

const uploadIdSchema = lazySchema(() => z.string().min(1).max(100));

/** How far a resumable upload got; `file` is the created or updated file once every byte arrived. */
export const uploadProgressSchema = lazySchema(() =>
  z.object({ received: z.number().int().min(0), file: z.unknown().optional() }),
);
export type UploadProgress = z.infer<typeof uploadProgressSchema>;

/** Longest file name most file systems take. */
export const maxDownloadNameLength = 255;

/**
 * The name a download is saved under: one name, never a path (no separators, no `.`/`..`, no
 * control characters), so neither the save dialog nor the browser can be steered elsewhere.
 */
export const downloadFileNameSchema = lazySchema(() =>
  z
    .string()
    .min(1, 'A file name cannot be empty')
    .max(maxDownloadNameLength, `A file name has at most ${maxDownloadNameLength} characters`)
    .refine((name) => !/[/\\]/.test(name), 'A file name cannot contain path separators (/ or \\)')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here.
    .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'A file name cannot contain control characters')
    .refine((name) => name !== '.' && name !== '..', 'A file name cannot be "." or ".."'),
);

/**
 * Which content to download: a file's own bytes, one of its revisions, or an export of a
 * Google-native document to `exportMimeType`.
 */
export const downloadInput = lazySchema(() =>
  z
    .object({
      account: accountIdSchema.optional(),
      fileId: z.string().min(1).max(1024),
      revisionId: z.string().min(1).max(1024).optional(),
      exportMimeType: z.string().min(1).max(255).optional(),
      fileName: downloadFileNameSchema,
    })
    .strict()
    .refine((input) => input.revisionId === undefined || input.exportMimeType === undefined, {
      message: 'A revision cannot be exported: give revisionId or exportMimeType, not both',
      path: ['exportMimeType'],
    }),
);

/**
 * How a download ended: saved by the core where the user chose, the user cancelled the save
 * dialog, or (browser host) an address of this host the page opens once, shortly, to receive it.
 */
export const downloadOutcomeSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('saved'), path: z.string(), bytes: z.number().int().min(0) }),
    z.object({ kind: z.literal('cancelled') }),
    z.object({ kind: z.literal('link'), url: z.string() }),
  ]),
);
export type DownloadOutcome = z.infer<typeof downloadOutcomeSchema>;

/** One write of a multi-write calendar change (see renderer/features/calendar/series-plan.ts). */
const calendarIdInput = lazySchema(() => z.string().min(1).max(1024));
const eventIdInput = lazySchema(() => z.string().min(1).max(1024));
const eventBodyInput = lazySchema(() => z.record(z.string(), z.unknown()));
export const calendarWriteStepSchema = lazySchema(() =>
  z.discriminatedUnion('op', [
    z
      .object({ op: z.literal('patch'), calendarId: calendarIdInput, eventId: eventIdInput, body: eventBodyInput })
      .strict(),
    z
      .object({ op: z.literal('update'), calendarId: calendarIdInput, eventId: eventIdInput, body: eventBodyInput })
      .strict(),
    z.object({ op: z.literal('insert'), calendarId: calendarIdInput, body: eventBodyInput }).strict(),
    z.object({ op: z.literal('delete'), calendarId: calendarIdInput, eventId: eventIdInput }).strict(),
  ]),
);
export type CalendarWriteStep = z.infer<typeof calendarWriteStepSchema>;

/** Most writes one series edit carries: a split series may drop up to 2,500 later exceptions. */
export const maxSeriesEditSteps = 2600;

const tasklistIdInput = lazySchema(() => z.string().min(1).max(1024));
const taskIdInput = lazySchema(() => z.string().min(1).max(1024));

/**
 * Local-first Google accounts (docs/offline.md): each Google account has a mirror in the core and an
 * outbox of writes made while it could not be reached. These shapes are what the sync panel, the
 * sidebar's status and the pending dots read.
 */
const isoTime = lazySchema(() => z.string().max(40));
const collectionNameSchema = lazySchema(() =>
  z.enum([...keyedCollections, ...unkeyedCollections] as [string, ...string[]]),
);

/** One resource a pending change or conflict is about: collection, partition key, id. */
export const offlineResourceSchema = lazySchema(() =>
  z.object({
    collection: collectionNameSchema,
    /** Calendar id for events, task list id for tasks, file id for permissions. */
    key: z.string().optional(),
    id: z.string(),
  }),
);
export type OfflineResource = z.infer<typeof offlineResourceSchema>;

/** How fresh an `api.call` answer is; carried in the reply envelope's `meta`, never inside Google's resources. */
export const freshnessSchema = lazySchema(() =>
  z.object({
    /** `mirror`: answered from the account's mirror without the network; `network`: from the API. */
    source: z.enum(['mirror', 'network']),
    /** Whether the account was offline when answering. */
    offline: z.boolean(),
    /** When the collection(s) read were last brought in step with the server (oldest of them). */
    syncedAt: isoTime.optional(),
    /** The mirror may not hold all that was asked (e.g. a time range outside its event window). */
    partial: z.boolean().optional(),
    /** The answer includes changes not yet sent to the server. */
    pending: z.boolean().optional(),
  }),
);
export type Freshness = z.infer<typeof freshnessSchema>;

/** Extra facts of a successful reply, beside its value. */
export const replyMetaSchema = lazySchema(() => z.object({ freshness: freshnessSchema.optional() }));
export type ReplyMeta = z.infer<typeof replyMetaSchema>;

export const offlineCollectionStatusSchema = lazySchema(() =>
  z.object({
    collection: collectionNameSchema,
    key: z.string().optional(),
    /** Last time a sync pass over it succeeded; absent when it never has. */
    lastSyncedAt: isoTime.optional(),
  }),
);

export const offlineAccountStatusSchema = lazySchema(() =>
  z.object({
    account: accountIdSchema,
    kind: z.enum(['local', 'google']),
    state: z.enum(['online', 'offline']),
    /** When the account was last found unreachable (while it is offline). */
    offlineSince: isoTime.optional(),
    /** Whether the account has a mirror (Google accounts); the local account needs none. */
    mirrored: z.boolean(),
    /** Most recent successful sync of any collection. */
    lastSyncedAt: isoTime.optional(),
    collections: z.array(offlineCollectionStatusSchema),
    /** Writes waiting in the outbox. */
    pending: z.number().int().min(0),
    /** Conflicts waiting for a decision. */
    conflicts: z.number().int().min(0),
    /** Whether the outbox is being sent now. */
    replaying: z.boolean(),
  }),
);
export type OfflineAccountStatus = z.infer<typeof offlineAccountStatusSchema>;

export const pendingChangeSchema = lazySchema(() =>
  z.object({
    /** Outbox sequence number (replay order). */
    id: z.string(),
    account: accountIdSchema,
    /** Registry operation, e.g. `CalendarEventsPatch`, or `upload` for a staged file upload. */
    operation: z.string(),
    /** A short human description, e.g. `Edit event "Standup"`. */
    summary: z.string(),
    resource: offlineResourceSchema.optional(),
    createdAt: isoTime,
    attempts: z.number().int().min(0),
    lastError: z.string().optional(),
    /** `queued`: waits for the network; `sending`: being replayed; `failed`: refused for good (discard it or retry). */
    state: z.enum(['queued', 'sending', 'failed']),
    nextAttemptAt: isoTime.optional(),
    /** Staged uploads: bytes sent of total. */
    upload: z.object({ sent: z.number().int().min(0), size: z.number().int().min(0) }).optional(),
  }),
);
export type PendingChange = z.infer<typeof pendingChangeSchema>;

export const conflictFieldSchema = lazySchema(() =>
  z.object({
    /** Dotted field path, e.g. `summary`, `start.dateTime`. */
    field: z.string(),
    /** The mirror's last synced value (absent: the field was not set). */
    base: z.unknown().optional(),
    mine: z.unknown().optional(),
    theirs: z.unknown().optional(),
  }),
);

export const conflictSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    account: accountIdSchema,
    operation: z.string(),
    summary: z.string(),
    resource: offlineResourceSchema,
    createdAt: isoTime,
    /** `fields`: the same field changed on both sides; `deleted`: edited here, deleted on the server. */
    kind: z.enum(['fields', 'deleted']),
    fields: z.array(conflictFieldSchema),
  }),
);
export type OfflineConflict = z.infer<typeof conflictSchema>;

const offlineAccountInput = lazySchema(() => z.object({ account: accountIdSchema.optional() }).strict());
/** One thing that happened to a Drive file, as its Activity tab lists it (newest first). */
export const fileActivityEntrySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** When it happened (RFC 3339); for changes seen on the change feed, when the core saw them. */
    time: z.string(),
    kind: z.enum([
      'created',
      'version',
      'renamed',
      'moved',
      'shared',
      'roleChanged',
      'unshared',
      'linkShared',
      'linkChanged',
      'linkRemoved',
      'starred',
      'unstarred',
      'trashed',
      'restored',
      'commented',
      'removed',
    ]),
    /** Who did it, when known ("You" for the account's own user). */
    who: z.string().optional(),
    /** Renamed/moved: the old name or folder names; roleChanged/linkChanged: the old role. */
    from: z.string().optional(),
    /** Renamed/moved: the new name or folder names; shared/roleChanged/link*: the new role. */
    to: z.string().optional(),
    /** shared/roleChanged/unshared: the person, group or domain; commented: the comment's text. */
    subject: z.string().optional(),
  }),
);
export type FileActivityEntry = z.infer<typeof fileActivityEntrySchema>;

// Built on first use: a renderer only calls these methods (the core checks inputs and outputs).
export const ipcMethods = lazyObject(() => ({
  'app.info': {
    input: z.object({}).strict(),
    output: z.object({
      version: z.string(),
      host: z.enum(['electron', 'browser']),
      platform: z.string(),
    }),
  },
  'accounts.list': {
    input: z.object({}).strict(),
    output: accountsOverviewSchema,
  },
  /**
   * Starts a Google sign-in in the system browser (or, in the browser host, answers the address to
   * open). The outcome arrives later as a `signIn` event with the same `flow`. Signing in to an
   * account that is already there renews its sign-in (the way out of `reauth`).
   */
  'accounts.signIn': {
    input: z.object({ loginHint: z.string().max(320).optional() }).strict(),
    output: z.object({ flow: z.string(), authorizationUrl: z.string(), opened: z.boolean() }),
  },
  'accounts.cancelSignIn': {
    input: z.object({ flow: z.string().min(1).max(100) }).strict(),
    output: z.object({ cancelled: z.boolean() }),
  },
  /** Makes an account the active one (the one calls act for when they name none). */
  'accounts.switch': {
    input: z.object({ account: accountIdSchema }).strict(),
    output: accountsOverviewSchema,
  },
  'accounts.rename': {
    input: z.object({ account: accountIdSchema, displayName: displayNameInput }).strict(),
    output: accountsOverviewSchema,
  },
  'accounts.setOverlay': {
    input: z.object({ account: accountIdSchema, overlay: z.boolean() }).strict(),
    output: accountsOverviewSchema,
  },
  /** Signs an account out: revokes its grant at the provider and deletes its tokens. The local account stays. */
  'accounts.remove': {
    input: z.object({ account: accountIdSchema }).strict(),
    output: accountsOverviewSchema.extend({ revoked: z.boolean(), problem: z.string().optional() }),
  },
  'vault.status': {
    input: z.object({}).strict(),
    output: vaultStatusSchema,
  },
  /** The renderer says whether an Atrium window has focus; polling is quick while it has. */
  'app.focus': {
    input: z.object({ focused: z.boolean() }).strict(),
    output: z.object({}),
  },
  'api.call': {
    input: apiCallInput,
    output: z.unknown(),
  },
  /**
   * Resumable uploads: the core keeps the session (its address never leaves the core); the renderer
   * sends the content in chunks from `received`, asks `files.uploadStatus` after a failure and goes
   * on from what the service says it has.
   */
  'files.uploadStart': {
    input: uploadStartInput,
    output: z.object({ upload: uploadIdSchema }),
  },
  'files.uploadChunk': {
    input: z
      .object({
        upload: uploadIdSchema,
        /** Byte position of the chunk's first byte. */
        offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        contentBase64: z.string().max(Math.ceil(maxUploadChunkBytes / 3) * 4),
      })
      .strict(),
    output: uploadProgressSchema,
  },
  'files.uploadStatus': {
    input: z.object({ upload: uploadIdSchema }).strict(),
    output: uploadProgressSchema,
  },
  /** Abandons a session; the service discards what it received. */
  'files.uploadCancel': {
    input: z.object({ upload: uploadIdSchema }).strict(),
    output: z.object({}),
  },
  /**
   * Downloads content without carrying it over IPC: the core streams it to a file the user picks
   * (Electron), or answers a single-use link of the browser host that streams it.
   */
  'files.download': {
    input: downloadInput,
    output: downloadOutcomeSchema,
  },
  /** A file's thumbnail (Drive's `thumbnailLink`) read by the core, since the page shows no foreign images; null when none. */
  'files.thumbnail': {
    input: z.object({ account: accountIdSchema.optional(), fileId: z.string().min(1).max(1024) }).strict(),
    output: z.object({ contentType: z.string(), contentBase64: z.string() }).nullable(),
  },
  /**
   * What happened to a Drive file: its creation, versions and comments as Drive lists them, and the
   * renames, moves, sharing, link and star changes the core saw on the change feed (kept per file
   * in the user-data folder).
   */
  'files.activity': {
    input: z.object({ account: accountIdSchema.optional(), fileId: z.string().min(1).max(1024) }).strict(),
    output: z.object({ entries: z.array(fileActivityEntrySchema) }),
  },
  /**
   * Runs the writes of one calendar change in order (a recurring event's "this and following" or
   * "all" edit); if one fails, those already made are undone. The plan is journalled first, so a
   * change cut short by a restart is undone when the core starts again. Answers each write's event.
   */
  'calendar.applySeriesEdit': {
    input: z
      .object({
        account: accountIdSchema.optional(),
        steps: z.array(calendarWriteStepSchema).min(1).max(maxSeriesEditSteps),
      })
      .strict(),
    /** `undo`: the writes that take the edit back (an Undo sends them through this same method). */
    output: z.object({ results: z.array(CalendarEvent), undo: z.array(calendarWriteStepSchema) }),
  },
  /**
   * Moves a task with its subtasks to another list: one atomic move where the service offers it,
   * otherwise copies into the destination and removes the original, undoing the copies if a step
   * fails (journalled like `calendar.applySeriesEdit`). Answers the moved (or copied) task.
   */
  'tasks.moveToList': {
    input: z
      .object({
        account: accountIdSchema.optional(),
        tasklist: tasklistIdInput,
        task: taskIdInput,
        destination: z
          .object({ tasklist: tasklistIdInput, parent: taskIdInput.optional(), previous: taskIdInput.optional() })
          .strict(),
      })
      .strict(),
    output: z.object({ task: z.unknown() }),
  },
  /** Offline status of every account (or of one): online/offline, last syncs, pending and conflict counts. */
  'offline.status': {
    input: offlineAccountInput,
    output: z.object({ accounts: z.array(offlineAccountStatusSchema) }),
  },
  /** An account's outbox, in replay order. */
  'offline.pending': {
    input: offlineAccountInput,
    output: z.object({ changes: z.array(pendingChangeSchema) }),
  },
  /** The resources with changes not yet sent (for the pending dots). */
  'offline.pendingResources': {
    input: offlineAccountInput,
    output: z.object({ resources: z.array(offlineResourceSchema) }),
  },
  /** Sends the outbox now (clears backoff and failed states); answers once the attempt is over. */
  'offline.retryNow': {
    input: offlineAccountInput,
    output: z.object({ pending: z.number().int().min(0) }),
  },
  /** Drops one queued change and restores the mirror's copy of what it touched to the server's. */
  'offline.discard': {
    input: z.object({ account: accountIdSchema.optional(), change: z.string().min(1).max(40) }).strict(),
    output: z.object({ discarded: z.boolean() }),
  },
  'offline.conflicts': {
    input: offlineAccountInput,
    output: z.object({ conflicts: z.array(conflictSchema) }),
  },
  /**
   * Settles a conflict: `keepMine` sends my values (for `deleted`: restores the item with them),
   * `keepTheirs` keeps the server's and drops mine.
   */
  'offline.resolve': {
    input: z
      .object({
        account: accountIdSchema.optional(),
        conflict: z.string().min(1).max(40),
        choice: z.enum(['keepMine', 'keepTheirs']),
      })
      .strict(),
    output: z.object({ resolved: z.boolean() }),
  },
}));

export type IpcMethods = typeof ipcMethods;
export type IpcMethodName = keyof IpcMethods;
export type IpcInput<M extends IpcMethodName> = z.input<IpcMethods[M]['input']>;
export type IpcOutput<M extends IpcMethodName> = z.output<IpcMethods[M]['output']>;

const changeDetail = () => ({
  type: z.literal('changed'),
  account: accountIdSchema,
  /** Ids of the items that changed or were removed, when a sync pass knows them. */
  ids: z.array(z.string()).optional(),
  /** The collection was listed afresh (its sync token had expired): anything in it may have changed. */
  full: z.boolean().optional(),
});

/**
 * A collection of an account changed (shared/api/collections). For a keyed collection, `key` names
 * the partition (a calendar's events, a task list's tasks); without it any partition may have changed.
 */
export const changedEventSchema = lazySchema(() =>
  z.discriminatedUnion('collection', [
    z.object({
      ...changeDetail(),
      collection: z.enum(keyedCollections),
      key: z.string().min(1).max(1024).optional(),
    }),
    z.object({
      ...changeDetail(),
      collection: z.enum(unkeyedCollections),
      key: z.undefined().optional(),
    }),
  ]),
);
export type ChangedEvent = z.infer<typeof changedEventSchema>;

/** Events the core pushes to the renderer. */
export const ipcEventSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    changedEventSchema,
    z.object({
      type: z.literal('syncState'),
      account: accountIdSchema,
      state: z.enum(['online', 'offline', 'syncing']),
    }),
    /** The account list, an account's name or state, or the active account changed. */
    z.object({
      type: z.literal('accounts'),
      accounts: z.array(accountSchema),
      active: accountIdSchema,
    }),
    /** How a sign-in started with `accounts.signIn` ended. */
    z.object({
      type: z.literal('signIn'),
      flow: z.string(),
      outcome: z.enum(['signedIn', 'failed', 'cancelled']),
      account: accountIdSchema.optional(),
      message: z.string().optional(),
    }),
    /** Open a place in the app (a deep link, a reminder or the tray was clicked). */
    z.object({
      type: z.literal('navigate'),
      route: appRouteSchema,
    }),
    /**
     * An account's offline status, outbox or conflicts changed: the panel re-reads what it shows
     * (`offline.pending`, `offline.conflicts`, `offline.pendingResources`).
     */
    z.object({
      type: z.literal('offline'),
      account: accountIdSchema,
      status: offlineAccountStatusSchema,
    }),
    /** The local service stopped unexpectedly and answers again (its data is kept); a short notice to show. */
    z.object({
      type: z.literal('serviceRestarted'),
      message: z.string(),
    }),
  ]),
);
export type IpcEvent = z.infer<typeof ipcEventSchema>;

export const ipcErrorCodes = [
  'invalidInput',
  'unknownMethod',
  'notFound',
  'forbidden',
  'unauthenticated',
  'conflict',
  'gone',
  'preconditionFailed',
  'rateLimited',
  'unavailable',
  'apiError',
  'internal',
] as const;
export type IpcErrorCode = (typeof ipcErrorCodes)[number];

export interface IpcError {
  code: IpcErrorCode;
  message: string;
  /** HTTP status of the API answer, when the error came from the API. */
  status?: number;
  /** Google error reason (e.g. `notFound`, `invalid`), when the error came from the API. */
  reason?: string;
  /** Parameter or field the error is about. */
  location?: string;
}

/** Every reply is an envelope; errors are values, never thrown raw across the boundary. */
export type IpcReply<T> = { ok: true; value: T; meta?: ReplyMeta } | { ok: false; error: IpcError };
