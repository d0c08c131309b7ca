import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { OperationName, Operations, SystemParams, ValidatedParams } from '../../../shared/api';
import type { Store } from '../store/store';
import type { ChannelHub } from '../channels/channel-hub';
import type { User } from '../store/users';
import type { MigrationSet } from '../store/migration';

/** What every operation implementation gets for one request, whatever the operation. */
interface RequestBasics {
  /** The authenticated user (bearer token mapped to a user). */
  readonly user: User;
  readonly headers: IncomingHttpHeaders;
  /** Raw request, for streaming media uploads (the body has not been read when the operation has media). */
  readonly req: IncomingMessage;
  /** Raw response, for streaming downloads; a handler that writes it returns `{ sent: true }`. */
  readonly res: ServerResponse;
  /** True when the request arrived on the `/upload/...` path. */
  readonly upload: boolean;
  readonly service: ServiceContext;
}

/** The HTTP side of a request, whatever its operation: for code that streams bodies or reads headers. */
export type RawRequest = Pick<RequestBasics, 'headers' | 'req' | 'res' | 'upload'> & {
  readonly params: SystemParams;
};

/** The parameters of operation `N` after validation: typed, defaults applied, repeated ones as arrays. */
export type HandlerParams<N extends OperationName> = ValidatedParams<Operations[N]['params']>;

type RequestSchemaOf<N extends OperationName> = Operations[N]['request'];
type UploadsMedia<N extends OperationName> = Operations[N] extends { readonly media: { readonly uploadPath: string } }
  ? true
  : false;

/**
 * The body of operation `N` after validation (zod output), undefined when it takes none. An operation
 * that accepts media may be called on its upload path, where the body is left unread.
 */
export type HandlerBody<N extends OperationName> =
  RequestSchemaOf<N> extends z.ZodType
    ? UploadsMedia<N> extends true
      ? z.output<RequestSchemaOf<N>> | undefined
      : z.output<RequestSchemaOf<N>>
    : undefined;

/** Everything the implementation of operation `N` gets for one request, typed from its registry entry. */
export interface RequestContext<N extends OperationName> extends RequestBasics {
  /** Operation name from the registry, e.g. `TasksTasksList`. */
  readonly operation: N;
  /** Parameters validated against the registry: typed, defaults applied, repeated ones as arrays. */
  readonly params: HandlerParams<N>;
  /** Body validated against the operation's request schema. */
  readonly body: HandlerBody<N>;
  /**
   * Whether the request itself carried the parameter (a path segment or a query key, even with an
   * empty value); a default applied by validation does not count.
   */
  given(name: keyof HandlerParams<N> & string): boolean;
}

/** Long-lived, per-service collaborators shared by all handlers. */
export interface ServiceContext {
  readonly store: Store;
  readonly channels: ChannelHub;
  /** The service clock; tests move it to check expiry rules. */
  now(): Date;
  /** Base URL the service is reachable at (e.g. `http://127.0.0.1:4567`), for selfLinks. */
  baseUrl(): string;
  /** Folder for content blobs and other files beside the database. */
  readonly dataDir: string;
  readonly config: ServiceConfig;
}

export interface ServiceConfig {
  /** How long sync tokens and change cursors stay valid, in milliseconds. */
  syncTokenRetentionMs: number;
}

export type HandlerResult = { status?: number; body?: unknown; headers?: Record<string, string> } | { sent: true };

/** The implementation of operation `N`. */
export type Handler<N extends OperationName> = (ctx: RequestContext<N>) => HandlerResult | Promise<HandlerResult>;

/** Implementations keyed by operation name, ready to serve; an operation missing here answers 501. */
export type Handlers = { readonly [N in OperationName]?: Handler<N> };

/** The implementation of operation `N` in an area whose per-service state is `S`. */
export type AreaHandler<N extends OperationName, S> = (
  ctx: RequestContext<N>,
  area: S,
) => HandlerResult | Promise<HandlerResult>;

/** An area's implementations keyed by operation name, each given the area's state beside the request. */
export type AreaHandlers<S> = { readonly [N in OperationName]?: AreaHandler<N, S> };

/**
 * Declares implementations by operation name. Each one's context is typed from its registry entry,
 * so a name outside the registry, or reading a parameter the operation does not have, does not
 * compile. `S` is the state the area's factory hands every handler (see `bindHandlers`):
 *
 *   export const taskHandlers = defineHandlers<TasksState>({
 *     TasksTasksGet(ctx, tasks) { … ctx.params.task … },
 *   });
 */
export function defineHandlers<S = unknown>(handlers: AreaHandlers<S>): AreaHandlers<S> {
  return handlers;
}

/** The handlers of `maps` served with `state`; an operation declared twice is a mistake. */
export function bindHandlers<S>(state: S, ...maps: readonly AreaHandlers<S>[]): Handlers {
  const bound: Record<string, (ctx: never) => HandlerResult | Promise<HandlerResult>> = {};
  for (const map of maps) {
    for (const [name, handler] of Object.entries(map) as [string, AreaHandler<never, S>][]) {
      if (Object.hasOwn(bound, name)) throw new Error(`Two handlers for ${name}.`);
      bound[name] = (ctx) => handler(ctx, state);
    }
  }
  // Each entry keeps the operation it was declared under, so its context type still matches its name.
  return bound as Handlers;
}

/** What the creator of a user knows about them beyond the account itself. */
export interface UserDefaults {
  /** IANA time zone for the user's calendar defaults; UTC when absent. */
  readonly timeZone?: string;
}

/** One API area running in a service: its handlers and everything it holds between requests. */
export interface AreaInstance {
  readonly handlers: Handlers;
  /** Runs inside the transaction that creates a user, to give them the area's defaults. */
  provisionUser?(user: User, defaults: UserDefaults): void;
  /** Lets go of what the area holds (caches, sessions, prepared statements); the store closes after. */
  close(): void | Promise<void>;
}

/**
 * One API area: its numbered schema migrations and a factory that builds its handlers over a
 * service. Whatever the area keeps between requests (caches, sessions) belongs to the instance, so
 * two services in one process share nothing.
 */
export interface ServiceArea {
  /** The area's own numbered schema migrations. */
  readonly migrations: MigrationSet;
  create(service: ServiceContext): AreaInstance;
  /**
   * Reads that may hold a thread for long (recurring-event expansion): with a read worker they run
   * there, over a read-only connection, so the service thread keeps answering everyone else.
   */
  readonly heavyReads?: HeavyReads;
}

/** An area's reads that run in the read worker (see `ServiceArea.heavyReads`). */
export interface HeavyReads {
  /** Whether this request, already routed, authenticated and validated, is one of them. */
  wants(operation: OperationName, params: Readonly<Record<string, unknown>>): boolean;
  /** Their handlers over `service`, whose store is read-only and whose channels are not there. */
  create(service: ServiceContext): Handlers;
}
