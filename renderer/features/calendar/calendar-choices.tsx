import type { Choice } from '../../components/ChoiceMenu';
import type { CalendarInfo } from './calendar-data';

/** Calendars as menu choices, each with its colour, as Google Calendar lists them. */
export function calendarChoices(calendars: readonly CalendarInfo[]): Choice<string>[] {
  return calendars.map((calendar) => ({
    value: calendar.id,
    label: calendar.name,
    icon: <span className="context-menu__swatch" style={{ background: calendar.color.background }} />,
  }));
}
