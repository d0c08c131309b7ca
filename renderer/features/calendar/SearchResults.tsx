import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBanner } from '../../components/StatusPanel';
import { apiQueryKey, callApi, callApiAllPages, errorMessage, useActiveAccount } from '../../lib/api';
import { listItems } from '../../lib/list-cache';
import type { CalendarInfo } from './calendar-data';
import { describeTimes, eventKey, eventTimesOf, type EventTimes, type GoogleEvent } from './event-mapping';
import { describeRepeat, parseRecurrence, seriesStartDate } from './recurrence-rule';

interface SearchResultsProps {
  text: string;
  calendars: CalendarInfo[];
  displayZone: string;
  hour12: boolean;
  onOpen: (result: { calendar: CalendarInfo; event: GoogleEvent }) => void;
  onClose: () => void;
}

/** How far around today a search looks: recurring series are expanded, so it needs bounds. */
const searchYears = 2;

function searchParams(calendarId: string, text: string, now: number) {
  const year = 365 * 24 * 3_600_000;
  return {
    calendarId,
    q: text,
    singleEvents: true,
    orderBy: 'startTime',
    timeMin: new Date(now - searchYears * year).toISOString(),
    timeMax: new Date(now + searchYears * year).toISOString(),
    maxResults: 250,
  } as const;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

interface Found {
  calendar: CalendarInfo;
  event: GoogleEvent;
  times: EventTimes;
  sortKey: number;
}

/**
 * One result per series, as Google Calendar lists them: the next occurrence from now (the last
 * one when all are past), with how many were found; single events stand alone. An occurrence renamed
 * on its own is a result of its own: folded into its series it could not be found by its name.
 */
export function groupSeries(found: Found[], now: number): (Found & { seriesId: string | null; count: number })[] {
  const out: (Found & { seriesId: string | null; count: number })[] = [];
  const bySeries = new Map<string, Found[]>();
  for (const entry of found) {
    const seriesId = entry.event.recurringEventId;
    if (!seriesId) {
      out.push({ ...entry, seriesId: null, count: 1 });
      continue;
    }
    const key = `${entry.calendar.id}\u0000${seriesId}\u0000${entry.event.summary ?? ''}`;
    bySeries.set(key, [...(bySeries.get(key) ?? []), entry]);
  }
  for (const members of bySeries.values()) {
    const endOf = (entry: Found) => (entry.times.allDay ? entry.sortKey + 86_400_000 : entry.times.endMs);
    const next = members.find((entry) => endOf(entry) > now) ?? members[members.length - 1];
    if (next) out.push({ ...next, seriesId: next.event.recurringEventId ?? null, count: members.length });
  }
  return out.sort((a, b) => a.sortKey - b.sortKey);
}

/** Events matching `q` in the shown calendars, soonest first; choosing one jumps to it. Mount with `key={text}`. */
export function SearchResults({ text, calendars, displayZone, hour12, onOpen, onClose }: SearchResultsProps) {
  const account = useActiveAccount() ?? '';
  // The search window is fixed when the search starts, so its query keys stay put.
  const [now] = useState(() => Date.now());
  const shown = calendars.filter((calendar) => calendar.selected);
  const results = useQueries({
    queries: shown.map((calendar) => {
      const params = searchParams(calendar.id, text, now);
      return {
        queryKey: apiQueryKey('CalendarEventsList', params, account),
        queryFn: () => callApiAllPages('CalendarEventsList', params, 'items', account ? { account } : {}),
        staleTime: 30_000,
      };
    }),
  });

  const pending = results.some((result) => result.isPending);
  const failed = results.find((result) => result.error);
  const found = results
    .flatMap((result, index) => {
      const calendar = shown[index];
      return calendar ? listItems<GoogleEvent>(result.data, 'items').map((event) => ({ calendar, event })) : [];
    })
    .flatMap((entry) => {
      const times = eventTimesOf(entry.event, displayZone);
      return times && entry.event.status !== 'cancelled'
        ? [{ ...entry, times, sortKey: times.allDay ? Date.parse(`${times.startDate}T00:00:00Z`) : times.startMs }]
        : [];
    })
    .sort((a, b) => a.sortKey - b.sortKey);
  const groups = groupSeries(found, now);
  const seriesMasters = useQueries({
    queries: groups
      .filter((group) => group.seriesId)
      .map((group) => {
        const params = { calendarId: group.calendar.id, eventId: group.seriesId ?? '' };
        return {
          queryKey: apiQueryKey('CalendarEventsGet', params, account),
          queryFn: () => callApi('CalendarEventsGet', params, undefined, account ? { account } : {}),
          staleTime: 60_000,
        };
      }),
  });
  const repeatOf = new Map<string, string>();
  for (const master of seriesMasters) {
    const event = master.data;
    if (!event?.id) continue;
    const rule = parseRecurrence(event.recurrence, {
      allDay: Boolean(event.start?.date),
      timeZone: event.start?.timeZone ?? displayZone,
    });
    const described = describeRepeat(rule, undefined, seriesStartDate(event.start, displayZone));
    repeatOf.set(event.id, rule.kind === 'none' ? 'Repeats' : `Repeats ${lowerFirst(described)}`);
  }

  return (
    <section className="search-results" aria-label={`Search results for ${text}`} data-testid="search-results">
      <header className="search-results__header">
        <h2 className="search-results__title">
          {pending
            ? `Searching for “${text}”…`
            : `${groups.length} ${groups.length === 1 ? 'event' : 'events'} matching “${text}”`}
        </h2>
        <button type="button" className="button button--small" onClick={onClose} data-testid="search-close">
          Close search
        </button>
      </header>
      {failed?.error ? <ErrorBanner message={`Couldn’t search every calendar: ${errorMessage(failed.error)}`} /> : null}
      {!pending && groups.length === 0 ? (
        <p className="search-results__empty">Nothing found in the calendars you are showing.</p>
      ) : null}
      <ul className="search-results__list">
        {groups.map(({ calendar, event, times, seriesId }) => (
          <li key={eventKey(calendar.id, seriesId ?? event.id ?? '')}>
            <button
              type="button"
              className="search-result"
              onClick={() => onOpen({ calendar, event })}
              data-testid="search-result"
            >
              <span
                className="search-result__dot"
                style={{ background: calendar.color.background }}
                aria-hidden="true"
              />
              <span className="search-result__when">{describeTimes(times, displayZone, { hour12 })}</span>
              <span className="search-result__title">
                {event.summary || '(No title)'}
                {seriesId ? (
                  <span className="search-result__repeat" data-testid="search-result-repeat">
                    {repeatOf.get(seriesId) ?? 'Repeats'}
                  </span>
                ) : null}
              </span>
              <span className="search-result__calendar">{calendar.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
