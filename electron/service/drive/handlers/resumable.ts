import { fileTypeFromFile } from 'file-type';
import { open, rm, stat, truncate } from 'node:fs/promises';
import { ApiError, badRequest } from '../../http/api-error';
import { applyFields, parseFields } from '../../http/fields';
import type { HandlerResult } from '../../http/handler';
import { etagOf, sendJson } from '../../http/respond';
import type { IngestedContent } from '../content/ingest';
import { BatchedWriter } from '../content/batched-writer';
import { faultPoint } from '../content/fault-points';
import { bodyBrokeOff, maxUploadBytes, readSmallJson } from '../content/upload-request';
import { parseFileMetadata, type FileMetadataInput } from '../domain/file-metadata';
import { checkNewId, checkPinLimit, placeNewFile } from '../domain/file-operations';
import type { FileRow } from '../domain/files-repository';
import { newId } from '../domain/ids';
import type { UploadSessionRow } from '../domain/upload-sessions-repository';
import type { DriveSession } from '../domain/session';
import { fileBody, type FileWriteContext, parentParams } from './common';
import { checkUpdate, createWithContent, updateWithContent } from './file-updates';

/** What a session keeps of the request that opened it. */
interface SessionParams {
  keepForever?: boolean;
  addParents?: string;
  removeParents?: string;
  /** The opening request's query parameters (sessions from before these were kept have none). */
  query?: Record<string, unknown>;
}

/** Parameters that only shape the answer: a later request of the session may give its own. */
const answerParams = [
  'fields',
  'alt',
  'prettyPrint',
  'includePermissionsForView',
  'includeLabels',
  'supportsAllDrives',
  'supportsTeamDrives',
] as const;

/** Parameters that belong to one request, not to the session. */
const requestOnlyParams = new Set(['uploadType', 'upload_id', 'access_token', 'key', 'oauth_token', 'fileId']);

const headerError = (header: string, message: string) =>
  new ApiError(400, 'badRequest', message, { location: header, locationType: 'header' });

/** A whole number of bytes no larger than an upload may be, from a header's digits. */
function byteCount(text: string): number | undefined {
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= maxUploadBytes ? n : undefined;
}

const sessionNotFound = () =>
  new ApiError(404, 'notFound', 'The upload session does not exist or has expired.', {
    location: 'upload_id',
    locationType: 'parameter',
  });

/** A resumable session lives a week from its start, as Drive's do; then it and its bytes are dropped. */
export const uploadSessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** Expired sessions are looked for at most this often (when a new session starts). */
const sweepIntervalMs = 60 * 60 * 1000;

function hasExpired(s: DriveSession, session: UploadSessionRow): boolean {
  return Date.parse(session.created_time) + uploadSessionLifetimeMs <= s.now.getTime();
}

/** Forgets a session: its row, its running digest and the bytes received so far. */
async function dropSession(s: DriveSession, id: string): Promise<void> {
  s.blobs.running.forget(id);
  s.data.uploads.delete(id);
  await rm(s.blobs.tempPath(`upload-${id}`), { force: true });
}

/** Drops every expired session no request is writing to (abandoned uploads must not hold disk space forever). */
async function sweepExpiredSessions(s: DriveSession): Promise<void> {
  const now = s.now.getTime();
  if (now - s.drive.lastUploadSweep < sweepIntervalMs) return;
  s.drive.lastUploadSweep = now;
  const cutoff = new Date(now - uploadSessionLifetimeMs).toISOString();
  for (const id of s.data.uploads.startedBy(cutoff)) if (!s.blobs.running.isBusy(id)) await dropSession(s, id);
}

/**
 * Opens a resumable upload: metadata now, content later with `PUT` to the returned Location. The
 * session lives in the database and its bytes in a temporary file, so it survives dropped
 * connections and restarts, for a week.
 */
export async function startResumableSession(
  ctx: FileWriteContext,
  s: DriveSession,
  fileId: string | undefined,
): Promise<HandlerResult> {
  const lengthHeader = ctx.headers['x-upload-content-length'];
  const contentType = ctx.headers['x-upload-content-type'];
  let total: number | null = null;
  if (lengthHeader !== undefined) {
    const n = typeof lengthHeader === 'string' ? byteCount(lengthHeader.trim()) : undefined;
    if (n === undefined) {
      ctx.req.resume();
      throw headerError(
        'X-Upload-Content-Length',
        `Invalid X-Upload-Content-Length: ${String(lengthHeader)} (a byte count of at most ${maxUploadBytes}).`,
      );
    }
    total = n;
  }
  if (contentType !== undefined && (typeof contentType !== 'string' || !mediaTypePattern.test(contentType.trim()))) {
    ctx.req.resume();
    throw headerError('X-Upload-Content-Type', `Invalid X-Upload-Content-Type: ${String(contentType)}.`);
  }
  const meta = parseFileMetadata(await readSmallJson(ctx), fileId ? 'update' : 'create');
  const keepForever = ctx.params.keepRevisionForever;
  const query: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(ctx.params)) if (!requestOnlyParams.has(name)) query[name] = value;
  const id = newId(32);
  s.write(() => {
    if (fileId) {
      const { file, rank } = s.requireFile(fileId);
      checkUpdate(s, ctx, file, rank, meta, true);
      checkPinLimit(s, file.id, keepForever);
    } else {
      placeNewFile(s, meta.parents);
      checkNewId(s, meta.id);
    }
    s.data.uploads.insert({
      id,
      user_id: s.user.id,
      file_id: fileId ?? null,
      metadata: JSON.stringify(meta),
      params: JSON.stringify({
        keepForever,
        ...parentParams(ctx),
        query,
      } satisfies SessionParams),
      content_type: typeof contentType === 'string' ? contentType.trim() : null,
      total_size: total,
      created_time: s.nowIso,
    });
  });
  await sweepExpiredSessions(s);
  // As Drive's does, the session URL repeats the opening request's parameters (the credentials
  // aside), so that the requests sent to it answer the same way.
  const url = ctx.req.url ?? '';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const carried = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  for (const name of ['access_token', 'key', 'oauth_token', 'upload_id']) carried.delete(name);
  carried.set('uploadType', 'resumable');
  carried.append('upload_id', id);
  const location = `${s.service.baseUrl()}${path}?${carried.toString()}`;
  return { status: 200, headers: { Location: location, 'X-GUploader-UploadID': id } };
}

type ContentRange =
  | { kind: 'query'; total: number | null }
  | { kind: 'chunk'; start: number; end: number; total: number | null }
  | { kind: 'whole' };

const mediaTypePattern = /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/;

function parseContentRange(header: string | undefined): ContentRange {
  if (header === undefined) return { kind: 'whole' };
  const invalid = () => headerError('Content-Range', `Invalid Content-Range: ${header}`);
  const query = /^bytes \*\/(\d+|\*)$/.exec(header.trim());
  if (query) {
    if (query[1] === '*') return { kind: 'query', total: null };
    const total = byteCount(query[1]!);
    if (total === undefined) throw invalid();
    return { kind: 'query', total };
  }
  const chunk = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim());
  if (!chunk) throw invalid();
  const start = byteCount(chunk[1]!);
  const end = byteCount(chunk[2]!);
  const total = chunk[3] === '*' ? null : byteCount(chunk[3]!);
  if (start === undefined || end === undefined || total === undefined) throw invalid();
  if (end < start || (total !== null && end >= total)) throw invalid();
  return { kind: 'chunk', start, end, total };
}

function incomplete(received: number): HandlerResult {
  return { status: 308, headers: received > 0 ? { Range: `bytes=0-${received - 1}` } : {} };
}

/** A `PUT` to a session: a status query (`bytes *\/N`), a chunk, or the whole content. */
export async function continueResumableSession(ctx: FileWriteContext, s: DriveSession): Promise<HandlerResult> {
  const uploadId = ctx.params.upload_id ?? '';
  const load = () => s.data.uploads.get(uploadId);
  let session = load();
  if (!session || session.user_id !== s.user.id) throw sessionNotFound();
  if (hasExpired(s, session)) {
    ctx.req.resume();
    if (!s.blobs.running.isBusy(session.id)) await dropSession(s, session.id);
    throw sessionNotFound();
  }
  const sessionCtx = withSessionParams(ctx, session);
  const inFlight = receiving.get(session.id);
  if (inFlight) {
    // Another request is still writing this session's bytes (perhaps one whose client just hung up):
    // what it keeps decides where this one starts, so wait for it, but not for a stalled client.
    await Promise.race([inFlight, delay(inFlightWaitMs)]);
    session = load() ?? session;
  }
  const pending = s.drive.finishingUploads.get(session.id);
  if (pending) {
    // Another request is finishing the session: its outcome is this request's too.
    ctx.req.resume();
    await pending.catch(() => undefined);
    session = load() ?? session;
  }
  if (session.completed_file_id) {
    ctx.req.resume();
    const { file } = s.requireFile(session.completed_file_id);
    return answer(ctx, sessionCtx, s, file);
  }
  let range: ContentRange;
  try {
    range = parseContentRange(
      typeof ctx.headers['content-range'] === 'string' ? ctx.headers['content-range'] : undefined,
    );
  } catch (error) {
    ctx.req.resume();
    throw error;
  }
  const temp = s.blobs.tempPath(`upload-${session.id}`);
  session = await reconcileWithDisk(s, session, temp);
  let total = session.total_size;
  const refuse = (message: string) => {
    ctx.req.resume();
    return headerError('Content-Range', message);
  };
  if (range.kind !== 'whole' && range.total !== null) {
    if (total !== null && total !== range.total) throw refuse(`The upload's total size was declared as ${total}.`);
    if (range.total < session.received)
      throw refuse(`The total size ${range.total} is less than the ${session.received} bytes already received.`);
    total = range.total;
  }

  if (range.kind === 'query') {
    ctx.req.resume();
    if (total !== null && session.received === total) return finish(ctx, sessionCtx, s, session, temp);
    return incomplete(session.received);
  }

  const start = range.kind === 'chunk' ? range.start : 0;
  if (start > session.received)
    throw refuse(`The chunk starts at byte ${start} but only ${session.received} bytes were received.`);
  const declaredLength = ctx.headers['content-length'];
  if (range.kind === 'chunk' && declaredLength !== undefined && Number(declaredLength) !== range.end - range.start + 1)
    throw refuse(`Content-Range ${range.start}-${range.end} does not match Content-Length ${declaredLength}.`);
  const receipt = receiveChunk(ctx, s, session, temp, start, total);
  const settled = receipt.then(
    () => undefined,
    () => undefined,
  );
  receiving.set(session.id, settled);
  const received = await receipt.finally(() => {
    if (receiving.get(session.id) === settled) receiving.delete(session.id);
  });
  if (received === 'dropped') {
    ctx.res.destroy();
    return { sent: true };
  }
  const complete =
    range.kind === 'whole' ||
    (total !== null && received === total) ||
    (range.kind === 'chunk' && range.total !== null && range.end + 1 === range.total && received === range.total);
  if (!complete) return incomplete(received);
  return finish(ctx, sessionCtx, s, { ...session, received, total_size: total ?? received }, temp);
}

/** The request as the session sees it: its write parameters from the opening request, answer ones from either. */
function withSessionParams(ctx: FileWriteContext, session: UploadSessionRow): FileWriteContext {
  const saved = JSON.parse(session.params) as SessionParams;
  const params: Record<string, unknown> = { ...ctx.params, ...(saved.query ?? {}) };
  if (!saved.query) {
    if (saved.addParents !== undefined) params['addParents'] = saved.addParents;
    if (saved.removeParents !== undefined) params['removeParents'] = saved.removeParents;
  }
  const given: Readonly<Record<string, unknown>> = ctx.params;
  for (const name of answerParams) if (given[name] !== undefined) params[name] = given[name];
  // The saved parameters were validated for this operation when the session was opened.
  return { ...ctx, params: params as FileWriteContext['params'] } as FileWriteContext;
}

/**
 * The file as the session's final answer: shaped by the session's `fields` and `prettyPrint` when
 * this request gave none of its own (the pipeline applies the request's own ones).
 */
async function answer(
  ctx: FileWriteContext,
  sessionCtx: FileWriteContext,
  s: DriveSession,
  file: FileRow,
): Promise<HandlerResult> {
  const body = await fileBody(sessionCtx, s, file);
  const fields = sessionCtx.params.fields;
  const pretty = sessionCtx.params.prettyPrint === true;
  const ownFields = ctx.params.fields !== undefined;
  if ((ownFields || typeof fields !== 'string') && pretty === (ctx.params.prettyPrint === true)) return { body };
  const shaped = !ownFields && typeof fields === 'string' ? applyFields(body, parseFields(fields)) : body;
  const etag = etagOf(body);
  sendJson(ctx.res, 200, shaped, pretty, etag !== undefined && shaped !== body ? { ETag: etag } : undefined);
  return { sent: true };
}

/**
 * Makes the session's count agree with its file: bytes past the count may be a torn write (they
 * are written again), and a file shorter than the count (lost to a crash before this way of
 * finishing, or removed) means only what it holds was received.
 */
async function reconcileWithDisk(s: DriveSession, session: UploadSessionRow, temp: string): Promise<UploadSessionRow> {
  if (session.received === 0 || s.blobs.running.isBusy(session.id)) return session;
  const onDisk = (await stat(temp).catch(() => undefined))?.size ?? 0;
  if (onDisk >= session.received) return session;
  s.blobs.running.forget(session.id);
  s.data.uploads.recordReceived(session.id, onDisk);
  return { ...session, received: onDisk };
}

/**
 * Writes a chunk request's body to the session's file from the byte the session has on (bytes the
 * client sends again are skipped), carrying the session's running digest along, then fsyncs and
 * records how many bytes the file holds. A dropped connection keeps what arrived, so the client can
 * resume from there.
 */
async function receiveChunk(
  ctx: FileWriteContext,
  s: DriveSession,
  session: UploadSessionRow,
  temp: string,
  start: number,
  total: number | null,
): Promise<number | 'dropped'> {
  const from = session.received;
  let skip = from - start;
  // Bytes past the recorded count may be a torn write; they are written again.
  await truncate(temp, from).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    await (await open(temp, 'w')).close();
  });
  const handle = await open(temp, 'r+');
  let digest = s.blobs.running.take(session.id, temp, from);
  let digestLost = false;
  let appended = from;
  let written = from;
  const writer = new BatchedWriter(handle, from, (end, batch) => {
    written = end;
    // A hash that fails only costs the running digest: the finished file is hashed whole instead.
    return digest?.digests.written(end, batch).catch(() => {
      digestLost = true;
    });
  });
  let refusal: ApiError | undefined;
  let failure: unknown;
  try {
    for await (const raw of ctx.req as AsyncIterable<Buffer>) {
      let chunk = raw;
      if (skip > 0) {
        const n = Math.min(skip, chunk.length);
        chunk = chunk.subarray(n);
        skip -= n;
      }
      if (chunk.length === 0) continue;
      if (total !== null && appended + chunk.length > total)
        throw badRequest('badRequest', 'More bytes arrived than the upload declared.');
      appended += chunk.length;
      const full = writer.append(chunk);
      if (full) await full;
    }
  } catch (error) {
    if (error instanceof ApiError) refusal = error;
    // The request stream failing is the connection dropping: what is in the file is kept.
    else if (!bodyBrokeOff(ctx)) failure = error;
  }
  const writeFailure = await writer.end().then(
    () => undefined,
    (error: unknown) => error,
  );
  failure ??= writeFailure;
  let recorded = from;
  try {
    await handle.sync();
    faultPoint('resumable:chunk-synced');
    recorded = written;
  } finally {
    await handle.close().catch(() => undefined);
    if (digest && !digestLost && recorded === appended) digest.size = recorded;
    else {
      digest?.discard();
      digest = undefined;
    }
    s.blobs.running.release(session.id, digest);
    s.data.uploads.recordProgress(session.id, recorded, total);
  }
  faultPoint('resumable:received-recorded');
  if (bodyBrokeOff(ctx)) return 'dropped';
  if (failure !== undefined) throw failure;
  if (refusal) throw refusal;
  return recorded;
}

/** Chunks being written, per session: a status query or another chunk waits until the bytes are counted. */
const receiving = new Map<string, Promise<void>>();
/** Longest a request waits for another one still sending the same session's bytes. */
const inFlightWaitMs = 5_000;

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

function finish(
  ctx: FileWriteContext,
  sessionCtx: FileWriteContext,
  s: DriveSession,
  session: UploadSessionRow,
  temp: string,
): Promise<HandlerResult> {
  // Finishing takes turns per session; whoever comes second finds it complete.
  const previous = s.drive.finishingUploads.get(session.id) ?? Promise.resolve();
  const done = previous.then(async () => {
    const now = s.data.uploads.get(session.id);
    if (now?.completed_file_id) return answer(ctx, sessionCtx, s, s.requireFile(now.completed_file_id).file);
    return finishOnce(ctx, sessionCtx, s, session, temp);
  });
  const settled = done.catch(() => undefined);
  s.drive.finishingUploads.set(session.id, settled);
  void settled.then(() => {
    if (s.drive.finishingUploads.get(session.id) === settled) s.drive.finishingUploads.delete(session.id);
  });
  return done;
}

/**
 * Turns the session's file into the file's content. Each step leaves a state a restart can go on
 * from: the blob is a second link to the session's file, so the file stays until the commit that
 * creates (or updates) the file row also marks the session complete; only then is it removed. A
 * crash before that commit leaves an unreferenced blob (reclaimed at start-up) and a session that
 * finishes again on its next request; a crash after it leaves a completed session that answers
 * with the file.
 */
async function finishOnce(
  ctx: FileWriteContext,
  sessionCtx: FileWriteContext,
  s: DriveSession,
  session: UploadSessionRow,
  temp: string,
): Promise<HandlerResult> {
  const meta = JSON.parse(session.metadata) as FileMetadataInput;
  const params = JSON.parse(session.params) as SessionParams;
  const blob = await s.blobs.adoptTempFile(temp, await s.blobs.running.finish(session.id, session.received));
  faultPoint('resumable:blob-placed');
  let file: FileRow;
  try {
    const detected =
      blob.size > 0 ? await fileTypeFromFile(s.blobs.pathOf(blob.address)).catch(() => undefined) : undefined;
    const declared =
      session.content_type ??
      (typeof ctx.headers['content-type'] === 'string' ? ctx.headers['content-type'] : undefined);
    const declaredType = declared?.split(';')[0]?.trim().toLowerCase();
    const content: IngestedContent = {
      blob,
      declaredType: declaredType && declaredType !== 'application/octet-stream' ? declaredType : undefined,
      detectedType: detected?.mime,
    };
    const complete = (done: FileRow) => s.data.uploads.complete(session.id, done.id);
    file = session.file_id
      ? await updateWithContent(s, sessionCtx, session.file_id, meta, content, params.keepForever === true, complete)
      : await createWithContent(s, meta, content, params.keepForever === true, complete);
  } finally {
    await s.settleBlob(blob.address);
  }
  // With group commit the row is durable only once the group's commit is: the session's bytes stay
  // until then, so a crash before it leaves an upload that can still be finished.
  await s.service.store.pendingCommit;
  faultPoint('resumable:committed');
  s.blobs.running.forget(session.id);
  await rm(temp, { force: true });
  faultPoint('resumable:temp-removed');
  return answer(ctx, sessionCtx, s, file);
}
