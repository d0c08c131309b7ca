import type { Resource } from './mirror-store';

/**
 * Drive's search language (`q` of files.list) over mirrored file metadata: `and`, `or`, `not`,
 * parentheses, `'<id>' in parents`, `'<email>'|'me' in owners`, `sharedWithMe`, `name`/`fullText
 * contains`, comparisons of `name`, `mimeType`, `trashed`, `starred`, `hidden`, and of the times
 * (`modifiedTime`, `viewedByMeTime`, `createdTime`, `sharedWithMeTime`). Anything else is refused
 * with `UnsupportedQuery`, and the read goes to the network instead.
 */
export class UnsupportedQuery extends Error {}

type Token = { kind: 'string'; value: string } | { kind: 'word'; value: string } | { kind: 'op'; value: string };

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      let value = '';
      i++;
      while (i < q.length && q[i] !== c) {
        if (q[i] === '\\' && i + 1 < q.length) i++;
        value += q[i];
        i++;
      }
      if (i >= q.length) throw new UnsupportedQuery('Unterminated string');
      i++;
      tokens.push({ kind: 'string', value });
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: 'op', value: c });
      i++;
    } else if (/[=!<>]/.test(c)) {
      const two = q.slice(i, i + 2);
      const op = ['!=', '<=', '>='].includes(two) ? two : c;
      tokens.push({ kind: 'op', value: op });
      i += op.length;
    } else {
      let word = '';
      while (i < q.length && /[A-Za-z0-9_.]/.test(q[i]!)) word += q[i++];
      if (!word) throw new UnsupportedQuery(`Unexpected ${c}`);
      tokens.push({ kind: 'word', value: word });
    }
  }
  return tokens;
}

export interface QueryContext {
  /** The id `root` stands for (My Drive's root folder). */
  readonly rootId?: string;
}

type Predicate = (file: Resource) => boolean;

const timeFields = new Set(['modifiedTime', 'viewedByMeTime', 'createdTime', 'sharedWithMeTime']);

function compare(left: unknown, op: string, right: string | boolean): boolean {
  if (typeof right === 'boolean') {
    const value = left === true;
    if (op === '=') return value === right;
    if (op === '!=') return value !== right;
    throw new UnsupportedQuery(`${op} on a boolean`);
  }
  const value = typeof left === 'string' ? left : undefined;
  switch (op) {
    case '=':
      return value === right;
    case '!=':
      return value !== right;
    case '<':
      return value !== undefined && Date.parse(value) < Date.parse(right);
    case '<=':
      return value !== undefined && Date.parse(value) <= Date.parse(right);
    case '>':
      return value !== undefined && Date.parse(value) > Date.parse(right);
    case '>=':
      return value !== undefined && Date.parse(value) >= Date.parse(right);
    default:
      throw new UnsupportedQuery(`Operator ${op}`);
  }
}

export function compileDriveQuery(q: string, context: QueryContext = {}): Predicate {
  const tokens = tokenize(q);
  let at = 0;
  const peek = (): Token | undefined => tokens[at];
  const isWord = (value: string): boolean => {
    const token = peek();
    return token?.kind === 'word' && token.value.toLowerCase() === value;
  };

  function or(): Predicate {
    const parts = [and()];
    while (isWord('or')) {
      at++;
      parts.push(and());
    }
    return parts.length === 1 ? parts[0]! : (file) => parts.some((p) => p(file));
  }
  function and(): Predicate {
    const parts = [unary()];
    while (isWord('and')) {
      at++;
      parts.push(unary());
    }
    return parts.length === 1 ? parts[0]! : (file) => parts.every((p) => p(file));
  }
  function unary(): Predicate {
    if (isWord('not')) {
      at++;
      const inner = unary();
      return (file) => !inner(file);
    }
    const token = peek();
    if (token?.kind === 'op' && token.value === '(') {
      at++;
      const inner = or();
      const close = tokens[at++];
      if (close?.kind !== 'op' || close.value !== ')') throw new UnsupportedQuery('Missing )');
      return inner;
    }
    return term();
  }
  function term(): Predicate {
    const first = tokens[at++];
    if (!first) throw new UnsupportedQuery('Unexpected end');
    if (first.kind === 'string') {
      if (!isWord('in')) throw new UnsupportedQuery('Expected in');
      at++;
      const field = tokens[at++];
      if (field?.kind !== 'word') throw new UnsupportedQuery('Expected a field');
      const value = first.value;
      if (field.value === 'parents') {
        const id = value === 'root' ? (context.rootId ?? 'root') : value;
        return (file) => Array.isArray(file.parents) && (file.parents as unknown[]).includes(id);
      }
      if (field.value === 'owners') {
        return (file) =>
          value === 'me'
            ? file.ownedByMe === true
            : Array.isArray(file.owners) &&
              (file.owners as { emailAddress?: string }[]).some((o) => o.emailAddress === value);
      }
      throw new UnsupportedQuery(`in ${field.value}`);
    }
    if (first.kind !== 'word') throw new UnsupportedQuery(`Unexpected ${first.value}`);
    const field = first.value;
    if (field === 'sharedWithMe') return (file) => typeof file.sharedWithMeTime === 'string';
    const opToken = tokens[at++];
    if (!opToken) throw new UnsupportedQuery('Unexpected end');
    if (opToken.kind === 'word' && opToken.value === 'contains') {
      const value = tokens[at++];
      if (value?.kind !== 'string') throw new UnsupportedQuery('Expected a string');
      const needle = value.value.toLowerCase();
      if (field === 'name')
        return (file) =>
          String(file.name ?? '')
            .toLowerCase()
            .includes(needle);
      if (field === 'fullText')
        return (file) => `${String(file.name ?? '')} ${String(file.description ?? '')}`.toLowerCase().includes(needle);
      if (field === 'mimeType') return (file) => String(file.mimeType ?? '').includes(value.value);
      throw new UnsupportedQuery(`${field} contains`);
    }
    if (opToken.kind !== 'op') throw new UnsupportedQuery(`Unexpected ${opToken.value}`);
    const valueToken = tokens[at++];
    if (!valueToken) throw new UnsupportedQuery('Unexpected end');
    if (['trashed', 'starred', 'hidden'].includes(field)) {
      if (valueToken.kind !== 'word' || !['true', 'false'].includes(valueToken.value))
        throw new UnsupportedQuery(`${field} takes true or false`);
      const flag = valueToken.value === 'true';
      return (file) => compare(file[field], opToken.value, flag);
    }
    if (valueToken.kind !== 'string') throw new UnsupportedQuery('Expected a string');
    if (field === 'name' || field === 'mimeType' || timeFields.has(field))
      return (file) => compare(file[field], opToken.value, valueToken.value);
    throw new UnsupportedQuery(`Field ${field}`);
  }

  const predicate = or();
  if (at !== tokens.length) throw new UnsupportedQuery('Unexpected trailing input');
  return predicate;
}

const folderMime = 'application/vnd.google-apps.folder';

/** Drive's `orderBy` (`folder,name desc,modifiedTime`) as a comparator. */
export function driveOrder(orderBy: string | undefined): (a: Resource, b: Resource) => number {
  const keys = (orderBy ?? 'folder,name')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = '', direction] = part.split(/\s+/);
      return { name, desc: direction?.toLowerCase() === 'desc' };
    });
  return (a, b) => {
    for (const { name, desc } of keys) {
      let diff: number;
      if (name === 'folder') diff = Number(b.mimeType === folderMime) - Number(a.mimeType === folderMime);
      else if (name === 'starred') diff = Number(b.starred === true) - Number(a.starred === true);
      else if (name === 'quotaBytesUsed') diff = Number(a.quotaBytesUsed ?? 0) - Number(b.quotaBytesUsed ?? 0);
      else if (name === 'name' || name === 'name_natural')
        diff = String(a.name ?? '').localeCompare(String(b.name ?? ''), undefined, {
          numeric: name === 'name_natural',
        });
      else diff = String(a[name] ?? '').localeCompare(String(b[name] ?? ''));
      if (name !== 'folder' && desc) diff = -diff;
      if (diff !== 0) return diff;
    }
    return String(a.id).localeCompare(String(b.id));
  };
}
