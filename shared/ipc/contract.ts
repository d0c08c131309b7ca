import { z } from 'zod';

/**
 * The one IPC contract between the renderer and the main-process core. Every method has a zod
 * input and output; the dispatcher validates inputs, the client types calls. The same contract is
 * carried by Electron IPC (preload bridge) and by the browser host's WebSocket.
 *
 * Tokens never appear here: the core attaches credentials itself.
 */

export const accountIdSchema = z.string().min(1).max(200);

export const accountSchema = z.object({
  id: accountIdSchema,
  kind: z.enum(['local', 'google']),
  email: z.string(),
  displayName: z.string(),
  /** `ok`, or `reauth` when the refresh token was refused and the user must sign in again. */
  state: z.enum(['ok', 'reauth', 'offline']),
});
export type Account = z.infer<typeof accountSchema>;

export const apiCallInput = z.object({
  /** Account to act for; the active account when omitted. */
  account: accountIdSchema.optional(),
  /** Operation name from the registry, e.g. `CalendarEventsList`. */
  operation: z.string().min(1).max(100),
  params: z.record(z.string(), z.unknown()).default({}),
  body: z.unknown().optional(),
});

export const uploadInput = z.object({
  account: accountIdSchema.optional(),
  /** DriveFilesCreate metadata (name, parents, mimeType, ...). */
  metadata: z.record(z.string(), z.unknown()),
  /** File content, base64-encoded. */
  contentBase64: z.string().max(64 * 1024 * 1024),
  contentType: z.string().max(255).optional(),
});

export const ipcMethods = {
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
    output: z.object({ accounts: z.array(accountSchema), active: accountIdSchema }),
  },
  'api.call': {
    input: apiCallInput,
    output: z.unknown(),
  },
  'files.upload': {
    input: uploadInput,
    output: z.unknown(),
  },
} as const;

export type IpcMethods = typeof ipcMethods;
export type IpcMethodName = keyof IpcMethods;
export type IpcInput<M extends IpcMethodName> = z.input<IpcMethods[M]['input']>;
export type IpcOutput<M extends IpcMethodName> = z.output<IpcMethods[M]['output']>;

/** Events the core pushes to the renderer. */
export const ipcEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('changed'),
    account: accountIdSchema,
    area: z.enum(['calendar', 'tasks', 'drive']),
    /** Which collection changed, e.g. `events:<calendarId>`, `calendarList`, `changes`. */
    resource: z.string(),
  }),
  z.object({
    type: z.literal('syncState'),
    account: accountIdSchema,
    state: z.enum(['online', 'offline', 'syncing']),
  }),
]);
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
export type IpcReply<T> = { ok: true; value: T } | { ok: false; error: IpcError };
