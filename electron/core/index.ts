export { createCore } from './core';
export type { ChangeWatchOptions, Core, CoreOptions, ExtraUser } from './core';
export { MemoryVault } from './vault';
export type { Vault } from './vault';
export { ApiClient } from './api-client';
export type { ApiClientOptions, MediaContent } from './api-client';
export { ApiCallError } from './api-call-error';
export { localAccountId, localUserEmail } from './local-account';
