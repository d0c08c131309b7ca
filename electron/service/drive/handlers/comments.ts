import { ApiError, badRequest, forbidden } from '../../http/api-error';
import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import type { CommentRow, ReplyRow } from '../domain/comments-repository';
import type { FileRow } from '../domain/files-repository';
import { roleRank } from '../domain/roles';
import { driveErrors } from '../domain/errors';
import { newId } from '../domain/ids';
import { decodePageToken, encodePageToken, fingerprintOf } from '../query/page-token';
import { DriveSession, type DriveState } from '../domain/session';
import { requireFields } from './common';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '<br>');

function author(s: DriveSession, userId: string): Record<string, unknown> {
  const row = s.data.users.byId(userId);
  return {
    kind: 'drive#user',
    displayName: row?.display_name ?? 'Unknown user',
    emailAddress: row?.email,
    me: userId === s.user.id,
  };
}

function replyResource(s: DriveSession, r: ReplyRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    kind: 'drive#reply',
    id: r.id,
    createdTime: r.created_time,
    modifiedTime: r.modified_time,
    author: author(s, r.author_id),
    deleted: r.deleted === 1,
  };
  if (!r.deleted && r.content !== null) {
    out.content = r.content;
    out.htmlContent = escapeHtml(r.content);
  }
  if (r.action) out.action = r.action;
  return out;
}

function commentResource(s: DriveSession, c: CommentRow, includeDeleted: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    kind: 'drive#comment',
    id: c.id,
    createdTime: c.created_time,
    modifiedTime: c.modified_time,
    author: author(s, c.author_id),
    deleted: c.deleted === 1,
    resolved: c.resolved === 1,
  };
  // A deleted comment keeps its place but not its words.
  if (!c.deleted && c.content !== null) {
    out.content = c.content;
    out.htmlContent = escapeHtml(c.content);
  }
  if (c.anchor !== null) out.anchor = c.anchor;
  if (c.quoted_file_content !== null) out.quotedFileContent = JSON.parse(c.quoted_file_content) as unknown;
  out.replies = s.data.comments.replies(c.id, { includeDeleted, offset: 0, limit: -1 }).map((r) => replyResource(s, r));
  return out;
}

function parseBody(raw: unknown, writable: readonly string[]): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest('parseError', 'The request body must be a JSON object.');
  const body = raw as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    // A null clears, and clearing a field nobody writes changes nothing.
    if (key === 'kind' || body[key] === undefined || body[key] === null) continue;
    if (!writable.includes(key))
      throw new ApiError(
        403,
        'fieldNotWritable',
        `The resource body includes fields which are not directly writable: ${key}.`,
      );
  }
  return body;
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest('invalid', `${key} must be a string.`, key);
  return value;
}

/** The file, readable by the user; commenting needs commenter access. */
function fileFor(
  s: DriveSession,
  ctx: { readonly params: { readonly fileId: string } },
  forWriting: boolean,
): { file: FileRow; rank: number } {
  const found = s.requireFile(ctx.params.fileId);
  if (forWriting && !s.policyOf(found.file, found.rank).comment) {
    throw driveErrors.insufficientPermissions('The user does not have sufficient permissions to comment on this file.');
  }
  return found;
}

function requireComment(s: DriveSession, fileId: string, commentId: string): CommentRow {
  const c = s.data.comments.get(fileId, commentId);
  if (!c) throw driveErrors.commentNotFound(commentId);
  return c;
}

function requireReply(s: DriveSession, commentId: string, replyId: string): ReplyRow {
  const r = s.data.comments.reply(commentId, replyId);
  if (!r) throw driveErrors.replyNotFound(replyId);
  return r;
}

export function commentsCreate(state: DriveState, ctx: RequestContext<'DriveCommentsCreate'>): HandlerResult {
  requireFields(ctx);
  const s = new DriveSession(state, ctx);
  const body = parseBody(ctx.body, ['content', 'anchor', 'quotedFileContent']);
  const content = optionalString(body, 'content');
  if (!content) throw driveErrors.required('content', 'A comment needs content.');
  const anchor = optionalString(body, 'anchor');
  const quoted = body.quotedFileContent;
  if (quoted !== undefined && (quoted === null || typeof quoted !== 'object'))
    throw badRequest('invalid', 'quotedFileContent must be an object.', 'quotedFileContent');
  const comment = s.write(() => {
    const { file } = fileFor(s, ctx, true);
    const row: CommentRow = {
      id: newId(16),
      file_id: file.id,
      author_id: s.user.id,
      content,
      anchor: anchor ?? null,
      quoted_file_content: quoted === undefined ? null : JSON.stringify(quoted),
      created_time: s.nowIso,
      modified_time: s.nowIso,
      deleted: 0,
      resolved: 0,
    };
    s.data.comments.insert(row);
    return row;
  });
  return { body: commentResource(s, comment, false) };
}

export function commentsGet(state: DriveState, ctx: RequestContext<'DriveCommentsGet'>): HandlerResult {
  requireFields(ctx);
  const s = new DriveSession(state, ctx);
  const { file } = fileFor(s, ctx, false);
  const includeDeleted = ctx.params.includeDeleted;
  const c = requireComment(s, file.id, ctx.params.commentId);
  if (c.deleted && !includeDeleted) throw driveErrors.commentNotFound(c.id);
  return { body: commentResource(s, c, includeDeleted) };
}

export function commentsList(state: DriveState, ctx: RequestContext<'DriveCommentsList'>): HandlerResult {
  requireFields(ctx);
  const s = new DriveSession(state, ctx);
  const { file } = fileFor(s, ctx, false);
  const includeDeleted = ctx.params.includeDeleted;
  const start = ctx.params.startModifiedTime;
  const startIso = start ? new Date(start).toISOString() : undefined;
  const pageSize = ctx.params.pageSize ?? 20;
  const fingerprint = fingerprintOf('comments', file.id, includeDeleted, startIso, pageSize);
  const offset = decodePageToken(ctx.params.pageToken, fingerprint);
  const rows = s.data.comments.list(file.id, {
    includeDeleted,
    ...(startIso ? { startModifiedTime: startIso } : {}),
    offset,
    limit: pageSize + 1,
  });
  const out: Record<string, unknown> = { kind: 'drive#commentList' };
  if (rows.length > pageSize) out.nextPageToken = encodePageToken(offset + pageSize, fingerprint);
  out.comments = rows.slice(0, pageSize).map((c) => commentResource(s, c, includeDeleted));
  return { body: out };
}

export function commentsUpdate(state: DriveState, ctx: RequestContext<'DriveCommentsUpdate'>): HandlerResult {
  requireFields(ctx);
  const s = new DriveSession(state, ctx);
  const body = parseBody(ctx.body, ['content']);
  const content = optionalString(body, 'content');
  const comment = s.write(() => {
    const { file } = fileFor(s, ctx, true);
    const c = requireComment(s, file.id, ctx.params.commentId);
    if (c.deleted) throw driveErrors.commentNotFound(c.id);
    if (c.author_id !== s.user.id)
      throw forbidden('Only the author can edit a comment.', 'insufficientFilePermissions');
    if (content !== undefined) {
      if (content === '') throw driveErrors.required('content', 'A comment needs content.');
      s.data.comments.update(c.id, { content, modified_time: s.nowIso });
    }
    return s.data.comments.get(file.id, c.id)!;
  });
  return { body: commentResource(s, comment, false) };
}

export function commentsDelete(state: DriveState, ctx: RequestContext<'DriveCommentsDelete'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  s.write(() => {
    const { file, rank } = fileFor(s, ctx, true);
    const c = requireComment(s, file.id, ctx.params.commentId);
    if (c.deleted) throw driveErrors.commentNotFound(c.id);
    if (c.author_id !== s.user.id && rank < roleRank.writer)
      throw forbidden('Only the author or an editor can delete a comment.', 'insufficientFilePermissions');
    s.data.comments.update(c.id, { deleted: 1, content: null, modified_time: s.nowIso });
  });
  return { status: 204 };
}

export function repliesCreate(state: DriveState, ctx: RequestContext<'DriveRepliesCreate'>): HandlerResult {
  requireFields(ctx);
  const s = new DriveSession(state, ctx);
  const body = parseBody(ctx.body, ['content', 'action']);
  const content = optionalString(body, 'content');
  const action = optionalString(body, 'action');
  if (action !== undefined && action !== 'resolve' && action !== 'reopen')
    throw badRequest('invalid', "action must be 'resolve' or 'reopen'.", 'action');
  if (!content && !action) throw driveErrors.required('content', 'A reply needs content or an action.');
  const reply = s.write(() => {
    const { file } = fileFor(s, ctx, true);
    const c = requireComment(s, file.id, ctx.params.commentId);
    if (c.deleted) throw driveErrors.commentNotFound(c.id);
    const row: ReplyRow = {
      id: newId(16),
      comment_id: c.id,
      author_id: s.user.id,
      content: content ?? null,
      action: (action as ReplyRow['action']) ?? null,
      created_time: s.nowIso,
      modified_time: s.nowIso,
      deleted: 0,
    };
    s.data.comments.insertReply(row);
    // A comment's modifiedTime follows its replies; an action moves `resolved`.
    s.data.comments.update(c.id, {
      modified_time: s.nowIso,
      ...(action === 'resolve' ? { resolved: 1 } : action === 'reopen' ? { resolved: 0 } : {}),
    });
    return row;
  });
  return { body: replyResource(s, reply) };
}

export function repliesGet(state: DriveState, ctx: RequestContext<'DriveRepliesGet'>): HandlerResult {
  requireFields(ctx);
  const s = new DriveSession(state, ctx);
  const { file } = fileFor(s, ctx, false);
  const c = requireComment(s, file.id, ctx.params.commentId);
  const r = requireReply(s, c.id, ctx.params.replyId);
  if (r.deleted && !ctx.params.includeDeleted) throw driveErrors.replyNotFound(r.id);
  return { body: replyResource(s, r) };
}

export function repliesList(state: DriveState, ctx: RequestContext<'DriveRepliesList'>): HandlerResult {
  requireFields(ctx);
  const s = new DriveSession(state, ctx);
  const { file } = fileFor(s, ctx, false);
  const c = requireComment(s, file.id, ctx.params.commentId);
  const includeDeleted = ctx.params.includeDeleted;
  const pageSize = ctx.params.pageSize ?? 20;
  const fingerprint = fingerprintOf('replies', c.id, includeDeleted, pageSize);
  const offset = decodePageToken(ctx.params.pageToken, fingerprint);
  const rows = s.data.comments.replies(c.id, { includeDeleted, offset, limit: pageSize + 1 });
  const out: Record<string, unknown> = { kind: 'drive#replyList' };
  if (rows.length > pageSize) out.nextPageToken = encodePageToken(offset + pageSize, fingerprint);
  out.replies = rows.slice(0, pageSize).map((r) => replyResource(s, r));
  return { body: out };
}

export function repliesUpdate(state: DriveState, ctx: RequestContext<'DriveRepliesUpdate'>): HandlerResult {
  requireFields(ctx);
  const s = new DriveSession(state, ctx);
  const body = parseBody(ctx.body, ['content']);
  const content = optionalString(body, 'content');
  const reply = s.write(() => {
    const { file } = fileFor(s, ctx, true);
    const c = requireComment(s, file.id, ctx.params.commentId);
    const r = requireReply(s, c.id, ctx.params.replyId);
    if (r.deleted) throw driveErrors.replyNotFound(r.id);
    if (r.author_id !== s.user.id) throw forbidden('Only the author can edit a reply.', 'insufficientFilePermissions');
    if (content !== undefined) {
      if (content === '' && !r.action) throw driveErrors.required('content', 'A reply needs content or an action.');
      s.data.comments.updateReply(r.id, { content, modified_time: s.nowIso });
      s.data.comments.update(c.id, { modified_time: s.nowIso });
    }
    return s.data.comments.reply(c.id, r.id)!;
  });
  return { body: replyResource(s, reply) };
}

export function repliesDelete(state: DriveState, ctx: RequestContext<'DriveRepliesDelete'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  s.write(() => {
    const { file, rank } = fileFor(s, ctx, true);
    const c = requireComment(s, file.id, ctx.params.commentId);
    const r = requireReply(s, c.id, ctx.params.replyId);
    if (r.deleted) throw driveErrors.replyNotFound(r.id);
    if (r.author_id !== s.user.id && rank < roleRank.writer)
      throw forbidden('Only the author or an editor can delete a reply.', 'insufficientFilePermissions');
    s.data.comments.updateReply(r.id, { deleted: 1, content: null, modified_time: s.nowIso });
    s.data.comments.update(c.id, { modified_time: s.nowIso });
  });
  return { status: 204 };
}

export const commentsHandlers = defineHandlers<DriveState>({
  DriveCommentsGet: (ctx, state) => commentsGet(state, ctx),
  DriveCommentsList: (ctx, state) => commentsList(state, ctx),
  DriveCommentsCreate: (ctx, state) => commentsCreate(state, ctx),
  DriveCommentsUpdate: (ctx, state) => commentsUpdate(state, ctx),
  DriveCommentsDelete: (ctx, state) => commentsDelete(state, ctx),
  DriveRepliesGet: (ctx, state) => repliesGet(state, ctx),
  DriveRepliesList: (ctx, state) => repliesList(state, ctx),
  DriveRepliesCreate: (ctx, state) => repliesCreate(state, ctx),
  DriveRepliesUpdate: (ctx, state) => repliesUpdate(state, ctx),
  DriveRepliesDelete: (ctx, state) => repliesDelete(state, ctx),
});
