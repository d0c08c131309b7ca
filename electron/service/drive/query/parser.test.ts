import { describe, expect, it } from 'vitest';
import { compileFileQuery } from './compile';
import { QuerySyntaxError } from './lexer';
import { parseQuery } from './parser';

const scope = {
  userId: 'u1',
  userPrincipal: 'user:me@atrium.local',
  resolveId: (id: string) => (id === 'root' ? 'ROOT' : id),
};

describe('Drive query parser', () => {
  it('parses and/or/not with parentheses, precedence and escapes', () => {
    const node = parseQuery("name contains 'it\\'s' and not (mimeType = 'a/b' or starred = true) or 'root' in parents");
    expect(node).toEqual({
      kind: 'or',
      items: [
        {
          kind: 'and',
          items: [
            { kind: 'compare', field: 'name', op: 'contains', value: "it's", pos: 0 },
            {
              kind: 'not',
              item: {
                kind: 'or',
                items: [
                  { kind: 'compare', field: 'mimeType', op: '=', value: 'a/b', pos: 31 },
                  { kind: 'compare', field: 'starred', op: '=', value: true, pos: 51 },
                ],
              },
            },
          ],
        },
        { kind: 'in', value: 'root', collection: 'parents', pos: 70 },
      ],
    });
  });

  it('parses properties has { key and value } and bare sharedWithMe', () => {
    expect(parseQuery("properties has { key='color' and value='red' } and sharedWithMe")).toEqual({
      kind: 'and',
      items: [
        { kind: 'has', collection: 'properties', key: 'color', value: 'red', pos: 0 },
        { kind: 'flag', field: 'sharedWithMe', pos: 51 },
      ],
    });
  });

  it.each([
    ["name contains 'unterminated", 14],
    ["name = 'a' and", 14],
    ["(name = 'a'", 11],
    ["name = 'a' 'b'", 11],
    ['name ! x', 5],
    ["'x' of parents", 4],
  ])('reports the position of a syntax error in %s', (q, position) => {
    try {
      parseQuery(q);
      throw new Error('expected a syntax error');
    } catch (error) {
      expect(error).toBeInstanceOf(QuerySyntaxError);
      expect((error as QuerySyntaxError).position).toBe(position);
    }
  });

  it('compiles to parameterised SQL without inlining values', () => {
    const compiled = compileFileQuery(
      parseQuery("'root' in parents and name = 'x\\'; DROP TABLE drive_files; --' and trashed = false"),
      scope,
    );
    expect(compiled.sql).toBe('(f.parent_id = ? AND f.name = ? AND f.trashed = ?)');
    expect(compiled.params).toEqual(['ROOT', "x'; DROP TABLE drive_files; --", 0]);
  });

  it('rejects operators a field does not support, naming the position', () => {
    expect(() => compileFileQuery(parseQuery("trashed contains 'x'"), scope)).toThrow(/position 0/);
    expect(() => compileFileQuery(parseQuery("name > 'x' and colour = 'red'"), scope)).toThrow(QuerySyntaxError);
    expect(() => compileFileQuery(parseQuery("modifiedTime > 'yesterday'"), scope)).toThrow(/RFC 3339/);
  });
});

describe('Drive query nesting bound', () => {
  const within = (n: number) => `${'('.repeat(n)}starred = true${')'.repeat(n)}`;

  it('parses 100 levels of parentheses or not, and refuses 101', () => {
    expect(() => parseQuery(within(100))).not.toThrow();
    expect(() => parseQuery(within(101))).toThrow(/deeper than 100 levels/);
    expect(() => parseQuery(`${'not '.repeat(100)}starred = true`)).not.toThrow();
    expect(() => parseQuery(`${'not '.repeat(101)}starred = true`)).toThrow(QuerySyntaxError);
    expect(() => parseQuery(`${'not ('.repeat(50)}starred = true${')'.repeat(50)}`)).not.toThrow();
    expect(() => parseQuery(`${'not ('.repeat(51)}starred = true${')'.repeat(51)}`)).toThrow(/deeper than/);
  });

  it("closes a run of not's at and/or, so long flat queries are not counted as deep", () => {
    const flat = Array.from({ length: 500 }, () => 'not starred = true').join(' and ');
    expect(() => parseQuery(flat)).not.toThrow();
    const groups = Array.from({ length: 500 }, () => '(not (trashed = true))').join(' or ');
    expect(() => parseQuery(groups)).not.toThrow();
  });

  it('refuses 100,000 levels without overflowing the stack', () => {
    expect(() => parseQuery(within(100_000))).toThrow(QuerySyntaxError);
    expect(() => parseQuery(`${'not '.repeat(100_000)}starred = true`)).toThrow(QuerySyntaxError);
  });
});
