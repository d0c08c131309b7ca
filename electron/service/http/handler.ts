import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from '../store/store';
import type { ChannelHub } from '../channels/channel-hub';
import type { User } from '../store/users';
import type { MigrationSet } from '../store/migration';

/** Everything an operation implementation gets for one request. */
export interface RequestContext {
  /** The authenticated user (bearer token mapped to a user). */
  readonly user: User;
  /** Operation name from the registry, e.g. `CalendarEventsList`. */
  readonly operation: string;
  /** Parameters validated against the registry: typed, defaults applied, repeated ones as arrays. */
  readonly params: Record<string, unknown>;
  /** Body validated against the operation's request schema (undefined when it takes none or for media uploads). */
  readonly body: unknown;
  readonly headers: IncomingHttpHeaders;
  /** Raw request, for streaming media uploads (the body has not been read when the operation has media). */
  readonly req: IncomingMessage;
  /** Raw response, for streaming downloads; a handler that writes it returns `{ sent: true }`. */
  readonly res: ServerResponse;
  /** True when the request arrived on the `/upload/...` path. */
  readonly upload: boolean;
  readonly service: ServiceContext;
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

export type OperationHandler = (ctx: RequestContext) => HandlerResult | Promise<HandlerResult>;

/** Implementations keyed by operation name; an operation missing here answers 501. */
export type HandlerMap = Readonly<Record<string, OperationHandler>>;

/** Runs inside the transaction that creates a user: each area provisions its defaults (primary calendar, default task list, root folder). */
/** What the creator of a user knows about them beyond the account itself. */
export interface UserDefaults {
  /** IANA time zone for the user's calendar defaults; UTC when absent. */
  readonly timeZone?: string;
}

export type UserProvisioner = (user: User, service: ServiceContext, defaults: UserDefaults) => void;

/** One API area's contribution to the service. */
export interface ServiceModule {
  /** The area's own numbered schema migrations. */
  readonly migrations: MigrationSet;
  readonly handlers: HandlerMap;
  readonly provisionUser?: UserProvisioner;
}
