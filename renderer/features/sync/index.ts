export { OfflineNotice } from './OfflineNotice';
export { SyncStatus } from './SyncStatus';
