import type { HttpMethod, OperationSpec } from './operation';
import { operationList } from './registry';

const PLACEHOLDER = /\{([^{}]+)\}/g;

/** Names of the `{param}` placeholders of a path template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

/**
 * Fills a path template with parameter values, URI-encoding each one as a single segment
 * (so `me@atrium.local` becomes `me%40atrium.local` and a `/` inside an id stays inside it).
 */
export function expandPath(template: string, params: Readonly<Record<string, unknown>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter ${name} for ${template}`);
    }
    return encodeURIComponent(String(value));
  });
}

type Segment = { readonly literal: string } | { readonly param: string };

interface PathMatcher {
  readonly operation: OperationSpec;
  readonly upload: boolean;
  readonly segments: readonly Segment[];
}

export interface PathMatch {
  readonly operation: OperationSpec;
  /** Decoded path parameter values, keyed by parameter name. */
  readonly pathParams: Record<string, string>;
  /** The request came on the operation's media upload path (`/upload/...`). */
  readonly upload: boolean;
}

function compile(operation: OperationSpec, template: string, upload: boolean): PathMatcher {
  const segments = template
    .split('/')
    .slice(1)
    .map((part): Segment => {
      const param = /^\{([^{}]+)\}$/.exec(part);
      if (param) return { param: param[1] as string };
      if (part.includes('{')) throw new Error(`Unsupported path template ${template}`);
      return { literal: part };
    });
  return { operation, upload, segments };
}

/**
 * Orders templates so that, among those of one length (only those can match the same path), a
 * literal segment wins over a parameter at the first position where they differ: `/files/trash`
 * before `/files/{fileId}`.
 */
function bySpecificity(a: PathMatcher, b: PathMatcher): number {
  if (a.segments.length !== b.segments.length) return a.segments.length - b.segments.length;
  for (let i = 0; i < a.segments.length; i++) {
    const sa = a.segments[i] as Segment;
    const sb = b.segments[i] as Segment;
    const la = 'literal' in sa;
    const lb = 'literal' in sb;
    if (la !== lb) return la ? -1 : 1;
  }
  return 0;
}

const matchersByMethod: ReadonlyMap<HttpMethod, readonly PathMatcher[]> = (() => {
  const map = new Map<HttpMethod, PathMatcher[]>();
  for (const op of operationList) {
    const list = map.get(op.method) ?? [];
    list.push(compile(op, op.path, false));
    if (op.media?.uploadPath) list.push(compile(op, op.media.uploadPath, true));
    map.set(op.method, list);
  }
  for (const list of map.values()) list.sort(bySpecificity);
  return map;
})();

function decodeSegments(pathname: string): string[] | null {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/')) return null;
  try {
    return path.slice(1).split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
}

function matchSegments(matcher: PathMatcher, parts: readonly string[]): Record<string, string> | null {
  if (matcher.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = matcher.segments[i] as Segment;
    const part = parts[i] as string;
    if ('literal' in segment) {
      if (segment.literal !== part) return null;
    } else {
      if (part === '') return null;
      params[segment.param] = part;
    }
  }
  return params;
}

/**
 * Finds the operation answering `method pathname` (Google's REST path, or an `/upload/...` media
 * path), with its decoded path parameters; null when no operation has that method and path.
 */
export function matchPath(method: string, pathname: string): PathMatch | null {
  const matchers = matchersByMethod.get(method.toUpperCase() as HttpMethod);
  const parts = decodeSegments(pathname);
  if (!matchers || !parts) return null;
  for (const matcher of matchers) {
    const pathParams = matchSegments(matcher, parts);
    if (pathParams) return { operation: matcher.operation, pathParams, upload: matcher.upload };
  }
  return null;
}

/** Methods some operation answers on this path (for a 405 answer when the path exists but the method does not). */
export function allowedMethods(pathname: string): HttpMethod[] {
  const parts = decodeSegments(pathname);
  if (!parts) return [];
  const methods: HttpMethod[] = [];
  for (const [method, matchers] of matchersByMethod) {
    if (matchers.some((m) => matchSegments(m, parts) !== null)) methods.push(method);
  }
  return methods;
}

export type QueryValue = string | string[];

function serialize(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

/**
 * Splits call parameters into path values (as strings, for expandPath) and query values (strings,
 * repeated ones as string arrays). Parameters the operation does not declare (system parameters
 * such as `alt` or `fields`) go to the query; undefined and null values are dropped.
 */
export function splitParams(
  op: OperationSpec,
  params: Readonly<Record<string, unknown>>,
): { pathParams: Record<string, string>; query: Record<string, QueryValue> } {
  const pathParams: Record<string, string> = {};
  const query: Record<string, QueryValue> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (op.params[name]?.in === 'path') {
      pathParams[name] = serialize(value);
    } else if (Array.isArray(value)) {
      query[name] = value.filter((v) => v !== undefined && v !== null).map(serialize);
    } else {
      query[name] = serialize(value);
    }
  }
  return { pathParams, query };
}

/** `a=1&b=x&b=y` from query values, each name and value URI-encoded; empty string when there are none. */
export function toQueryString(query: Readonly<Record<string, QueryValue>>): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(v)}`);
    }
  }
  return pairs.join('&');
}

/** Path plus query string for calling an operation, on its upload path when `upload` is set. */
export function requestPath(
  op: OperationSpec,
  params: Readonly<Record<string, unknown>>,
  options: { upload?: boolean } = {},
): string {
  const template = options.upload ? op.media?.uploadPath : op.path;
  if (!template) throw new Error(`${op.name} has no upload path`);
  const { pathParams, query } = splitParams(op, params);
  const queryString = toQueryString(query);
  return expandPath(template, pathParams) + (queryString ? `?${queryString}` : '');
}
