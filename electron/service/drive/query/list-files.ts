import { badRequest } from '../../http/api-error';
import type { FileRow } from '../domain/files-repository';
import { principalsOf } from '../domain/roles';
import { driveErrors } from '../domain/errors';
import type { DriveSession } from '../domain/session';
import type { QueryNode } from './ast';
import { compileFileQuery, requiredParents, usesFullText } from './compile';
import { QuerySyntaxError } from './lexer';
import { compileOrderBy } from './order-by';
import { decodePageToken, encodePageToken, fingerprintOf } from './page-token';
import { parseQuery } from './parser';

export interface ListFilesRequest {
  q?: string;
  orderBy?: string;
  pageSize: number;
  pageToken?: string;
  corpora?: string;
  driveId?: string;
  spaces: string;
}

const validSpaces = new Set(['drive', 'appDataFolder', 'photos']);
const maxPageSize = 1000;

/** Runs a step of reading `q`, answering its syntax errors as 400 invalid on `q`. */
function readingQuery<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw badRequest('invalid', `Invalid Value: ${error.message}`, 'q');
    throw error;
  }
}

export function parseDriveQuery(q: string): QueryNode {
  return readingQuery(() => parseQuery(q));
}

/**
 * Runs a files search as one SQL statement: the user's visibility, the corpus and spaces, the
 * compiled query, the order and the page. When the query pins a folder (`'<id>' in parents`) and
 * the user can read that folder, visibility is implied for its content (it inherits the
 * folder's access), so the listing walks the folder's index in order.
 */
export function listFiles(s: DriveSession, request: ListFilesRequest): { files: FileRow[]; nextPageToken?: string } {
  const pageSize = Math.min(Math.max(request.pageSize, 1), maxPageSize);
  const spaces = request.spaces
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const space of spaces)
    if (!validSpaces.has(space)) throw driveErrors.invalid('spaces', `Invalid Value: unknown space '${space}'`);
  const corpora = request.corpora ?? (request.driveId ? 'drive' : 'user');
  if (corpora === 'drive' && !request.driveId)
    throw badRequest(
      'badRequest',
      'The driveId parameter must be specified if and only if corpora is set to drive.',
      'driveId',
    );
  if (request.driveId && corpora !== 'drive')
    throw badRequest(
      'badRequest',
      'The driveId parameter must be specified if and only if corpora is set to drive.',
      'corpora',
    );

  const node = request.q ? parseDriveQuery(request.q) : undefined;
  const [userPrincipal, domainPrincipal, anyone] = principalsOf(s.user);
  const where: string[] = [];
  const params: unknown[] = [];
  if (node && request.orderBy && usesFullText(node)) {
    throw badRequest(
      'badRequest',
      'Sorting is not supported for queries with fullText terms. Results are always in descending relevance order.',
      'orderBy',
    );
  }

  const pinned = node ? requiredParents(node).map((id) => s.resolveId(id)) : [];
  const pinnedReadable = pinned.length > 0 && pinned.every((id) => s.rankOf(id) > 0);
  if (pinned.length > 0 && !pinnedReadable) return { files: [] };

  where.push('f.root_kind IS NULL');
  where.push(`f.space IN (${spaces.map(() => '?').join(', ')})`);
  params.push(...spaces);
  if (!pinnedReadable) {
    where.push(
      `EXISTS (SELECT 1 FROM drive_access a WHERE a.file_id = f.id AND a.principal IN (?, ?, ?) AND a.discoverable = 1 AND (a.expires IS NULL OR a.expires > ?))`,
    );
    params.push(userPrincipal, domainPrincipal, anyone, s.nowIso);
    if (corpora === 'drive') {
      where.push('f.drive_id = ?');
      params.push(request.driveId);
    } else if (corpora === 'user' || corpora === 'domain') {
      where.push('f.drive_id IS NULL');
    }
  }
  // Others never see an owner's trash in My Drive.
  where.push('(f.trashed = 0 OR f.owner_id = ? OR f.drive_id IS NOT NULL)');
  params.push(s.user.id);
  if (node) {
    const compiled = readingQuery(() =>
      compileFileQuery(node, { userId: s.user.id, userPrincipal, resolveId: (id) => s.resolveId(id) }),
    );
    where.push(compiled.sql);
    params.push(...compiled.params);
  }
  const order = compileOrderBy(request.orderBy ?? 'modifiedTime desc', s.user);
  const fingerprint = fingerprintOf(s.user.id, request.q, request.orderBy, corpora, request.driveId, spaces);
  const offset = decodePageToken(request.pageToken, fingerprint);
  const sql = `SELECT f.* FROM drive_files f WHERE ${where.join(' AND ')} ORDER BY ${order.sql} LIMIT ? OFFSET ?`;
  const rows = s.service.store.prepare<unknown[], FileRow>(sql).all(...params, ...order.params, pageSize + 1, offset);
  const more = rows.length > pageSize;
  const page = more ? rows.slice(0, pageSize) : rows;
  return {
    files: page,
    ...(more ? { nextPageToken: encodePageToken(offset + pageSize, fingerprint) } : {}),
  };
}
