import type { IpcError, IpcErrorCode } from './contract';

/**
 * An IPC call that answered `{ ok: false }`. The client throws it from `invoke`; handlers may throw
 * it too, and the dispatcher passes its fields through unchanged.
 */
export class IpcCallError extends Error implements IpcError {
  readonly code: IpcErrorCode;
  readonly status?: number;
  readonly reason?: string;
  readonly location?: string;

  constructor(error: IpcError) {
    super(error.message);
    this.name = 'IpcCallError';
    this.code = error.code;
    if (error.status !== undefined) this.status = error.status;
    if (error.reason !== undefined) this.reason = error.reason;
    if (error.location !== undefined) this.location = error.location;
  }

  toIpcError(): IpcError {
    const error: IpcError = { code: this.code, message: this.message };
    if (this.status !== undefined) error.status = this.status;
    if (this.reason !== undefined) error.reason = this.reason;
    if (this.location !== undefined) error.location = this.location;
    return error;
  }
}
