import { driveErrors } from '../domain/errors';

export interface CompiledOrder {
  sql: string;
  params: unknown[];
}

type KeySql = { asc: string; desc: string; params?: 'user' | 'email' | 'userTwice' };

const userState = (column: string) =>
  `(SELECT ${column} FROM drive_file_user_state WHERE file_id = f.id AND user_id = ?)`;

/** SQL per orderBy key. "Ascending" for folder and starred puts folders / starred items first, as Drive does. */
const keys: Record<string, KeySql> = {
  folder: { asc: 'f.is_folder DESC', desc: 'f.is_folder ASC' },
  name: { asc: 'f.name COLLATE NOCASE ASC', desc: 'f.name COLLATE NOCASE DESC' },
  name_natural: { asc: 'f.name_natural ASC', desc: 'f.name_natural DESC' },
  createdTime: { asc: 'f.created_time ASC', desc: 'f.created_time DESC' },
  modifiedTime: { asc: 'f.modified_time ASC', desc: 'f.modified_time DESC' },
  quotaBytesUsed: { asc: 'f.quota_bytes ASC', desc: 'f.quota_bytes DESC' },
  starred: {
    asc: `COALESCE(${userState('starred')}, 0) DESC`,
    desc: `COALESCE(${userState('starred')}, 0) ASC`,
    params: 'user',
  },
  viewedByMeTime: { asc: `${userState('viewed_time')} ASC`, desc: `${userState('viewed_time')} DESC`, params: 'user' },
  modifiedByMeTime: {
    asc: `${userState('modified_by_me_time')} ASC`,
    desc: `${userState('modified_by_me_time')} DESC`,
    params: 'user',
  },
  sharedWithMeTime: {
    asc: `(SELECT MIN(created_time) FROM drive_permissions WHERE file_id = f.id AND type = 'user' AND email = ? AND role != 'owner') ASC`,
    desc: `(SELECT MIN(created_time) FROM drive_permissions WHERE file_id = f.id AND type = 'user' AND email = ? AND role != 'owner') DESC`,
    params: 'email',
  },
  // The latest of the file's own modification and the asker's own viewing and modifying.
  recency: {
    asc: `MAX(f.modified_time, COALESCE(${userState('viewed_time')}, ''), COALESCE(${userState('modified_by_me_time')}, '')) ASC`,
    desc: `MAX(f.modified_time, COALESCE(${userState('viewed_time')}, ''), COALESCE(${userState('modified_by_me_time')}, '')) DESC`,
    params: 'userTwice',
  },
};

export const orderByKeys = Object.keys(keys);

/** Parses `orderBy` (`folder,name desc,...`) into ORDER BY SQL, always ending with the id for a stable order. */
export function compileOrderBy(orderBy: string, user: { id: string; email: string }): CompiledOrder {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const raw of orderBy.split(',')) {
    const words = raw.trim().split(/\s+/).filter(Boolean);
    const [key, direction, extra] = words;
    // Own keys only: `__proto__` or `constructor` is an unknown key, not a property of every object.
    const spec = key && Object.hasOwn(keys, key) ? keys[key] : undefined;
    if (
      !spec ||
      extra !== undefined ||
      (direction !== undefined && direction.toLowerCase() !== 'desc' && direction.toLowerCase() !== 'asc')
    ) {
      throw driveErrors.invalid(
        'orderBy',
        `Invalid Value: orderBy key '${raw.trim()}' (keys: ${orderByKeys.join(', ')}, each optionally followed by desc)`,
      );
    }
    parts.push(direction?.toLowerCase() === 'desc' ? spec.desc : spec.asc);
    if (spec.params === 'user') params.push(user.id);
    if (spec.params === 'userTwice') params.push(user.id, user.id);
    if (spec.params === 'email') params.push(user.email);
  }
  parts.push('f.id ASC');
  return { sql: parts.join(', '), params };
}
