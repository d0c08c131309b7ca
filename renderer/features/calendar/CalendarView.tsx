import { ErrorPanel, LoadingPanel } from '../../components/StatusPanel';
import { useAccounts } from '../../shell/useAccounts';
import { useCalendarPreferences, useCalendars, usePalettes } from './calendar-data';
import { CalendarWorkspace } from './CalendarWorkspace';
import './calendar.css';

/**
 * The calendar: sidebar (create, mini month, calendars), toolbar (navigation, views, search, time
 * zones) and the FullCalendar grid over every selected calendar, with the editor and dialogs.
 */
export function CalendarView() {
  const { palettes } = usePalettes();
  const settings = useCalendarPreferences();
  const accounts = useAccounts();
  const calendarsQuery = useCalendars(palettes);

  if (settings.isPending || (calendarsQuery.isPending && !calendarsQuery.data)) {
    return (
      <section className="view calendar-view" data-testid="calendar-view">
        <LoadingPanel label="Loading your calendars…" testId="calendar-loading-panel" />
      </section>
    );
  }
  if (calendarsQuery.isError && !calendarsQuery.data) {
    return (
      <section className="view calendar-view" data-testid="calendar-view">
        <ErrorPanel
          title="Couldn’t load your calendars"
          error={calendarsQuery.error}
          onRetry={() => void calendarsQuery.refetch()}
          testId="calendar-error"
        />
      </section>
    );
  }
  return (
    <CalendarWorkspace
      calendars={calendarsQuery.calendars}
      palettes={palettes}
      preferences={settings.preferences}
      listRefreshing={calendarsQuery.isFetching}
      localAccount={accounts.activeAccount?.kind === 'local'}
    />
  );
}
