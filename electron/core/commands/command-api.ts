import { ApiCallError } from '../api-call-error';
import type { ApiClient } from '../api-client';

/** What a command needs of an account's client (tests wrap the real one to fail a chosen call). */
export type CommandApi = Pick<ApiClient, 'callByName'>;

/** The thing is not there (any more): nothing is left to undo about it. */
export const isGone = (error: unknown): boolean =>
  error instanceof ApiCallError && (error.status === 404 || error.status === 410);

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
