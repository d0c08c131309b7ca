import { ErrorBanner } from '../../components/StatusPanel';
import { errorMessage } from '../../lib/api';
import { useCalendarStore } from './calendar-store';
import { zoneCity, zoneOffsetLabel } from './time-zone';
import type { VisibleEvents } from './useVisibleEvents';

interface CalendarBannersProps {
  /** The device's zone, and the zone of the person's Calendar setting. */
  device: string;
  settingZone: string;
  localAccount: boolean;
  visible: Pick<VisibleEvents, 'error' | 'hasData' | 'refetch'>;
}

/**
 * Notices above the grid: that the Calendar setting's zone is not this device's (Google accounts),
 * and why events could not be loaded (what an action did, or why it failed, is a toast).
 */
export function CalendarBanners({ device, settingZone, localAccount, visible }: CalendarBannersProps) {
  const chosenZone = useCalendarStore((state) => state.displayZone);
  const setDisplayZone = useCalendarStore((state) => state.setDisplayZone);
  const zoneHintDismissed = useCalendarStore((state) => state.zoneHintDismissed);
  const dismissZoneHint = useCalendarStore((state) => state.dismissZoneHint);
  const showZoneHint = !localAccount && !zoneHintDismissed && chosenZone === null && device !== settingZone;
  return (
    <>
      {showZoneHint ? (
        <div className="banner banner--info" data-testid="calendar-zone-hint">
          <span className="banner__text">
            Times are shown in {zoneCity(settingZone)} ({zoneOffsetLabel(settingZone)}), your Calendar setting. This
            device is in {zoneCity(device)}.
          </span>
          <button
            type="button"
            className="button button--small"
            onClick={() => setDisplayZone(device)}
            data-testid="calendar-zone-hint-use-device"
          >
            Show {zoneCity(device)} time
          </button>
          <button type="button" className="button button--ghost button--small" onClick={dismissZoneHint}>
            Keep {zoneCity(settingZone)}
          </button>
        </div>
      ) : null}
      {visible.error ? (
        <ErrorBanner
          message={`Couldn’t load events from ${visible.error.calendar.name}: ${errorMessage(visible.error.error)}`}
          onDismiss={() => visible.refetch()}
          testId={visible.hasData ? 'calendar-refresh-error' : 'calendar-error'}
        />
      ) : null}
    </>
  );
}
