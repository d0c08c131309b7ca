import { useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ErrorPanel, LoadingPanel } from './components/StatusPanel';
import { Toaster } from './components/Toaster';
import { useActiveAccount } from './lib/account-store';
import { AccountsPanel } from './features/accounts';
import { CalendarView, listenForCalendarRoutes } from './features/calendar';
import { FilesView, followFileRoutes } from './features/files';
import { followTaskRoutes, TaskBoard } from './features/tasks';
import { AccountBadge } from './shell/AccountBadge';
import { Navigation } from './shell/Navigation';
import { ServiceNotice } from './shell/ServiceNotice';
import { useAccounts } from './shell/useAccounts';
import { useViewStore, views, type ViewId } from './shell/views';

const viewComponents: Record<ViewId, () => ReactNode> = {
  calendar: () => <CalendarView />,
  tasks: () => <TaskBoard />,
  files: () => <FilesView />,
};

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

  return (
    <div className="app-shell" data-testid="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <div className="sidebar__brand">
          <span className="sidebar__logo" aria-hidden="true">
            A
          </span>
          Atrium
        </div>
        <Navigation />
        {accounts.activeAccount ? <AccountBadge account={accounts.activeAccount} /> : null}
        <AccountsPanel />
      </aside>
      <main id="main" className="main" aria-label={label} tabIndex={-1} data-testid={`view-${current}`}>
        <ServiceNotice />
        {accounts.isError && !accounts.data ? (
          <ErrorPanel
            title="Couldn’t load your accounts"
            error={accounts.error}
            onRetry={() => void accounts.refetch()}
          />
        ) : !accountReady ? (
          <LoadingPanel label="Connecting to your account…" />
        ) : (
          <ErrorBoundary key={accounts.activeAccount?.id} resetKey={current} title={`${label} failed to load`}>
            {viewComponents[current]()}
          </ErrorBoundary>
        )}
      </main>
      <Toaster />
    </div>
  );
}
