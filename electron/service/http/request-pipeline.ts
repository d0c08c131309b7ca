import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  allowedMethods,
  isOperationName,
  matchPath,
  operations,
  validateParams,
  type OperationName,
  type Operations,
  type OperationSpec,
  type PathMatch,
  type SystemParams,
} from '../../../shared/api';
import { escapeForLog } from '../log-text';
import type { ReadCall } from '../read-worker';
import type { User } from '../store/users';
import { ApiError, notImplemented } from './api-error';
import { FieldsCompiler, applyFields } from './fields';
import type { HandlerBody, HandlerResult, Handlers, ServiceContext, RequestContext } from './handler';
import { readJsonBody, validateBody } from './json-body';
import { withoutNulls } from './merge-patch';
import { etagOf, jsonAnswer, sendAnswer, sendError, type Answer } from './respond';

/**
 * Reads answered elsewhere than on the service thread (the read worker, ../read-worker.ts): the
 * request is routed, authenticated and validated here, the answer is made there.
 */
export interface Offload {
  wants(operation: OperationName, params: Readonly<Record<string, unknown>>): boolean;
  run(call: ReadCall): Promise<Answer>;
}

/** Maps a bearer token to its user; undefined when the token is unknown. */
export type Authenticator = (token: string) => User | undefined;

interface CompiledOperation {
  readonly spec: OperationSpec;
  readonly fields: FieldsCompiler;
}

const uploadTypes = new Set(['media', 'multipart', 'resumable']);

const authMessage =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';

const unauthenticated = (): ApiError =>
  new ApiError(401, 'authError', authMessage, { location: 'Authorization', locationType: 'header' });

/**
 * The path every API request takes: route (registry) → authenticate → parameters → implemented? →
 * body → handler → response. Each step answers a Google-shaped error on its own and nothing after it runs,
 * so a rejected request has read and written nothing.
 */
export class RequestPipeline {
  private readonly compiled = new Map<OperationSpec, CompiledOperation>();

  constructor(
    private readonly handlers: Handlers,
    private readonly authenticate: Authenticator,
    private readonly service: ServiceContext,
    private readonly logError: (message: string) => void,
    private readonly offload?: Offload,
  ) {}

  handle = (req: IncomingMessage, res: ServerResponse): void => {
    this.run(req, res).catch((error: unknown) => this.fail(req, res, error));
  };

  private async run(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? undefined : new URLSearchParams(url.slice(q + 1));
    const method = req.method ?? 'GET';

    const match = this.route(method, pathname, query);
    if (!match) return this.answerUnrouted(res, method, pathname);
    const name = match.operation.name;
    if (!isOperationName(name)) return this.answerUnrouted(res, method, pathname);
    await this.dispatch(name, match, query, req, res);
  }

  /** Everything after routing, typed by the operation `name` the request was routed to. */
  private async dispatch<N extends OperationName>(
    name: N,
    match: PathMatch,
    query: URLSearchParams | undefined,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const spec = operations[name];
    const op = this.compile(spec);

    const user = this.authenticate(bearerToken(req, query) ?? '');
    if (!user)
      return sendError(res, unauthenticated(), { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/"' });

    // No prototype: a query key such as `__proto__` is just an (unknown) parameter.
    const raw: Record<string, unknown> = Object.assign(
      Object.create(null) as Record<string, unknown>,
      match.pathParams,
    );
    if (query) {
      for (const [key, value] of query) {
        const previous = raw[key];
        if (previous === undefined) raw[key] = value;
        else if (Array.isArray(previous)) previous.push(value);
        else raw[key] = [previous, value];
      }
    }
    const validation = validateParams<Operations[N]>(spec, raw);
    if (!validation.ok) {
      const { reason, location, message } = validation.error;
      throw new ApiError(400, reason, message, { location, locationType: 'parameter' });
    }
    const params = validation.params;
    const system: SystemParams = params;

    if (match.upload && !uploadTypes.has(String(system.uploadType))) {
      throw new ApiError(400, 'badRequest', 'Upload requests need uploadType=media, multipart or resumable.', {
        location: 'uploadType',
        locationType: 'parameter',
      });
    }
    const alt = system.alt;
    if (alt !== undefined && alt !== 'json' && !(alt === 'media' && op.spec.media?.download)) {
      throw new ApiError(400, 'invalidParameter', `alt=${alt} is not supported by ${op.spec.name}.`, {
        location: 'alt',
        locationType: 'parameter',
      });
    }
    const selection = system.fields === undefined ? true : op.fields.compile(system.fields);

    const handler = this.handlers[name];
    if (!handler) throw notImplemented(op.spec.name);
    // The body is read only after the request passed everything that needs no body; upload
    // bodies are left on the request for the handler to stream.
    let body: unknown;
    if (op.spec.request && !match.upload) {
      body = validateBody(op.spec.request, await readJsonBody(req));
      // Outside a patch, Google reads a null anywhere in the body as "not set".
      if (!op.spec.patch) body = withoutNulls(body);
    }

    if (this.offload?.wants(name, params)) {
      // What this thread wrote before the read arrived is committed first: the worker reads committed data only.
      const commit = this.service.store.pendingCommit;
      if (commit) await commit;
      const headers = { ...req.headers };
      delete headers.authorization;
      const answer = await this.offload.run({
        operation: name,
        params,
        body,
        given: Object.keys(raw),
        user,
        headers,
        method: req.method ?? 'GET',
        ...(system.fields !== undefined ? { fields: system.fields } : {}),
        pretty: system.prettyPrint === true,
        nowMs: this.service.now().getTime(),
        baseUrl: this.service.baseUrl(),
      });
      return sendAnswer(res, answer);
    }

    const context: RequestContext<N> = {
      user,
      operation: name,
      params,
      // The registry entry of `name` decides both the schema checked above and HandlerBody<N>.
      body: body as HandlerBody<N>,
      given: (param) => Object.hasOwn(raw, param),
      headers: req.headers,
      req,
      res,
      upload: match.upload,
      service: this.service,
    };
    const result = await this.service.store.asWriter(req.socket, () => handler(context));
    // An answer acknowledges what the request wrote (or read of others' writes) only once it is durable.
    const commit = this.service.store.pendingCommit;
    if (commit) await commit;
    if ('sent' in result) return;
    sendAnswer(
      res,
      answerOf(req.method ?? 'GET', req.headers['if-none-match'], result, selection, system.prettyPrint === true),
    );
  }

  /**
   * The registry operation for a request. A resumable upload's follow-up `PUT` (to the session URL
   * with `upload_id`) goes to the operation that opened the session, on its upload path.
   */
  private route(method: string, pathname: string, query: URLSearchParams | undefined): PathMatch | null {
    const match = matchPath(method, pathname);
    if (match || method !== 'PUT' || !query?.has('upload_id')) return match;
    for (const opener of ['POST', 'PATCH']) {
      const upload = matchPath(opener, pathname);
      if (upload?.upload) return upload;
    }
    return null;
  }

  private answerUnrouted(res: ServerResponse, method: string, pathname: string): void {
    const allowed = allowedMethods(pathname);
    if (allowed.length > 0) {
      const error = new ApiError(405, 'httpMethodNotAllowed', `Method ${method} is not allowed on ${pathname}.`);
      return sendError(res, error, { Allow: allowed.join(', ') });
    }
    sendError(res, new ApiError(404, 'notFound', `No API operation is found at ${pathname}.`));
  }

  private compile(spec: OperationSpec): CompiledOperation {
    let op = this.compiled.get(spec);
    if (!op) {
      op = { spec, fields: new FieldsCompiler(spec.response) };
      this.compiled.set(spec, op);
    }
    return op;
  }

  private fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    if (!(error instanceof ApiError)) {
      // The query is left out of the log: it may carry an access_token.
      const where = `${req.method ?? ''} ${(req.url ?? '').split('?', 1)[0]}`;
      this.logError(`${escapeForLog(where)}: ${describeForLog(error)}`);
      error = new ApiError(500, 'backendError', 'Backend Error');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const apiError = error as ApiError;
    // An over-long body is left unread; closing the connection spares reading the rest.
    sendError(res, apiError, apiError.code === 413 ? { Connection: 'close' } : undefined);
  }
}

/** The answer to a request whose handler gave `result`, with the `fields` selection and ETag rules applied. */
export function answerOf(
  method: string,
  ifNoneMatch: string | undefined,
  result: Exclude<HandlerResult, { sent: true }>,
  selection: ReturnType<FieldsCompiler['compile']>,
  pretty: boolean,
): Answer {
  const { body, headers } = result;
  if (body === undefined) return { status: result.status ?? 204, headers: headers ?? {} };
  const etag = etagOf(body);
  if (etag !== undefined && method === 'GET' && ifNoneMatch === etag) {
    return { status: 304, headers: { ...headers, ETag: etag } };
  }
  if (selection === true) return jsonAnswer(result.status ?? 200, body, pretty, headers);
  // The ETag is the whole resource's, even when `fields` leaves `etag` out of the body.
  const withEtag = etag === undefined ? headers : { ETag: etag, ...headers };
  return jsonAnswer(result.status ?? 200, applyFields(body, selection), pretty, withEtag);
}

function bearerToken(req: IncomingMessage, query: URLSearchParams | undefined): string | undefined {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1] : undefined;
  }
  return query?.get('access_token') ?? undefined;
}

/**
 * An unexpected error for the log: its message (which may quote request data) escaped onto one
 * line, followed by its stack frames as they are (they name code, not input).
 */
function describeForLog(error: unknown): string {
  if (!(error instanceof Error)) return escapeForLog(String(error));
  const head = error.message === '' ? error.name : `${error.name}: ${error.message}`;
  const stack = error.stack ?? head;
  return stack.startsWith(head) ? `${escapeForLog(head)}${stack.slice(head.length)}` : escapeForLog(stack);
}
