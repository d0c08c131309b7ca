import * as Dialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import { deviceTimeZone } from './time-zone';
import { TimeZonePicker } from './TimeZonePicker';
import { describeZone } from './zone-list';
import { useDialogLayer } from '../../lib/escape-layers';

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
  const layer = useDialogLayer();
  const device = deviceTimeZone();
  const label = (zone: string) => {
    const described = describeZone(zone);
    return `${described.city} (${described.offsetLabel})`;
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {open ? (
          <Dialog.Content {...layer} className="dialog" data-testid="time-zone-dialog">
            <Dialog.Title className="dialog__title">Time zones</Dialog.Title>
            <Dialog.Description className="dialog__description">
              Times follow {automaticReason} unless you choose otherwise. This device is in {label(device)}.
            </Dialog.Description>
            <div className="field">
              <label className="field__label" htmlFor={ids.display}>
                Show times in
              </label>
              <TimeZonePicker
                id={ids.display}
                value={displayZone}
                onChange={onDisplayZone}
                none={{ label: `Automatic — ${label(automaticZone)}`, detail: automaticReason }}
                extras={[automaticZone, device]}
                testId="time-zone-display"
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.secondary}>
                Second time zone beside the hours
              </label>
              <TimeZonePicker
                id={ids.secondary}
                value={secondaryZone}
                onChange={onSecondaryZone}
                none={{ label: 'None' }}
                extras={[device]}
                testId="time-zone-secondary"
              />
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
