import { roleRank } from '../domain/roles';
import type { ComparisonTerm, Literal, QueryNode } from './ast';
import { QuerySyntaxError } from './lexer';

/** What compiling needs to know about the asker. */
export interface FileQueryScope {
  userId: string;
  /** `user:<email>` of the asker. */
  userPrincipal: string;
  /** Resolves aliases such as `root`. */
  resolveId(id: string): string;
}

export interface CompiledWhere {
  sql: string;
  params: unknown[];
}

const timeFields = new Set(['modifiedTime', 'createdTime', 'viewedByMeTime', 'sharedWithMeTime', 'modifiedByMeTime']);
const comparisonOps = new Set(['=', '!=', '<', '<=', '>', '>=']);

/** `'2012-06-04T12:00:00'` (no zone means UTC) or a full RFC 3339 time, as the stored ISO form. */
export function normalizeTime(value: Literal, pos: number): string {
  if (typeof value !== 'string') throw new QuerySyntaxError(pos, 'expected a quoted date-time');
  const m = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(value);
  if (!m) throw new QuerySyntaxError(pos, `'${value}' is not an RFC 3339 date-time`);
  const withZone = m[4] ? value : `${value}${m[1] ? '' : 'T00:00:00'}Z`;
  const time = Date.parse(withZone);
  if (Number.isNaN(time)) throw new QuerySyntaxError(pos, `'${value}' is not a valid date-time`);
  return new Date(time).toISOString();
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/** FTS5 phrase for `fullText contains`: the whole value as one quoted phrase. */
function ftsPhrase(value: string): string {
  return '"' + value.replace(/"/g, '""') + '"';
}

function requireOp(t: ComparisonTerm, allowed: readonly string[]): void {
  if (!allowed.includes(t.op)) {
    throw new QuerySyntaxError(t.pos, `operator '${t.op}' is not supported for ${t.field} (use ${allowed.join(', ')})`);
  }
}

function requireBoolean(t: ComparisonTerm): number {
  if (typeof t.value !== 'boolean') throw new QuerySyntaxError(t.pos, `${t.field} compares with true or false`);
  return t.value ? 1 : 0;
}

function requireString(t: { value: Literal; pos: number; field?: string }): string {
  if (typeof t.value !== 'string') throw new QuerySyntaxError(t.pos, 'expected a quoted string');
  return t.value;
}

const userState = (column: string) =>
  `(SELECT ${column} FROM drive_file_user_state WHERE file_id = f.id AND user_id = ?)`;
const sharedWithMeTimeSql = `(SELECT MIN(created_time) FROM drive_permissions WHERE file_id = f.id AND type = 'user' AND email = ? AND role != 'owner')`;

/** Translates a parsed files query into a parameterised SQL condition over `drive_files f`. */
export function compileFileQuery(node: QueryNode, scope: FileQueryScope): CompiledWhere {
  const params: unknown[] = [];
  const email = scope.userPrincipal.slice('user:'.length);

  const visit = (n: QueryNode): string => {
    switch (n.kind) {
      case 'and':
        return '(' + n.items.map(visit).join(' AND ') + ')';
      case 'or':
        return '(' + n.items.map(visit).join(' OR ') + ')';
      case 'not':
        return `(NOT ${visit(n.item)})`;
      case 'flag':
        if (n.field !== 'sharedWithMe') throw new QuerySyntaxError(n.pos, `'${n.field}' needs an operator and a value`);
        return sharedWithMe();
      case 'has':
        params.push(n.collection === 'properties' ? 'public' : 'app', n.key, n.value);
        return 'EXISTS (SELECT 1 FROM drive_file_properties p WHERE p.file_id = f.id AND p.visibility = ? AND p.key = ? AND p.value = ?)';
      case 'in':
        return membership(n.value, n.collection, n.pos);
      case 'compare':
        return compare(n);
    }
  };

  const sharedWithMe = (): string => {
    params.push(scope.userPrincipal, roleRank.owner);
    return 'EXISTS (SELECT 1 FROM drive_access a WHERE a.file_id = f.id AND a.principal = ? AND a.inherited = 0 AND a.rank < ?)';
  };

  const membership = (value: string, collection: string, pos: number): string => {
    switch (collection) {
      case 'parents':
        params.push(scope.resolveId(value));
        return 'f.parent_id = ?';
      case 'owners':
        params.push(value);
        return 'f.owner_id = (SELECT user_id FROM drive_users WHERE email = ?)';
      case 'writers':
        params.push(`user:${value.toLowerCase()}`, roleRank.writer, roleRank.organizer);
        return 'EXISTS (SELECT 1 FROM drive_access a WHERE a.file_id = f.id AND a.principal = ? AND a.rank BETWEEN ? AND ?)';
      case 'readers':
        params.push(`user:${value.toLowerCase()}`, roleRank.reader, roleRank.commenter);
        return 'EXISTS (SELECT 1 FROM drive_access a WHERE a.file_id = f.id AND a.principal = ? AND a.rank BETWEEN ? AND ?)';
      default:
        throw new QuerySyntaxError(pos, `'in' applies to parents, owners, writers or readers, not ${collection}`);
    }
  };

  const compare = (t: ComparisonTerm): string => {
    switch (t.field) {
      case 'name': {
        requireOp(t, ['=', '!=', 'contains']);
        const value = requireString(t);
        if (t.op === 'contains') {
          // Drive matches name terms by prefix of the name or of one of its words.
          const v = likeEscape(value);
          params.push(`${v}%`, `% ${v}%`, `%.${v}%`, `%-${v}%`, `%\\_${v}%`, `%(${v}%`);
          return "(f.name LIKE ? ESCAPE '\\' OR f.name LIKE ? ESCAPE '\\' OR f.name LIKE ? ESCAPE '\\' OR f.name LIKE ? ESCAPE '\\' OR f.name LIKE ? ESCAPE '\\' OR f.name LIKE ? ESCAPE '\\')";
        }
        params.push(value);
        return `f.name ${t.op} ?`;
      }
      case 'fullText': {
        requireOp(t, ['contains']);
        params.push(ftsPhrase(requireString(t)));
        return 'f.seq IN (SELECT rowid FROM drive_fulltext WHERE drive_fulltext MATCH ?)';
      }
      case 'mimeType': {
        requireOp(t, ['=', '!=', 'contains']);
        const value = requireString(t);
        if (t.op === 'contains') {
          params.push(`%${likeEscape(value)}%`);
          return "f.mime_type LIKE ? ESCAPE '\\'";
        }
        params.push(value);
        return `f.mime_type ${t.op} ?`;
      }
      case 'trashed':
        requireOp(t, ['=', '!=']);
        params.push(requireBoolean(t));
        return `f.trashed ${t.op} ?`;
      case 'starred':
        requireOp(t, ['=', '!=']);
        params.push(scope.userId, requireBoolean(t));
        return `COALESCE(${userState('starred')}, 0) ${t.op} ?`;
      case 'sharedWithMe': {
        requireOp(t, ['=', '!=']);
        const positive = (requireBoolean(t) === 1) === (t.op === '=');
        const sql = sharedWithMe();
        return positive ? sql : `(NOT ${sql})`;
      }
      case 'visibility':
        requireOp(t, ['=', '!=']);
        return visibility(t);
      default:
        if (timeFields.has(t.field)) {
          if (!comparisonOps.has(t.op))
            throw new QuerySyntaxError(t.pos, `operator '${t.op}' is not supported for ${t.field}`);
          const time = normalizeTime(t.value, t.pos);
          const column =
            t.field === 'modifiedTime'
              ? 'f.modified_time'
              : t.field === 'createdTime'
                ? 'f.created_time'
                : t.field === 'viewedByMeTime'
                  ? (params.push(scope.userId), userState('viewed_time'))
                  : t.field === 'modifiedByMeTime'
                    ? (params.push(scope.userId), userState('modified_by_me_time'))
                    : (params.push(email), sharedWithMeTimeSql);
          params.push(time);
          return `${column} ${t.op} ?`;
        }
        throw new QuerySyntaxError(t.pos, `unknown field '${t.field}'`);
    }
  };

  const visibility = (t: ComparisonTerm): string => {
    const value = requireString(t);
    const anyone = (discoverable: number) =>
      `EXISTS (SELECT 1 FROM drive_access a WHERE a.file_id = f.id AND a.principal = 'anyone' AND a.discoverable = ${discoverable})`;
    const domain = (discoverable: number) =>
      `EXISTS (SELECT 1 FROM drive_access a WHERE a.file_id = f.id AND a.principal LIKE 'domain:%' AND a.discoverable = ${discoverable})`;
    let sql: string;
    switch (value) {
      case 'anyoneCanFind':
        sql = anyone(1);
        break;
      case 'anyoneWithLink':
        sql = anyone(0);
        break;
      case 'domainCanFind':
        sql = domain(1);
        break;
      case 'domainWithLink':
        sql = domain(0);
        break;
      case 'limited':
        sql = `NOT EXISTS (SELECT 1 FROM drive_access a WHERE a.file_id = f.id AND (a.principal = 'anyone' OR a.principal LIKE 'domain:%'))`;
        break;
      default:
        throw new QuerySyntaxError(t.pos, `unknown visibility '${value}'`);
    }
    return t.op === '=' ? sql : `(NOT ${sql})`;
  };

  const sql = visit(node);
  return { sql, params };
}

/** True when the query uses `fullText` anywhere (such queries cannot be sorted). */
export function usesFullText(node: QueryNode): boolean {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.items.some(usesFullText);
    case 'not':
      return usesFullText(node.item);
    case 'compare':
      return node.field === 'fullText';
    default:
      return false;
  }
}

/** The folder ids a query requires the result to be in (a top-level `'<id>' in parents` conjunct). */
export function requiredParents(node: QueryNode): string[] {
  if (node.kind === 'in' && node.collection === 'parents') return [node.value];
  if (node.kind === 'and')
    return node.items.flatMap((i) => (i.kind === 'in' && i.collection === 'parents' ? [i.value] : []));
  return [];
}
