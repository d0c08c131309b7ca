import type { z } from 'zod';
import type { OperationSpec } from '../../shared/api/operation';
import { CalendarEvent } from '../../shared/api/schemas/calendar';
import { collectionsWrittenBy } from '../../shared/api/collections';
import type { CollectionRef } from '../../shared/api/collections';
import { validateParams } from '../../shared/api/params';
import { findOperation } from '../../shared/api/registry';
import type { IpcMethods, IpcOutput, VaultStatus } from '../../shared/ipc/contract';
import type { IpcHandlers } from '../../shared/ipc/dispatcher';
import { IpcCallError } from '../../shared/ipc/errors';
import { ApiCallError } from './api-call-error';
import type { Accounts } from './accounts';
import type { CoreCommands } from './commands/core-commands';
import type { Downloads } from './downloads';
import type { EventFeed } from './event-feed';
import type { FileActivity } from './file-activity/file-activity';
import { toIpcCallError } from './ipc-error-mapping';
import type { SignInFlows } from './oauth/sign-in-flows';
import type { OfflineHub } from './offline/offline-hub';
import { AccountMirror } from './offline/account-mirror';
import { ReplyWithMeta } from '../../shared/ipc/dispatcher';
import { ResumableUploads } from './resumable-uploads';
import { fetchThumbnail } from './thumbnails';

export interface CoreHandlerDeps {
  readonly accounts: Accounts;
  /** Commands that need several API writes. */
  readonly commands: CoreCommands;
  readonly downloads: Downloads;
  readonly feed: EventFeed;
  /** Mirrors and outboxes of Google accounts (local-first reads and writes, the sync panel). */
  readonly offline: OfflineHub;
  /** What happened to Drive files (the Files Activity tab). */
  readonly fileActivity: FileActivity;
  readonly info: IpcOutput<'app.info'>;
  readonly signIn: SignInFlows;
  readonly vaultStatus: () => VaultStatus;
  /** Asks an account's sync for a pass over everything now (after writes that bypassed its mirror). */
  readonly refresh?: (account: string) => void;
  /** Told when the renderer reports window focus. */
  readonly setFocused: (focused: boolean) => void;
}

type ApiCallInput = z.output<IpcMethods['api.call']['input']>;

const invalidInput = (message: string, location: string, reason?: string): IpcCallError =>
  new IpcCallError({ code: 'invalidInput', message, location, ...(reason ? { reason } : {}) });

function fieldPath(prefix: string, path: readonly PropertyKey[]): string {
  return [prefix, ...path.map(String)].join('.');
}

function checkBody(op: OperationSpec, body: unknown, location: string): void {
  if (!op.request) {
    if (body !== undefined) throw invalidInput(`${op.name} takes no request body`, location);
    return;
  }
  const parsed = op.request.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = fieldPath(location, issue?.path ?? []);
    throw invalidInput(`Invalid ${where} for ${op.name}: ${issue?.message ?? 'invalid value'}`, where);
  }
}

function resolveOperation(name: string): OperationSpec {
  const op = findOperation(name);
  if (!op) throw invalidInput(`Unknown operation: ${name}`, 'operation');
  return op;
}

/** The caller's own parameters, typed by validation; defaults stay implicit so URLs say only what was asked. */
function checkParams(op: OperationSpec, raw: Record<string, unknown>): Record<string, unknown> {
  const checked = validateParams(op, raw);
  if (!checked.ok) throw invalidInput(checked.error.message, `params.${checked.error.location}`, checked.error.reason);
  const validated = checked.params as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (const name of Object.keys(raw)) if (validated[name] !== undefined) params[name] = validated[name];
  return params;
}

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

async function callApi<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiCallError) throw toIpcCallError(error);
    throw error;
  }
}

export function createCoreHandlers({
  accounts,
  commands,
  downloads,
  feed,
  offline,
  fileActivity,
  info,
  signIn,
  refresh,
  vaultStatus,
  setFocused,
}: CoreHandlerDeps): IpcHandlers {
  const uploads = new ResumableUploads();

  async function apiCall(input: ApiCallInput): Promise<unknown> {
    const connection = accounts.get(input.account);
    const op = resolveOperation(input.operation);
    const params = checkParams(op, input.params);
    const body = op.request ? (input.body ?? {}) : input.body;
    checkBody(op, body, 'body');

    const mirror = offline.mirror(connection.account.id);
    if (mirror && AccountMirror.mirrors(op.name)) return readThroughMirror(mirror, op, params);
    if (mirror && AccountMirror.queues(op.name)) {
      // Queued writes announce themselves; direct ones are announced like any other below.
      const queuedBefore = mirror.pendingCount();
      const result = await callApi(() => mirror.write(op.name, params, body));
      if (mirror.pendingCount() > queuedBefore) return result;
      fileActivity.noteWrite(connection.account.id, op.name, params, result);
      announceWrite(connection.account.id, op, params);
      return result;
    }
    const result = await callApi(async () => {
      try {
        return await connection.api.callByName(op.name, params, body);
      } catch (error) {
        // A write the outbox does not take cannot wait for the network: say so plainly.
        if (mirror && op.method !== 'GET' && error instanceof ApiCallError && error.status === 0)
          throw new ApiCallError(0, error.reason, 'This change needs a connection; it cannot be saved offline.');
        throw error;
      }
    });
    fileActivity.noteWrite(connection.account.id, op.name, params, result);
    announceWrite(connection.account.id, op, params);
    if (mirror && op.method !== 'GET') bypassedMirror(connection.account.id, collectionsWrittenBy(op, params));
    return result;
  }

  /** A write the mirror did not see: what it wrote is read from the network until the next sync pass. */
  function bypassedMirror(account: string, targets: readonly CollectionRef[]): void {
    const mirror = offline.mirror(account);
    if (!mirror || targets.length === 0) return;
    for (const target of targets) mirror.markDirty(target);
    refresh?.(account);
  }

  function announceWrite(account: string, op: OperationSpec, params: Record<string, unknown>): void {
    // Tasks has no watch channels, so its own writes are announced here rather than by a notification.
    if (op.area === 'tasks') {
      for (const target of collectionsWrittenBy(op, params)) feed.changed(account, target);
    }
  }

  /**
   * A read of a mirrored collection: answered from the mirror when the account is offline or the
   * collection is synced (a view switch never waits on the network), else from the network (and
   * from the mirror after all if the network turns out to be gone). The reply says how fresh it is.
   */
  async function readThroughMirror(
    mirror: AccountMirror,
    op: OperationSpec,
    params: Record<string, unknown>,
  ): Promise<ReplyWithMeta<unknown>> {
    const local = mirror.read(op.name, params);
    if (local) return new ReplyWithMeta(local.value, { freshness: local.freshness });
    try {
      const value = await mirror.api.callByName(op.name, params);
      mirror.observeRead(op.name, params, value);
      return new ReplyWithMeta(value, { freshness: { source: 'network', offline: false } });
    } catch (error) {
      if (!(error instanceof ApiCallError && error.status === 0)) return callApi(() => Promise.reject(error));
      mirror.setOffline(true);
      const fallback = mirror.read(op.name, params, true);
      if (fallback) return new ReplyWithMeta(fallback.value, { freshness: fallback.freshness });
      return callApi(() => Promise.reject(error));
    }
  }

  return {
    'app.info': () => info,
    'accounts.list': () => accounts.overview(),
    'accounts.signIn': (input) => signIn.start(input.loginHint ? { loginHint: input.loginHint } : {}),
    'accounts.cancelSignIn': async (input) => ({ cancelled: await signIn.cancel(input.flow) }),
    'accounts.switch': (input) => accounts.switchTo(input.account),
    'accounts.rename': (input) => accounts.rename(input.account, input.displayName),
    'accounts.setOverlay': (input) => accounts.setOverlay(input.account, input.overlay),
    'accounts.remove': async (input) => {
      const outcome = await accounts.remove(input.account);
      return { ...accounts.overview(), ...outcome };
    },
    'vault.status': () => vaultStatus(),
    'app.focus': (input) => {
      setFocused(input.focused);
      return {};
    },
    'api.call': apiCall,
    'files.uploadStart': async (input) => {
      const connection = accounts.get(input.account);
      checkBody(resolveOperation(input.fileId ? 'DriveFilesUpdate' : 'DriveFilesCreate'), input.metadata, 'metadata');
      const mimeType = typeof input.metadata.mimeType === 'string' ? input.metadata.mimeType : undefined;
      const contentType = input.contentType ?? mimeType;
      const mirror = input.fileId ? undefined : offline.mirror(connection.account.id);
      // A new file dropped while the account is offline is staged on disk and uploaded once it answers.
      const stage = () => callApi(() => Promise.resolve(mirror!.stageUpload(input.metadata, input.size, contentType)));
      if (mirror?.shouldStage()) return stage();
      try {
        return await uploads.start({
          api: connection.api,
          metadata: input.metadata,
          size: input.size,
          ...(input.fileId ? { fileId: input.fileId } : {}),
          ...(contentType ? { contentType } : {}),
        });
      } catch (error) {
        // Only an unreachable service (no HTTP status) means offline; a 5xx is the service's answer.
        const failure = error instanceof IpcCallError ? error.toIpcError() : undefined;
        if (!mirror || failure?.code !== 'unavailable' || failure.status !== undefined) throw error;
        mirror.setOffline(true);
        return stage();
      }
    },
    'files.uploadChunk': (input) => {
      if (!base64Pattern.test(input.contentBase64))
        throw invalidInput('contentBase64 is not valid base64', 'contentBase64');
      const bytes = Buffer.from(input.contentBase64, 'base64');
      const staging = offline.stagingOf(input.upload);
      if (staging) {
        try {
          return staging.stageChunk(input.upload, input.offset, bytes);
        } catch (error) {
          throw invalidInput(error instanceof Error ? error.message : String(error), 'offset');
        }
      }
      return uploads.chunk(input.upload, input.offset, bytes);
    },
    'files.uploadStatus': (input) => {
      const staging = offline.stagingOf(input.upload);
      return staging ? staging.stagedStatus(input.upload) : uploads.status(input.upload);
    },
    'files.uploadCancel': (input) => {
      const staging = offline.stagingOf(input.upload);
      if (!staging) return uploads.cancel(input.upload);
      staging.cancelStaged(input.upload);
      return {};
    },
    'files.download': (input) => callApi(() => downloads.start(input)),
    'files.thumbnail': (input) => fetchThumbnail(accounts.get(input.account).api, input.fileId),
    'calendar.applySeriesEdit': async (input) => {
      const account = accounts.get(input.account).account.id;
      const mirror = offline.mirror(account);
      // Offline (or behind queued changes) the writes are queued together, like single edits.
      if (mirror?.queuesNow()) {
        const queued = await callApi(async () => mirror.queueSeriesEdit(input.steps));
        return { results: queued.results.map((event) => CalendarEvent.parse(event)), undo: queued.undo };
      }
      try {
        return await callApi(() => commands.applySeriesEdit(input.account, input.steps));
      } finally {
        bypassedMirror(
          account,
          input.steps.map((step) => ({ collection: 'events', key: step.calendarId })),
        );
      }
    },
    'files.activity': async (input) => {
      const account = accounts.get(input.account).account.id;
      return { entries: await callApi(() => fileActivity.list(account, input.fileId)) };
    },
    'offline.status': (input) => offline.status(input.account),
    'offline.pending': (input) => offline.pending(input.account),
    'offline.pendingResources': (input) => offline.pendingResources(input.account),
    'offline.retryNow': (input) => offline.retryNow(input.account),
    'offline.discard': (input) => offline.discard(input.account, input.change),
    'offline.conflicts': (input) => offline.conflicts(input.account),
    'offline.resolve': (input) => offline.resolve(input.account, input.conflict, input.choice),
    'tasks.moveToList': async (input) => {
      const account = accounts.get(input.account).account.id;
      const mirror = offline.mirror(account);
      if (mirror) {
        // Google moves a task between lists in one request: the mirror sends it, or queues it offline.
        const params = {
          tasklist: input.tasklist,
          task: input.task,
          destinationTasklist: input.destination.tasklist,
          ...(input.destination.parent === undefined ? {} : { parent: input.destination.parent }),
          ...(input.destination.previous === undefined ? {} : { previous: input.destination.previous }),
        };
        const queuedBefore = mirror.pendingCount();
        const task = await callApi(() => mirror.write('TasksTasksMove', params, undefined));
        if (mirror.pendingCount() <= queuedBefore)
          for (const key of new Set([input.tasklist, input.destination.tasklist]))
            feed.changed(account, { collection: 'tasks', key });
        return { task };
      }
      try {
        return {
          task: await callApi(() =>
            commands.moveTaskToList(input.account, {
              tasklist: input.tasklist,
              task: input.task,
              destination: input.destination,
            }),
          ),
        };
      } finally {
        bypassedMirror(account, [
          { collection: 'tasks', key: input.tasklist },
          { collection: 'tasks', key: input.destination.tasklist },
        ]);
      }
    },
  };
}
