import * as Popover from '@radix-ui/react-popover';
import { Command } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { currentZoneName, describeZone, zoneMatch, zoneOptions, type ZoneOption } from './zone-list';

/** A choice above the zones that stands for no particular zone ("Automatic", "None"). */
export interface ZoneChoice {
  label: string;
  detail?: string;
}

interface TimeZonePickerProps {
  /** The stored zone (an old name shows as its current one), or null for `none`. */
  value: string | null;
  onChange: (zone: string | null) => void;
  /** The id the field's label points at. */
  id: string;
  /**
   * The field's name, when the button should carry it with its value ("Time zone: Berlin (GMT+1)"):
   * a label element alone names the button and leaves the value unsaid.
   */
  label?: string;
  /** Offered first, standing for null. */
  none?: ZoneChoice;
  /** Names the picker must offer even when the list lacks them (the device's zone, the stored one). */
  extras?: readonly string[];
  testId: string;
}

const noneValue = '\u0000none';

function zoneLabel(option: ZoneOption): string {
  return `${option.city} (${option.offsetLabel})`;
}

/**
 * A searchable time-zone field, as Google Calendar's: a button showing the zone, which opens a
 * combobox (type a place, a country, an old name or an offset; arrows; Enter) over the maintained
 * list of current zones with their offsets now.
 */
export function TimeZonePicker({ value, onChange, id, label, none, extras = [], testId }: TimeZonePickerProps) {
  const [open, setOpen] = useState(false);
  const current = value === null ? null : currentZoneName(value);
  const extrasKey = [current ?? '', ...extras].join('\n');
  // The whole list (offsets read now) only while it is open.
  const options = useMemo(
    () => (open ? zoneOptions(new Date(), ...extrasKey.split('\n').filter(Boolean)) : []),
    [open, extrasKey],
  );
  const selected = useMemo(() => (current === null ? null : describeZone(current)), [current]);
  const byName = useMemo(() => new Map(options.map((option) => [option.name, option])), [options]);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    // Open on the zone chosen, as a native select does.
    const frame = requestAnimationFrame(() =>
      listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'center' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const valueText = selected
    ? zoneLabel(selected)
    : none
      ? `${none.label}${none.detail ? ` — ${none.detail}` : ''}`
      : '';

  const choose = (zone: string | null) => {
    setOpen(false);
    if (zone !== current) onChange(zone);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          id={id}
          type="button"
          className="input zone-picker__trigger"
          aria-haspopup="listbox"
          data-testid={testId}
          data-value={value ?? ''}
          {...(label ? { 'aria-label': valueText ? `${label}: ${valueText}` : label } : {})}
        >
          <span className="zone-picker__value">{valueText}</span>
          <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" className="zone-picker__chevron">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="zone-picker popover-surface"
          aria-label={label ?? 'Time zone'}
          align="start"
          sideOffset={4}
          collisionPadding={12}
          data-testid={`${testId}-popup`}
        >
          <Command
            label="Search time zones"
            defaultValue={current ?? noneValue}
            filter={(name, search) => {
              if (name === noneValue) return search.trim() ? 0 : 1;
              const option = byName.get(name);
              return option ? zoneMatch(option, search) : 0;
            }}
          >
            <Command.Input
              className="input zone-picker__search"
              placeholder="Search by city, country or offset"
              data-testid="zone-picker-search"
            />
            <Command.List ref={listRef} label="Time zones" className="zone-picker__list" data-testid="zone-picker-list">
              <Command.Empty className="zone-picker__empty">No time zone matches.</Command.Empty>
              {none ? (
                <Command.Item value={noneValue} onSelect={() => choose(null)} className="zone-picker__item">
                  <span className="zone-picker__city">{none.label}</span>
                  {none.detail ? <span className="zone-picker__region">{none.detail}</span> : null}
                </Command.Item>
              ) : null}
              {options.map((option) => (
                <Command.Item
                  key={option.name}
                  value={option.name}
                  onSelect={() => choose(option.name)}
                  className="zone-picker__item"
                  data-zone={option.name}
                >
                  <span className="zone-picker__city">{option.city}</span>
                  <span className="zone-picker__offset">{option.offsetLabel}</span>
                  {option.region ? <span className="zone-picker__region">{option.region}</span> : null}
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
