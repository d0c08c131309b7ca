import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { jsonTextNestingExceeds, maxNestingDepth } from '../../../shared/api/schemas/limits';
import { ApiError } from './api-error';

/** Largest JSON request body accepted (media goes through the upload paths, unread here). */
export const maxJsonBodyBytes = 16 * 1024 * 1024;

/** Reads and parses a JSON request body; an empty body is `{}`. */
export async function readJsonBody(req: IncomingMessage, limit = maxJsonBodyBytes): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  return parseJsonText(text);
}

/**
 * Parses a JSON request text (a body, or the metadata part of an upload). JSON.parse itself does
 * not recurse, but validation and serialisation do, so a text nesting deeper than
 * `maxNestingDepth` is refused here, before any of them runs.
 */
export function parseJsonText(text: string): unknown {
  if (jsonTextNestingExceeds(text, maxNestingDepth)) {
    throw new ApiError(
      400,
      'parseError',
      `Parse Error: the request body nests objects and arrays deeper than ${maxNestingDepth} levels.`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(
      400,
      'parseError',
      `Parse Error: the request body is not valid JSON (${(error as Error).message}).`,
    );
  }
}

const tooLarge = (limit: number): ApiError =>
  new ApiError(
    413,
    'requestTooLarge',
    `Request body is larger than ${limit} bytes; send content through the upload path.`,
  );

/** Validates a parsed body against the operation's request schema; the failure names the field path. */
export function validateBody(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  const missing = issue.code === 'invalid_type' && / received undefined$/.test(issue.message);
  if (missing && path !== '') {
    return fail('required', `Required field missing: ${path}`, path);
  }
  const where = path === '' ? 'the request body' : `'${path}'`;
  return fail('invalid', `Invalid value at ${where}: ${issue.message}`, path || 'body');
}

function fail(reason: string, message: string, location: string): never {
  throw new ApiError(400, reason, message, { location });
}
