export { AccountsPanel } from './AccountsPanel';
