/** A token of Drive's search query language, with where it starts (0-based) for error messages. */
export type Token =
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'number'; value: number; pos: number }
  | { kind: 'word'; value: string; pos: number }
  | { kind: 'op'; value: '=' | '!=' | '<' | '<=' | '>' | '>='; pos: number }
  | { kind: 'punct'; value: '(' | ')' | '{' | '}' | ','; pos: number }
  | { kind: 'end'; pos: number };

export class QuerySyntaxError extends Error {
  constructor(
    readonly position: number,
    readonly detail: string,
  ) {
    super(`Invalid query at position ${position}: ${detail}`);
  }
}

/** Splits a query into tokens. Strings are single-quoted with `\'` and `\\` escapes. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === "'" || c === '"') {
      const quote = c;
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new QuerySyntaxError(start, 'unterminated string');
        const d = text[i]!;
        if (d === '\\') {
          const next = text[i + 1];
          if (next === undefined) throw new QuerySyntaxError(i, 'unterminated escape');
          value += next;
          i += 2;
          continue;
        }
        if (d === quote) {
          i++;
          break;
        }
        value += d;
        i++;
      }
      tokens.push({ kind: 'string', value, pos: start });
      continue;
    }
    if ('(){},'.includes(c)) {
      tokens.push({ kind: 'punct', value: c as '(' | ')' | '{' | '}' | ',', pos: start });
      i++;
      continue;
    }
    if (c === '=') {
      tokens.push({ kind: 'op', value: '=', pos: start });
      i++;
      continue;
    }
    if (c === '!' || c === '<' || c === '>') {
      const two = text.slice(i, i + 2);
      if (two === '!=' || two === '<=' || two === '>=') {
        tokens.push({ kind: 'op', value: two, pos: start });
        i += 2;
        continue;
      }
      if (c === '!') throw new QuerySyntaxError(start, "expected '!='");
      tokens.push({ kind: 'op', value: c as '<' | '>', pos: start });
      i++;
      continue;
    }
    if (/[0-9-]/.test(c)) {
      const m = /^-?\d+(\.\d+)?/.exec(text.slice(i));
      if (m) {
        tokens.push({ kind: 'number', value: Number(m[0]), pos: start });
        i += m[0].length;
        continue;
      }
    }
    if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(i))!;
      tokens.push({ kind: 'word', value: m[0], pos: start });
      i += m[0].length;
      continue;
    }
    throw new QuerySyntaxError(start, `unexpected character '${c}'`);
  }
  tokens.push({ kind: 'end', pos: text.length });
  return tokens;
}
