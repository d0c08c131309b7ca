import type { RequestContext } from '../http/handler';
import { badRequest } from '../http/api-error';

/**
 * Typed access to the validated request parameters. The registry has already coerced types and
 * applied defaults; these readers only narrow `unknown` and tolerate a missing value.
 */
export function stringParam(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.params[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function requiredStringParam(ctx: RequestContext, name: string): string {
  const value = stringParam(ctx, name);
  if (value === undefined) throw badRequest('required', `Required parameter: ${name}`, name);
  return value;
}

export function integerParam(ctx: RequestContext, name: string): number | undefined {
  const value = ctx.params[name];
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

export function booleanParam(ctx: RequestContext, name: string): boolean {
  const value = ctx.params[name];
  return value === true || value === 'true';
}

export function stringListParam(ctx: RequestContext, name: string): string[] {
  const value = ctx.params[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

/**
 * Whether the client sent the query parameter itself (defaults applied by validation do not count).
 * Some sync rules forbid an explicit `showDeleted=false` while the parameter's default is false.
 */
export function explicitQueryValue(ctx: RequestContext, name: string): string | undefined {
  const url = new URL(ctx.req.url ?? '/', 'http://service.invalid');
  return url.searchParams.get(name) ?? undefined;
}

/** maxResults clamped to the operation's range; the registry normally enforces it already. */
export function pageSize(ctx: RequestContext, fallback: number, maximum: number): number {
  const value = integerParam(ctx, 'maxResults');
  if (value === undefined) return fallback;
  if (value < 1) throw badRequest('invalid', 'Invalid value for maxResults: must be at least 1.', 'maxResults');
  return Math.min(value, maximum);
}
