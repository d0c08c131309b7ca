import type { Literal, Operator, QueryNode } from './ast';
import { QuerySyntaxError, tokenize, type Token } from './lexer';

/**
 * Deepest nesting of parentheses and `not` accepted. The parser, the compiler and the SQL they
 * build all recurse once per level, so the bound is checked over the tokens before any of them runs.
 */
export const maxQueryNesting = 100;

/**
 * Refuses a query nesting deeper than `maxQueryNesting`. Walks the tokens once without recursion:
 * `(` opens a level until its `)`, and a run of `not`s opens one level per `not` until the term or
 * group that ends it.
 */
function checkNesting(tokens: readonly Token[]): void {
  // Per open parenthesis, how many `not`s stood in front of it (they close with it).
  const groups: number[] = [];
  let nots = 0;
  let depth = 0;
  for (const t of tokens) {
    if (t.kind === 'word' && t.value.toLowerCase() === 'not') {
      nots += 1;
      depth += 1;
    } else if (t.kind === 'punct' && t.value === '(') {
      groups.push(nots);
      nots = 0;
      depth += 1;
    } else if (t.kind === 'punct' && t.value === ')') {
      // An unmatched `)` ends the parse before any recursion; clamping keeps it from hiding depth.
      depth = Math.max(0, depth - nots - 1);
      nots = groups.pop() ?? 0;
      depth = Math.max(0, depth - nots);
      nots = 0;
    } else if (t.kind === 'word' && (t.value.toLowerCase() === 'and' || t.value.toLowerCase() === 'or')) {
      depth = Math.max(0, depth - nots);
      nots = 0;
    }
    if (depth > maxQueryNesting) {
      throw new QuerySyntaxError(t.pos, `the query nests parentheses or 'not' deeper than ${maxQueryNesting} levels`);
    }
  }
}

/**
 * Recursive-descent parser for Drive's query language:
 *   query := or ; or := and ('or' and)* ; and := unary ('and' unary)* ;
 *   unary := 'not' unary | '(' or ')' | term
 *   term  := field op literal | literal 'in' field | field 'has' '{' key = s and value = s '}' | field
 * Keywords are case-insensitive. Whether a field accepts an operator is checked when compiling.
 */
export function parseQuery(text: string): QueryNode {
  const tokens = tokenize(text);
  checkNesting(tokens);
  let i = 0;
  const peek = (): Token => tokens[i]!;
  const next = (): Token => tokens[i++]!;
  const isWord = (t: Token, w: string) => t.kind === 'word' && t.value.toLowerCase() === w;

  const fail = (t: Token, detail: string): never => {
    throw new QuerySyntaxError(t.pos, detail);
  };

  const expectPunct = (value: string) => {
    const t = next();
    if (t.kind !== 'punct' || t.value !== value) fail(t, `expected '${value}'`);
  };

  const literal = (): { value: Literal; pos: number } => {
    const t = next();
    if (t.kind === 'string' || t.kind === 'number') return { value: t.value, pos: t.pos };
    if (t.kind === 'word' && (t.value === 'true' || t.value === 'false'))
      return { value: t.value === 'true', pos: t.pos };
    return fail(t, 'expected a value');
  };

  const or = (): QueryNode => {
    const items = [and()];
    while (isWord(peek(), 'or')) {
      next();
      items.push(and());
    }
    return items.length === 1 ? items[0]! : { kind: 'or', items };
  };

  const and = (): QueryNode => {
    const items = [unary()];
    while (isWord(peek(), 'and')) {
      next();
      items.push(unary());
    }
    return items.length === 1 ? items[0]! : { kind: 'and', items };
  };

  const unary = (): QueryNode => {
    const t = peek();
    if (isWord(t, 'not')) {
      next();
      return { kind: 'not', item: unary() };
    }
    if (t.kind === 'punct' && t.value === '(') {
      next();
      const inner = or();
      expectPunct(')');
      return inner;
    }
    return term();
  };

  const term = (): QueryNode => {
    const t = peek();
    if (t.kind === 'string' || t.kind === 'number') {
      const value = literal();
      const keyword = next();
      if (!isWord(keyword, 'in')) fail(keyword, "expected 'in'");
      const field = next();
      if (field.kind !== 'word') return fail(field, 'expected a collection such as parents');
      if (typeof value.value !== 'string') fail(t, 'expected a quoted string before in');
      return { kind: 'in', value: value.value as string, collection: field.value, pos: t.pos };
    }
    if (t.kind !== 'word') return fail(t, 'expected a search term');
    next();
    const field = t.value;
    const opToken = peek();
    if (isWord(opToken, 'has')) {
      next();
      if (field !== 'properties' && field !== 'appProperties')
        fail(t, `'has' applies to properties and appProperties, not ${field}`);
      expectPunct('{');
      const k = next();
      if (!isWord(k, 'key')) fail(k, "expected 'key'");
      const eq1 = next();
      if (eq1.kind !== 'op' || eq1.value !== '=') fail(eq1, "expected '='");
      const key = next();
      if (key.kind !== 'string') fail(key, 'expected a quoted key');
      const andWord = next();
      if (!isWord(andWord, 'and')) fail(andWord, "expected 'and'");
      const v = next();
      if (!isWord(v, 'value')) fail(v, "expected 'value'");
      const eq2 = next();
      if (eq2.kind !== 'op' || eq2.value !== '=') fail(eq2, "expected '='");
      const value = next();
      if (value.kind !== 'string') fail(value, 'expected a quoted value');
      expectPunct('}');
      return {
        kind: 'has',
        collection: field as 'properties' | 'appProperties',
        key: (key as { value: string }).value,
        value: (value as { value: string }).value,
        pos: t.pos,
      };
    }
    let op: Operator | undefined;
    if (opToken.kind === 'op') op = opToken.value;
    else if (isWord(opToken, 'contains')) op = 'contains';
    if (op === undefined) return { kind: 'flag', field, pos: t.pos };
    next();
    const value = literal();
    return { kind: 'compare', field, op, value: value.value, pos: t.pos };
  };

  if (peek().kind === 'end') throw new QuerySyntaxError(0, 'empty query');
  const result = or();
  const rest = peek();
  if (rest.kind !== 'end') fail(rest, 'unexpected text');
  return result;
}
