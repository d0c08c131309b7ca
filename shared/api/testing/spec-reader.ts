/**
 * Reads the operation tables of docs/spec/{calendar,tasks,drive}.md, so tests can hold the
 * registry against the specs themselves rather than against a second hand-written list.
 */

export interface SpecParam {
  readonly name: string;
  /** Marked `*` in the spec. */
  readonly required: boolean;
  /** `default <value>` stated for the parameter (numbers and true/false only). */
  readonly default?: number | boolean;
  /** `max <n>` stated for the parameter. */
  readonly maximum?: number;
}

export interface SpecOperation {
  readonly name: string;
  readonly method: string;
  readonly params: readonly SpecParam[];
  /** Marked `(D)`: takes the deprecated compatibility parameters of drive.md §2.9. */
  readonly takesCompatParams: boolean;
}

const OPERATION_ROW = /^\| ((?:Calendar|Tasks|Drive)[A-Za-z]+) \| (GET|POST|PUT|PATCH|DELETE) \| ([^|]*) \|/gm;
const LEGACY_SENTENCE = /\b(DriveTeamdrives[A-Za-z]+) (GET|POST|PUT|PATCH|DELETE) \(([^)]*)\)/g;
const PARAM_ITEM = /^([a-z][A-Za-z]*)(\*)?(?: \((.*)\))?$/s;

/** Splits at commas and semicolons outside parentheses. */
function splitItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if ((ch === ',' || ch === ';') && depth === 0) {
      items.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  items.push(current.trim());
  return items.filter((item) => item !== '');
}

function limitsOf(details: string): { default?: number | boolean; maximum?: number } {
  const limits: { default?: number | boolean; maximum?: number } = {};
  const byDefault = /\bdefault (true|false|\d+)\b/.exec(details);
  if (byDefault?.[1] !== undefined) {
    limits.default = byDefault[1] === 'true' ? true : byDefault[1] === 'false' ? false : Number(byDefault[1]);
  }
  const max = /\bmax (\d+)\b/.exec(details);
  if (max?.[1] !== undefined) limits.maximum = Number(max[1]);
  return limits;
}

function parseParam(item: string): SpecParam | null {
  const m = PARAM_ITEM.exec(item);
  if (!m || m[1] === 'none' || m[1] === undefined) return null;
  return { name: m[1], required: m[2] === '*', ...limitsOf(m[3] ?? '') };
}

/** The comma list after `<label> parameters:` at the start of a line. */
function namedList(markdown: string, label: string): string[] {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^${escaped} parameters: (.*)$`, 'im').exec(markdown);
  if (!m?.[1]) throw new Error(`spec has no "${label} parameters:" line`);
  return splitItems(m[1].replace(/\.$/, ''));
}

/** Parameters of the table introduced by `<label> parameters (...):` (first column names, third column rule). */
function namedTable(markdown: string, label: string): SpecParam[] {
  const start = markdown.search(new RegExp(`^${label} parameters\\b.*:$`, 'im'));
  if (start < 0) throw new Error(`spec has no "${label} parameters" table`);
  const params: SpecParam[] = [];
  const lines = markdown.slice(start).split('\n').slice(1);
  for (const line of lines) {
    if (line.trim() === '') {
      if (params.length > 0) break;
      continue;
    }
    const cells = line.split('|').map((c) => c.trim());
    const [, names, , rule] = cells;
    if (!names || names === 'Parameter' || /^-+$/.test(names)) continue;
    for (const name of names.split(',').map((n) => n.trim())) {
      params.push({ name, required: false, ...limitsOf(rule ?? '') });
    }
  }
  return params;
}

export function readSpecOperations(markdown: string): SpecOperation[] {
  const rows: { name: string; method: string; items: string[] }[] = [];
  for (const m of markdown.matchAll(OPERATION_ROW)) {
    rows.push({ name: m[1] as string, method: m[2] as string, items: splitItems(m[3] as string) });
  }
  for (const m of markdown.matchAll(LEGACY_SENTENCE)) {
    rows.push({ name: m[1] as string, method: m[2] as string, items: splitItems(m[3] as string) });
  }

  const resolved = new Map<string, SpecOperation>();
  const resolve = (name: string, seen: Set<string> = new Set()): SpecOperation => {
    const done = resolved.get(name);
    if (done) return done;
    const row = rows.find((r) => r.name === name);
    if (!row || seen.has(name)) throw new Error(`cannot resolve spec operation ${name}`);
    seen.add(name);
    const params: SpecParam[] = [];
    let takesCompatParams = false;
    for (const item of row.items) {
      const param = parseParam(item);
      if (param) {
        params.push(param);
        continue;
      }
      let m: RegExpExecArray | null;
      if (item === '(D)') {
        takesCompatParams = true;
      } else if ((m = /^(?:plus )?(.+) list parameters$/i.exec(item))) {
        const label = `${m[1]} list`;
        const list = /^event list$/i.test(label)
          ? namedTable(markdown, 'Event list')
          : namedList(markdown, label).map(parseParam);
        for (const p of list) if (p) params.push(p);
      } else if (item === 'see below') {
        const list = namedList(markdown, row.name);
        for (const p of list.map(parseParam)) if (p) params.push(p);
        takesCompatParams ||= list.includes('(D)');
      } else if ((m = /^same as (\S+)$/.exec(item))) {
        const target = m[1] === 'update' ? row.name.replace(/[A-Z][a-z]+$/, 'Update') : (m[1] as string);
        const other = resolve(target, seen);
        params.push(...other.params);
        takesCompatParams ||= other.takesCompatParams;
      }
      // Anything else ("none", "patch semantics", "body team drive", ...) names no parameter.
    }
    const op = { name: row.name, method: row.method, params, takesCompatParams };
    resolved.set(name, op);
    return op;
  };
  return rows.map((row) => resolve(row.name));
}
