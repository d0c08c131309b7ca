import type { OperationSpec, ParamSpec, ParamSpecs, ParamValue } from './operation';

/**
 * Google's standard query parameters, accepted by every operation on top of its own. Their values
 * pass through as strings (`prettyPrint` as a boolean) so handlers can read e.g. `alt` and `uploadType`.
 */
export const SYSTEM_PARAMETERS = [
  '$.xgafv',
  'access_token',
  'alt',
  'callback',
  'fields',
  'key',
  'oauth_token',
  'prettyPrint',
  'quotaUser',
  'upload_protocol',
  'uploadType',
  'upload_id',
  'userIp',
] as const;
export type SystemParameterName = (typeof SYSTEM_PARAMETERS)[number];

const systemParameterSpecs: Readonly<Record<SystemParameterName, ParamSpec>> = {
  '$.xgafv': { type: 'string', in: 'query', enum: ['1', '2'] },
  access_token: { type: 'string', in: 'query' },
  alt: { type: 'string', in: 'query', enum: ['json', 'media', 'proto'] },
  callback: { type: 'string', in: 'query' },
  fields: { type: 'string', in: 'query' },
  key: { type: 'string', in: 'query' },
  oauth_token: { type: 'string', in: 'query' },
  prettyPrint: { type: 'boolean', in: 'query' },
  quotaUser: { type: 'string', in: 'query' },
  upload_protocol: { type: 'string', in: 'query' },
  uploadType: { type: 'string', in: 'query', enum: ['media', 'multipart', 'resumable'] },
  upload_id: { type: 'string', in: 'query' },
  userIp: { type: 'string', in: 'query' },
};

export function isSystemParameter(name: string): name is SystemParameterName {
  return Object.hasOwn(systemParameterSpecs, name);
}

export type SystemParams = { prettyPrint?: boolean } & {
  [K in Exclude<SystemParameterName, 'prettyPrint'>]?: string;
};

/** One validated value: an enumerated string parameter is one of its values. */
type ValidatedValue<S extends ParamSpec> = S extends { readonly enum: readonly (infer E extends string)[] }
  ? S['type'] extends 'string'
    ? E
    : ParamValue<S>
  : ParamValue<S>;
type ValidatedField<S extends ParamSpec> = S['repeated'] extends true ? ValidatedValue<S>[] : ValidatedValue<S>;
type AlwaysPresent<S extends ParamSpec> = S['required'] extends true
  ? true
  : S extends { readonly default: string | number | boolean }
    ? true
    : false;

/**
 * Parameters after validation: typed, defaults applied (so defaulted parameters are always present),
 * repeated parameters always arrays, plus any system parameters the request carried.
 */
export type ValidatedParams<P extends ParamSpecs> = {
  [K in keyof P as AlwaysPresent<P[K]> extends true ? K : never]: ValidatedField<P[K]>;
} & {
  [K in keyof P as AlwaysPresent<P[K]> extends true ? never : K]?: ValidatedField<P[K]>;
} & SystemParams;

export interface ParamError {
  /** `required`: a required parameter is missing; `invalidParameter`: the parameter is unknown; `invalid`: its value is wrong. */
  readonly reason: 'required' | 'invalidParameter' | 'invalid';
  /** The parameter name. */
  readonly location: string;
  readonly message: string;
}

export type ParamValidation<P> =
  { readonly ok: true; readonly params: P } | { readonly ok: false; readonly error: ParamError };

type Scalar = string | number | boolean;
type Checked = { ok: true; value: Scalar } | { ok: false; error: ParamError };

/**
 * Longest string parameter accepted unless its spec says otherwise. A URL on the embedded service is
 * bounded by the HTTP header limit anyway; this bound also holds for calls that carry parameters otherwise.
 */
export const maxParamLength = 8192;
/** Most values of one repeated parameter. */
export const maxParamRepeats = 100;

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const INTEGER = /^-?\d+$/;

function invalid(name: string, shown: string, rule: string): { ok: false; error: ParamError } {
  return {
    ok: false,
    error: { reason: 'invalid', location: name, message: `Invalid value '${shown}' for ${name}: ${rule}` },
  };
}

function show(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  return typeof value;
}

/** Coerces one raw value (query-string text or an already-typed value) and checks it against its spec. */
function checkValue(name: string, spec: ParamSpec, raw: unknown): Checked {
  let value: Scalar;
  switch (spec.type) {
    case 'integer': {
      let n: number;
      if (typeof raw === 'number') n = raw;
      else if (typeof raw === 'string' && INTEGER.test(raw)) n = Number(raw);
      else return invalid(name, show(raw), 'must be an integer');
      if (!Number.isSafeInteger(n)) return invalid(name, show(raw), 'must be an integer');
      if (spec.minimum !== undefined && n < spec.minimum)
        return invalid(name, show(raw), `must be at least ${spec.minimum}`);
      if (spec.maximum !== undefined && n > spec.maximum)
        return invalid(name, show(raw), `must be at most ${spec.maximum}`);
      value = n;
      break;
    }
    case 'boolean': {
      if (typeof raw === 'boolean') value = raw;
      else if (raw === 'true') value = true;
      else if (raw === 'false') value = false;
      else return invalid(name, show(raw), 'must be true or false');
      break;
    }
    case 'string': {
      if (typeof raw !== 'string') return invalid(name, show(raw), 'must be a string');
      const maxLength = spec.maxLength ?? maxParamLength;
      if (raw.length > maxLength)
        return invalid(name, `${raw.slice(0, 40)}…`, `must be at most ${maxLength} characters`);
      if (spec.format === 'date-time' && (!RFC3339.test(raw) || Number.isNaN(Date.parse(raw)))) {
        return invalid(name, raw, 'must be an RFC 3339 timestamp with a time zone offset');
      }
      value = raw;
      break;
    }
  }
  if (spec.enum && !spec.enum.includes(String(value))) {
    return invalid(name, show(raw), `must be one of ${spec.enum.join(', ')}`);
  }
  return { ok: true, value };
}

/** Absent values: undefined, null, empty text (`?pageToken=`) and empty arrays. */
function isAbsent(raw: unknown): boolean {
  if (raw === undefined || raw === null || raw === '') return true;
  return Array.isArray(raw) && raw.length === 0;
}

function checkParam(
  name: string,
  spec: ParamSpec,
  raw: unknown,
): { ok: true; value: Scalar | Scalar[] } | { ok: false; error: ParamError } {
  if (spec.repeated) {
    const values: Scalar[] = [];
    const items = Array.isArray(raw) ? raw : [raw];
    if (items.length > maxParamRepeats)
      return invalid(name, `${items.length} values`, `may be given at most ${maxParamRepeats} times`);
    for (const item of items) {
      const checked = checkValue(name, spec, item);
      if (!checked.ok) return checked;
      values.push(checked.value);
    }
    return { ok: true, value: values };
  }
  return checkValue(name, spec, raw);
}

/**
 * The value a request gives a parameter. A single-valued parameter given several times takes its
 * first occurrence and ignores the rest unread, as Google's front end does (`?maxResults=5&maxResults=7`
 * lists 5; a malformed second value is not an error); a repeated parameter keeps every occurrence.
 */
function occurrence(spec: ParamSpec, raw: unknown): unknown {
  return !spec.repeated && Array.isArray(raw) ? (raw as unknown[])[0] : raw;
}

/**
 * Validates the parameters of one call against the operation's ParamSpecs: coerces query-string
 * text to integers/booleans (strictly), applies defaults, and checks required, min/max, enum and
 * format. Unknown parameters are rejected, except Google's standard system parameters. This is the
 * only place parameters are read from a request, so every area sees the same defaults, bounds and
 * treatment of a parameter given more than once.
 */
export function validateParams<O extends OperationSpec>(
  op: O,
  raw: Readonly<Record<string, unknown>>,
): ParamValidation<ValidatedParams<O['params']>> {
  const params: Record<string, unknown> = {};
  for (const name of Object.keys(raw)) {
    if (Object.hasOwn(op.params, name)) continue;
    const systemSpec = isSystemParameter(name) ? systemParameterSpecs[name] : undefined;
    if (!systemSpec) {
      return {
        ok: false,
        error: { reason: 'invalidParameter', location: name, message: `Unknown parameter: ${name}` },
      };
    }
    const value = occurrence(systemSpec, raw[name]);
    if (isAbsent(value)) continue;
    const checked = checkParam(name, systemSpec, value);
    if (!checked.ok) return checked;
    params[name] = checked.value;
  }
  for (const [name, spec] of Object.entries(op.params)) {
    const value = Object.hasOwn(raw, name) ? occurrence(spec, raw[name]) : undefined;
    if (isAbsent(value)) {
      if (spec.required) {
        return { ok: false, error: { reason: 'required', location: name, message: `Required parameter: ${name}` } };
      }
      if (spec.default !== undefined) params[name] = spec.repeated ? [spec.default] : spec.default;
      continue;
    }
    const checked = checkParam(name, spec, value);
    if (!checked.ok) return checked;
    params[name] = checked.value;
  }
  return { ok: true, params: params as ValidatedParams<O['params']> };
}
