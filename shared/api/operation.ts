import type { z } from 'zod';

/** The three API areas the app speaks, with their Google base paths. */
export type ApiArea = 'calendar' | 'tasks' | 'drive';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ParamType = 'string' | 'integer' | 'boolean';

/**
 * One request parameter of an operation. `in: 'path'` parameters appear as `{name}` in the path
 * template; everything else is a query parameter. `repeated` parameters may occur several times.
 */
export interface ParamSpec {
  readonly type: ParamType;
  readonly in: 'path' | 'query';
  readonly required?: boolean;
  readonly repeated?: boolean;
  readonly default?: string | number | boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
  /** Longest accepted string value, in characters; `maxParamLength` when not given. */
  readonly maxLength?: number;
  readonly deprecated?: boolean;
  /** Textual format checked on top of the type: `date-time` is an RFC 3339 timestamp with a zone offset. */
  readonly format?: 'date-time';
  readonly description?: string;
}

export type ParamSpecs = Readonly<Record<string, ParamSpec>>;

/** Media (content) capabilities of an operation: upload through `/upload/...`, download with `alt=media`. */
export interface MediaSpec {
  /** Upload path template (e.g. `/upload/drive/v3/files`), when the operation accepts content. */
  readonly uploadPath?: string;
  /** The operation answers raw content when called with `alt=media` (or always, for export). */
  readonly download?: boolean;
}

export interface OperationSpec<
  N extends string = string,
  P extends ParamSpecs = ParamSpecs,
  B extends z.ZodType | null = z.ZodType | null,
  R extends z.ZodType | null = z.ZodType | null,
> {
  readonly name: N;
  readonly area: ApiArea;
  readonly method: HttpMethod;
  /** Google's real REST path template, e.g. `/calendar/v3/calendars/{calendarId}/events`. */
  readonly path: string;
  readonly params: P;
  /** Request body schema, or null when the operation takes no body. */
  readonly request: B;
  /**
   * Response body schema, or null when the operation answers without a JSON body
   * (204 No Content, or raw content for an operation that only downloads media).
   */
  readonly response: R;
  readonly media?: MediaSpec;
  /** Body is merged into the stored resource (PATCH semantics) rather than replacing it. */
  readonly patch?: boolean;
  /** Kept for compatibility; a newer operation replaces it (e.g. team drives → shared drives). */
  readonly deprecated?: boolean;
}

export function defineOperation<
  const N extends string,
  const P extends ParamSpecs,
  B extends z.ZodType | null,
  R extends z.ZodType | null,
>(spec: OperationSpec<N, P, B, R>): OperationSpec<N, P, B, R> {
  return spec;
}

/** The JavaScript type of one value of a parameter. */
export type ParamValue<S extends ParamSpec> = S['type'] extends 'integer'
  ? number
  : S['type'] extends 'boolean'
    ? boolean
    : string;

type ParamField<S extends ParamSpec> = S['repeated'] extends true ? ParamValue<S> | ParamValue<S>[] : ParamValue<S>;

type RequiredKeys<P extends ParamSpecs> = {
  [K in keyof P]: P[K]['required'] extends true ? K : never;
}[keyof P];
type OptionalKeys<P extends ParamSpecs> = Exclude<keyof P, RequiredKeys<P>>;

/** The parameter object a caller passes for an operation, typed from its ParamSpecs. */
export type ParamsOf<P extends ParamSpecs> = { [K in RequiredKeys<P>]: ParamField<P[K]> } & {
  [K in OptionalKeys<P>]?: ParamField<P[K]>;
};

export type BodyOf<B> = B extends z.ZodType ? z.input<B> : undefined;
export type ResultOf<R> = R extends z.ZodType ? z.output<R> : undefined;
