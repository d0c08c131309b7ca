import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { jsonTextNestingExceeds, maxNestingDepth } from '../../../shared/api/schemas/limits';
import { ApiError } from './api-error';
import { plainCheckOf, unjudged } from './plain-body-check';

/** Largest JSON request body accepted (media goes through the upload paths, unread here). */
export const maxJsonBodyBytes = 16 * 1024 * 1024;

/** Reads and parses a JSON request body; an empty body is `{}`. */
export async function readJsonBody(req: IncomingMessage, limit = maxJsonBodyBytes): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) throw tooLarge(limit);
  const text = await readText(req, limit);
  if (text.trim() === '') return {};
  return parseJsonText(text);
}

/**
 * The request's body as text. Read with listeners rather than an async iterator: a body that came in
 * one read (most do) is then handled in the same turn of the event loop, without a promise per chunk,
 * so writes arriving together still join one group commit.
 */
function readText(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // The rest is left unread: the answer closes the connection.
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const onClose = (): void => {
      if (req.complete) return; // 'end' comes (or came) with the whole body
      cleanup();
      reject(new Error('The request was aborted before its body was read.'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
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
  // A body the plain reading can judge is what the schema would answer; any other goes to the schema.
  const plain = plainCheckOf(schema)(value);
  if (plain !== unjudged) return plain;
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
