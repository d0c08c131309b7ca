export { AccountsScreen } from './AccountsScreen';
export { AccountsPanel } from './AccountsPanel';
export { VaultBanner } from './VaultBanner';
export { followAccountEvents, useAccountEventsStore } from './account-events';
export { useWindowFocusReport } from './useWindowFocusReport';
