import { fileTypeFromFile } from 'file-type';
import { open, rm, truncate } from 'node:fs/promises';
import { ApiError, badRequest } from '../../http/api-error';
import type { HandlerResult } from '../../http/handler';
import type { IngestedContent } from '../content/ingest';
import { BatchedWriter } from '../content/batched-writer';
import { bodyBrokeOff, readSmallJson } from '../content/upload-request';
import { parseFileMetadata, type FileMetadataInput } from '../domain/file-metadata';
import { checkNewId, checkPinLimit, placeNewFile } from '../domain/file-operations';
import { newId } from '../ids';
import type { UploadSessionRow } from '../domain/upload-sessions-repository';
import type { DriveSession } from '../session';
import { fileBody, type FileWriteContext, parentParams } from './common';
import { checkUpdate, createWithContent, updateWithContent } from './file-updates';

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
  const meta = parseFileMetadata(await readSmallJson(ctx), fileId ? 'update' : 'create');
  const keepForever = ctx.params.keepRevisionForever;
  const lengthHeader = ctx.headers['x-upload-content-length'];
  const total = typeof lengthHeader === 'string' && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
  const contentType = ctx.headers['x-upload-content-type'];
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
        addParents: parentParams(ctx).addParents,
        removeParents: parentParams(ctx).removeParents,
      }),
      content_type: typeof contentType === 'string' ? contentType : null,
      total_size: total,
      created_time: s.nowIso,
    });
  });
  await sweepExpiredSessions(s);
  const path = (ctx.req.url ?? '').split('?')[0];
  const location = `${s.service.baseUrl()}${path}?uploadType=resumable&upload_id=${id}`;
  return { status: 200, headers: { Location: location, 'X-GUploader-UploadID': id } };
}

type ContentRange =
  | { kind: 'query'; total: number | null }
  | { kind: 'chunk'; start: number; end: number; total: number | null }
  | { kind: 'whole' };

function parseContentRange(header: string | undefined): ContentRange {
  if (header === undefined) return { kind: 'whole' };
  const query = /^bytes \*\/(\d+|\*)$/.exec(header.trim());
  if (query) return { kind: 'query', total: query[1] === '*' ? null : Number(query[1]) };
  const chunk = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim());
  if (chunk) {
    const start = Number(chunk[1]);
    const end = Number(chunk[2]);
    const total = chunk[3] === '*' ? null : Number(chunk[3]);
    if (end < start || (total !== null && end >= total))
      throw badRequest('badRequest', `Invalid Content-Range: ${header}`);
    return { kind: 'chunk', start, end, total };
  }
  throw badRequest('badRequest', `Invalid Content-Range: ${header}`);
}

function incomplete(received: number): HandlerResult {
  return { status: 308, headers: received > 0 ? { Range: `bytes=0-${received - 1}` } : {} };
}

/** A `PUT` to a session: a status query (`bytes *\/N`), a chunk, or the whole content. */
export async function continueResumableSession(ctx: FileWriteContext, s: DriveSession): Promise<HandlerResult> {
  const uploadId = ctx.params.upload_id ?? '';
  const session = s.data.uploads.get(uploadId);
  if (!session || session.user_id !== s.user.id) throw sessionNotFound();
  if (hasExpired(s, session)) {
    ctx.req.resume();
    if (!s.blobs.running.isBusy(session.id)) await dropSession(s, session.id);
    throw sessionNotFound();
  }
  if (session.completed_file_id) {
    ctx.req.resume();
    const { file } = s.requireFile(session.completed_file_id);
    return { body: await fileBody(ctx, s, file) };
  }
  const range = parseContentRange(
    typeof ctx.headers['content-range'] === 'string' ? ctx.headers['content-range'] : undefined,
  );
  const temp = s.blobs.tempPath(`upload-${session.id}`);
  let total = session.total_size;
  if (range.kind !== 'whole' && range.total !== null) {
    if (total !== null && total !== range.total)
      throw badRequest('badRequest', `The upload's total size was declared as ${total}.`);
    total = range.total;
  }

  if (range.kind === 'query') {
    ctx.req.resume();
    if (total !== null && session.received === total) return finish(ctx, s, session, temp);
    return incomplete(session.received);
  }

  const start = range.kind === 'chunk' ? range.start : 0;
  if (start > session.received) {
    ctx.req.resume();
    throw badRequest(
      'badRequest',
      `The chunk starts at byte ${start} but only ${session.received} bytes were received.`,
    );
  }
  const received = await receiveChunk(ctx, s, session, temp, start, total);
  if (received === 'dropped') {
    ctx.res.destroy();
    return { sent: true };
  }
  const complete =
    range.kind === 'whole' ||
    (total !== null && received === total) ||
    (range.kind === 'chunk' && range.total !== null && range.end + 1 === range.total && received === range.total);
  if (!complete) return incomplete(received);
  return finish(ctx, s, { ...session, received, total_size: total ?? received }, temp);
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
  if (bodyBrokeOff(ctx)) return 'dropped';
  if (failure !== undefined) throw failure;
  if (refusal) throw refusal;
  return recorded;
}

async function finish(
  ctx: FileWriteContext,
  s: DriveSession,
  session: UploadSessionRow,
  temp: string,
): Promise<HandlerResult> {
  const meta = JSON.parse(session.metadata) as FileMetadataInput;
  const params = JSON.parse(session.params) as { keepForever?: boolean };
  const blob = await s.blobs.adoptTempFile(temp, await s.blobs.running.finish(session.id, session.received));
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
    const file = session.file_id
      ? await updateWithContent(s, ctx, session.file_id, meta, content, params.keepForever === true)
      : await createWithContent(s, meta, content, params.keepForever === true);
    s.data.uploads.complete(session.id, file.id);
    return { body: await fileBody(ctx, s, file) };
  } finally {
    await s.settleBlob(blob.address);
    await rm(temp, { force: true });
  }
}
