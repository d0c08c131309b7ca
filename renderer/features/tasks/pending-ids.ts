/**
 * A task the board shows before the service has answered for it (one just added, or the copy of one
 * moved to another list) carries a temporary id. It can be completed, renamed, moved or deleted at
 * once, like any other: such a change finds the task in the cache by whichever id it has there now
 * (`shownId`), and its call waits for the service's id (`serviceId`) before it goes out, so it reaches
 * the task the service made rather than failing on an id only this window knows.
 */

const waiting = new Map<string, Promise<string>>();
/** Temporary ids already answered for: the service's id, or why there is none. */
const settled = new Map<string, { id: string } | { error: unknown }>();

/** At most this many answered temporary ids are remembered (the oldest go first). */
const rememberedLimit = 500;

function remember(temporary: string, outcome: { id: string } | { error: unknown }): void {
  waiting.delete(temporary);
  settled.set(temporary, outcome);
  if (settled.size > rememberedLimit) settled.delete(settled.keys().next().value as string);
}

export interface PendingId {
  /** The service's id for it. */
  resolve(id: string): void;
  /** The change that was to make it failed: changes waiting on it fail too, with this error. */
  reject(error: unknown): void;
}

/** Registers `temporary` as an id whose real one is on its way. */
export function awaitId(temporary: string): PendingId {
  let settle!: (id: string) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<string>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  // The change that made the id reports its own failure; those waiting on it report theirs.
  promise.catch(() => {});
  waiting.set(temporary, promise);
  return {
    resolve: (id) => {
      remember(temporary, { id });
      settle(id);
    },
    reject: (error) => {
      remember(temporary, { error });
      fail(error);
    },
  };
}

/** The id a task has in the cache now: the service's once it has answered, else the one given. */
export function shownId(id: string): string {
  const outcome = settled.get(id);
  return outcome && 'id' in outcome ? outcome.id : id;
}

/**
 * The id to send to the service: a temporary id's real one, once the service has given it. Fails
 * as the change that was to make the task failed, if it did.
 */
export async function serviceId(id: string): Promise<string> {
  const pending = waiting.get(id);
  if (pending) return pending;
  const outcome = settled.get(id);
  if (outcome && 'error' in outcome) throw outcome.error;
  return shownId(id);
}

/** The optional id of a parent or previous sibling, as `serviceId`. */
export async function optionalServiceId(id: string | undefined): Promise<string | undefined> {
  return id === undefined ? undefined : serviceId(id);
}
