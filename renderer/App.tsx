import { Suspense, useEffect } from 'react';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ErrorPanel, LoadingPanel } from './components/StatusPanel';
import { Toaster } from './components/Toaster';
import type { AccountsOverview } from '../shared/ipc/contract';
import { useAccountStore, useActiveAccount } from './lib/account-store';
import { queryClient } from './lib/api';
import { restoreLastKnownQueries } from './lib/last-known-queries';
import { AccountsPanel } from './features/accounts';
import { OfflineNotice, SyncStatus } from './features/sync';
// Route listeners run for the app's lifetime; they are small and load with the shell, unlike the views.
import { listenForCalendarRoutes } from './features/calendar/calendar-routes';
import { followFileRoutes } from './features/files/file-route';
import { followTaskRoutes } from './features/tasks/task-route';
// So are the commands each view offers in the palette, whichever view is shown.
import { registerCalendarCommands } from './features/calendar/calendar-commands';
import { registerFileCommands } from './features/files/file-commands';
import { registerTaskCommands } from './features/tasks/task-commands';
import { AccountBadge } from './shell/AccountBadge';
import { CommandPalette } from './shell/CommandPalette';
import { HostConnectionNotice, ServiceNotice } from './shell/ServiceNotice';
import { Sidebar } from './shell/Sidebar';
import { accountsQueryKey, useAccounts } from './shell/useAccounts';
import { lazyViews, preloadViewsWhenIdle } from './shell/view-loaders';
import { useViewStore, views } from './shell/views';

// What the first view needs to draw is known from the last run (its code is fetched by main.tsx,
// which renders once it has run), so it draws in the first frame.
restoreLastKnownQueries(queryClient, accountsQueryKey);
// The last-known active account is the one the first render works for (useAccounts corrects it if
// the fresh list says otherwise), so the view draws at once instead of after a "Connecting" frame.
useAccountStore.getState().setActive(queryClient.getQueryData<AccountsOverview>(accountsQueryKey)?.active ?? null);

export function App() {
  const accounts = useAccounts();
  // Views render once the account store holds the active account, so their first queries carry it.
  const activeInStore = useActiveAccount();
  const accountReady = accounts.isSuccess && activeInStore === accounts.data.active;
  const current = useViewStore((state) => state.current);
  const label = views.find((view) => view.id === current)?.label ?? '';
  // Reminders, deep links and the tray can ask for an event or quick add while another view is shown.
  useEffect(() => listenForCalendarRoutes(), []);
  useEffect(() => followFileRoutes(), []);
  useEffect(() => followTaskRoutes(), []);
  useEffect(() => registerCalendarCommands(), []);
  useEffect(() => registerTaskCommands(), []);
  useEffect(() => registerFileCommands(), []);
  // Read once: the views to fetch ahead are the others, whichever comes first.
  useEffect(() => preloadViewsWhenIdle(useViewStore.getState().current), []);
  const CurrentView = lazyViews[current].View;

  return (
    <div className="app-shell" data-testid="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar>
        {accounts.activeAccount ? <AccountBadge account={accounts.activeAccount} /> : null}
        <SyncStatus />
        <AccountsPanel />
      </Sidebar>
      <main
        id="main"
        className="main"
        data-shell-outside-drawer=""
        aria-label={label}
        tabIndex={-1}
        data-testid={`view-${current}`}
      >
        <ServiceNotice />
        <HostConnectionNotice />
        <OfflineNotice />
        {/* Last-known accounts are shown while they are read again, but a failed read is said, with Retry. */}
        {accounts.isError && !accountReady ? (
          <ErrorPanel
            title="Couldn’t load your accounts"
            error={accounts.error}
            onRetry={() => void accounts.refetch()}
          />
        ) : !accountReady ? (
          <LoadingPanel label="Connecting to your account…" />
        ) : (
          <ErrorBoundary
            key={accounts.activeAccount?.id}
            resetKey={current}
            title={`${label} failed to load`}
            // Retry fetches the view's code again when that is what failed.
            onReset={() => void lazyViews[current].preload().catch(() => undefined)}
          >
            <Suspense fallback={<LoadingPanel label={`Loading ${label}…`} testId="view-loading-panel" />}>
              <CurrentView />
            </Suspense>
          </ErrorBoundary>
        )}
      </main>
      <Toaster />
      <CommandPalette />
    </div>
  );
}
