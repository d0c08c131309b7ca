/**
 * Named points in the storing of content where the process can be made to die on purpose, to prove
 * that a crash at any of them loses no acknowledged write and leaves nothing that cannot be resumed
 * or reclaimed. `ATRIUM_FAULT_POINT=<name>` in the environment arms one point; the process kills
 * itself with SIGKILL (no handler runs, nothing is flushed) the first time it reaches it. Unset, a
 * point costs one string comparison.
 */
export type FaultPoint =
  /** A chunk of a resumable upload is on disk (fsynced) but its count is not recorded yet. */
  | 'resumable:chunk-synced'
  /** The session records every byte as received; finishing has not begun. */
  | 'resumable:received-recorded'
  /** A blob was renamed to its address but neither it nor its folder entry is flushed. */
  | 'blob:renamed'
  /** The finished upload's blob is durably in place; no row refers to it yet. */
  | 'resumable:blob-placed'
  /** The file row and the session's completion are committed; the session's temporary file remains. */
  | 'resumable:committed'
  /** The session's temporary file is removed; the answer has not been sent. */
  | 'resumable:temp-removed';

const armed = process.env['ATRIUM_FAULT_POINT'];

export function faultPoint(name: FaultPoint): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL');
}
