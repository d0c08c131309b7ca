import * as Dialog from '@radix-ui/react-dialog';
import { useId, useMemo } from 'react';
import { deviceTimeZone, knownTimeZones, zoneOffsetLabel } from './time-zone';

interface TimeZoneDialogProps {
  open: boolean;
  /** The zone shown unless the person picks one: their Calendar setting, or this device's. */
  automaticZone: string;
  /** Where the automatic zone comes from, e.g. "your Calendar setting". */
  automaticReason: string;
  /** The person's choice, or null for the automatic zone. */
  displayZone: string | null;
  secondaryZone: string | null;
  onDisplayZone: (zone: string | null) => void;
  onSecondaryZone: (zone: string | null) => void;
  onClose: () => void;
}

const automaticValue = '';

/** Which zone the grid shows (automatic by default) and an optional second clock. */
export function TimeZoneDialog({
  open,
  automaticZone,
  automaticReason,
  displayZone,
  secondaryZone,
  onDisplayZone,
  onSecondaryZone,
  onClose,
}: TimeZoneDialogProps) {
  const ids = { display: useId(), secondary: useId() };
  const device = deviceTimeZone();
  const zones = useMemo(
    () => knownTimeZones(automaticZone, device, displayZone ?? '', secondaryZone ?? ''),
    [automaticZone, device, displayZone, secondaryZone],
  );
  const label = (zone: string) => `${zone.replace(/_/g, ' ')} (${zoneOffsetLabel(zone)})`;

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {open ? (
          <Dialog.Content className="dialog" data-testid="time-zone-dialog">
            <Dialog.Title className="dialog__title">Time zones</Dialog.Title>
            <Dialog.Description className="dialog__description">
              Times follow {automaticReason} unless you choose otherwise. This device is in {label(device)}.
            </Dialog.Description>
            <div className="field">
              <label className="field__label" htmlFor={ids.display}>
                Show times in
              </label>
              <select
                id={ids.display}
                className="input"
                value={displayZone ?? automaticValue}
                onChange={(event) => onDisplayZone(event.target.value === automaticValue ? null : event.target.value)}
                data-testid="time-zone-display"
              >
                <option value={automaticValue}>
                  Automatic — {label(automaticZone)}, {automaticReason}
                </option>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {label(zone)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.secondary}>
                Second time zone beside the hours
              </label>
              <select
                id={ids.secondary}
                className="input"
                value={secondaryZone ?? ''}
                onChange={(event) => onSecondaryZone(event.target.value || null)}
                data-testid="time-zone-secondary"
              >
                <option value="">None</option>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {label(zone)}
                  </option>
                ))}
              </select>
            </div>
            <div className="dialog__actions">
              <button type="button" className="button button--primary" onClick={onClose} data-testid="time-zone-done">
                Done
              </button>
            </div>
          </Dialog.Content>
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
