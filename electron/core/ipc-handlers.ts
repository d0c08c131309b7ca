import type { z } from 'zod';
import type { OperationSpec } from '../../shared/api/operation';
import { collectionsWrittenBy } from '../../shared/api/collections';
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
import { ResumableUploads } from './resumable-uploads';
import { fetchThumbnail } from './thumbnails';

export interface CoreHandlerDeps {
  readonly accounts: Accounts;
  /** Commands that need several API writes. */
  readonly commands: CoreCommands;
  readonly downloads: Downloads;
  readonly feed: EventFeed;
  /** What happened to Drive files (the Files Activity tab). */
  readonly fileActivity: FileActivity;
  readonly info: IpcOutput<'app.info'>;
  readonly signIn: SignInFlows;
  readonly vaultStatus: () => VaultStatus;
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
  fileActivity,
  info,
  signIn,
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

    const result = await callApi(() => connection.api.callByName(op.name, params, body));
    // Tasks has no watch channels, so its own writes are announced here rather than by a notification.
    if (op.area === 'tasks') {
      for (const target of collectionsWrittenBy(op, params)) feed.changed(connection.account.id, target);
    }
    return result;
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
    'files.uploadStart': (input) => {
      const connection = accounts.get(input.account);
      checkBody(resolveOperation(input.fileId ? 'DriveFilesUpdate' : 'DriveFilesCreate'), input.metadata, 'metadata');
      const mimeType = typeof input.metadata.mimeType === 'string' ? input.metadata.mimeType : undefined;
      const contentType = input.contentType ?? mimeType;
      return uploads.start({
        api: connection.api,
        metadata: input.metadata,
        size: input.size,
        ...(input.fileId ? { fileId: input.fileId } : {}),
        ...(contentType ? { contentType } : {}),
      });
    },
    'files.uploadChunk': (input) => {
      if (!base64Pattern.test(input.contentBase64))
        throw invalidInput('contentBase64 is not valid base64', 'contentBase64');
      return uploads.chunk(input.upload, input.offset, Buffer.from(input.contentBase64, 'base64'));
    },
    'files.uploadStatus': (input) => uploads.status(input.upload),
    'files.uploadCancel': (input) => uploads.cancel(input.upload),
    'files.download': (input) => callApi(() => downloads.start(input)),
    'files.thumbnail': (input) => fetchThumbnail(accounts.get(input.account).api, input.fileId),
    'files.activity': async (input) => {
      const account = accounts.get(input.account).account.id;
      return { entries: await callApi(() => fileActivity.list(account, input.fileId)) };
    },
    'calendar.applySeriesEdit': (input) => callApi(() => commands.applySeriesEdit(input.account, input.steps)),
    'tasks.moveToList': async (input) => ({
      task: await callApi(() =>
        commands.moveTaskToList(input.account, {
          tasklist: input.tasklist,
          task: input.task,
          destination: input.destination,
        }),
      ),
    }),
  };
}
