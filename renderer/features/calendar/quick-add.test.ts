import { describe, expect, it } from 'vitest';
import { formatRecurrence } from './recurrence-rule';
import { parseQuickAdd } from './quick-add';

// Tuesday 24 November 2026, 09:00 in New York.
const context = { now: Date.UTC(2026, 10, 24, 14, 0), zone: 'America/New_York', defaultMinutes: 60 };

interface Row {
  text: string;
  summary: string;
  /** `YYYY-MM-DD HH:MM–HH:MM` (end date added when it differs) or `YYYY-MM-DD` (all day) or `YYYY-MM-DD..YYYY-MM-DD`. */
  when: string;
  rule?: string;
  location?: string;
}

const rows: Row[] = [
  // The two misread phrases.
  { text: 'Gym every Monday 7am', summary: 'Gym', when: '2026-11-30 07:00–08:00', rule: 'RRULE:FREQ=WEEKLY;BYDAY=MO' },
  { text: 'Dentist next Thursday 30 minutes 4pm', summary: 'Dentist', when: '2026-12-03 16:00–16:30' },
  // Repeats.
  {
    text: 'Standup weekdays 10am',
    summary: 'Standup',
    when: '2026-11-24 10:00–11:00',
    rule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  },
  {
    text: 'Standup every weekday at 9:30 for 15 min',
    summary: 'Standup',
    when: '2026-11-24 09:30–09:45',
    rule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  },
  {
    text: 'Vitamins daily until Dec 20',
    summary: 'Vitamins',
    when: '2026-11-24',
    rule: 'RRULE:FREQ=DAILY;UNTIL=20261220',
  },
  {
    text: 'Walk daily 7am until Dec 20',
    summary: 'Walk',
    when: '2026-11-25 07:00–08:00',
    rule: 'RRULE:FREQ=DAILY;UNTIL=20261221T045959Z',
  },
  {
    text: '1:1 with Sam every other week Friday 2pm',
    summary: '1:1 with Sam',
    when: '2026-11-27 14:00–15:00',
    rule: 'RRULE:FREQ=WEEKLY;INTERVAL=2',
  },
  {
    text: 'Book club every other Wednesday 7pm',
    summary: 'Book club',
    when: '2026-11-25 19:00–20:00',
    rule: 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE',
  },
  {
    text: 'Yoga every Tuesday and Thursday 6pm',
    summary: 'Yoga',
    when: '2026-11-24 18:00–19:00',
    rule: 'RRULE:FREQ=WEEKLY;BYDAY=TU,TH',
  },
  {
    text: 'Piano on Saturdays 11am',
    summary: 'Piano',
    when: '2026-11-28 11:00–12:00',
    rule: 'RRULE:FREQ=WEEKLY;BYDAY=SA',
  },
  { text: 'Rent every month', summary: 'Rent', when: '2026-11-24', rule: 'RRULE:FREQ=MONTHLY' },
  { text: 'Review monthly Dec 1', summary: 'Review', when: '2026-12-01', rule: 'RRULE:FREQ=MONTHLY' },
  { text: 'Anniversary yearly Jan 5', summary: 'Anniversary', when: '2027-01-05', rule: 'RRULE:FREQ=YEARLY' },
  {
    text: 'Water plants every 3 days',
    summary: 'Water plants',
    when: '2026-11-24',
    rule: 'RRULE:FREQ=DAILY;INTERVAL=3',
  },
  {
    text: 'Sprint planning every 2 weeks Monday 10am',
    summary: 'Sprint planning',
    when: '2026-11-30 10:00–11:00',
    rule: 'RRULE:FREQ=WEEKLY;INTERVAL=2',
  },
  {
    text: 'Physio every Friday 3pm for 6 times',
    summary: 'Physio',
    when: '2026-11-27 15:00–16:00',
    rule: 'RRULE:FREQ=WEEKLY;BYDAY=FR;COUNT=6',
  },
  {
    text: 'Team sync weekly Thursday noon',
    summary: 'Team sync',
    when: '2026-11-26 12:00–13:00',
    rule: 'RRULE:FREQ=WEEKLY',
  },
  { text: 'Run every day 6am', summary: 'Run', when: '2026-11-25 06:00–07:00', rule: 'RRULE:FREQ=DAILY' },
  // Durations.
  { text: 'Call Ann tomorrow 3pm for 30 minutes', summary: 'Call Ann', when: '2026-11-25 15:00–15:30' },
  { text: 'Review 2pm 45 min', summary: 'Review', when: '2026-11-24 14:00–14:45' },
  { text: 'Workshop Friday 1pm 2h', summary: 'Workshop', when: '2026-11-27 13:00–15:00' },
  { text: 'Interview Thursday 10am 1h30', summary: 'Interview', when: '2026-11-26 10:00–11:30' },
  { text: 'Deep work tomorrow 9am for 1.5 hours', summary: 'Deep work', when: '2026-11-25 09:00–10:30' },
  { text: 'Chat with Lee at 4pm for an hour', summary: 'Chat with Lee', when: '2026-11-24 16:00–17:00' },
  { text: 'Coffee tomorrow 8am half an hour', summary: 'Coffee', when: '2026-11-25 08:00–08:30' },
  { text: 'Late call 11pm for 2 hours', summary: 'Late call', when: '2026-11-24 23:00–2026-11-25 01:00' },
  // Relative days.
  { text: 'Pay bills tomorrow', summary: 'Pay bills', when: '2026-11-25' },
  { text: 'Haircut next Thursday', summary: 'Haircut', when: '2026-12-03' },
  { text: 'Follow up in 3 days', summary: 'Follow up', when: '2026-11-27' },
  { text: 'Party on Saturday 8pm', summary: 'Party', when: '2026-11-28 20:00–21:00' },
  { text: 'Report due Friday', summary: 'Report due', when: '2026-11-27' },
  { text: 'Lunch today 12:30', summary: 'Lunch', when: '2026-11-24 12:30–13:30' },
  { text: 'Flight Dec 18 6:45am', summary: 'Flight', when: '2026-12-18 06:45–07:45' },
  // Times and ranges.
  { text: 'Dentist 4pm', summary: 'Dentist', when: '2026-11-24 16:00–17:00' },
  { text: 'Planning 4-5pm tomorrow', summary: 'Planning', when: '2026-11-25 16:00–17:00' },
  { text: 'Lunch with Ann noon Friday', summary: 'Lunch with Ann', when: '2026-11-27 12:00–13:00' },
  { text: 'Demo from 2pm to 3:30pm Wednesday', summary: 'Demo', when: '2026-11-25 14:00–15:30' },
  { text: 'Release party 10pm-1am Friday', summary: 'Release party', when: '2026-11-27 22:00–2026-11-28 01:00' },
  { text: 'Meet Bo at 10:15', summary: 'Meet Bo', when: '2026-11-24 10:15–11:15' },
  // A bare hour, as Google reads one: 1 to 7 in the afternoon, 8 to 11 in the morning, 12 at noon.
  { text: 'Call Bob at 3', summary: 'Call Bob', when: '2026-11-24 15:00–16:00' },
  { text: 'Dinner Friday at 7', summary: 'Dinner', when: '2026-11-27 19:00–20:00' },
  { text: 'Tea tomorrow at 4:30', summary: 'Tea', when: '2026-11-25 16:30–17:30' },
  { text: 'Breakfast tomorrow at 8', summary: 'Breakfast', when: '2026-11-25 08:00–09:00' },
  { text: 'Lunch Friday at 12', summary: 'Lunch', when: '2026-11-27 12:00–13:00' },
  { text: 'Workshop Thursday 10 to 2', summary: 'Workshop', when: '2026-11-26 10:00–14:00' },
  { text: 'Early train Friday 06:45', summary: 'Early train', when: '2026-11-27 06:45–07:45' },
  { text: 'Night bus 3am', summary: 'Night bus', when: '2026-11-25 03:00–04:00' },
  // Locations.
  {
    text: 'Coffee with Kim tomorrow 9am at Blue Bottle',
    summary: 'Coffee with Kim',
    when: '2026-11-25 09:00–10:00',
    location: 'Blue Bottle',
  },
  { text: 'Standup 10am @ office', summary: 'Standup', when: '2026-11-24 10:00–11:00', location: 'office' },
  {
    text: 'Lunch at Blue Bottle tomorrow 12:30',
    summary: 'Lunch',
    when: '2026-11-25 12:30–13:30',
    location: 'Blue Bottle',
  },
  {
    text: 'Drinks at the Crown at 6pm Friday',
    summary: 'Drinks',
    when: '2026-11-27 18:00–19:00',
    location: 'the Crown',
  },
  {
    text: 'Gym every Monday 7am @ Fitness First',
    summary: 'Gym',
    when: '2026-11-30 07:00–08:00',
    rule: 'RRULE:FREQ=WEEKLY;BYDAY=MO',
    location: 'Fitness First',
  },
  // All day.
  { text: 'Offsite all day Friday', summary: 'Offsite', when: '2026-11-27' },
  { text: 'Conference Dec 7-9', summary: 'Conference', when: '2026-12-07..2026-12-09' },
  { text: 'Mom visiting all-day tomorrow', summary: 'Mom visiting', when: '2026-11-25' },
  { text: 'Holiday Dec 24 all day', summary: 'Holiday', when: '2026-12-24' },
  { text: 'Ideas', summary: 'Ideas', when: '2026-11-24' },
];

function whenOf(result: ReturnType<typeof parseQuickAdd>): string {
  if (result.allDay)
    return result.endDate === result.startDate ? result.startDate : `${result.startDate}..${result.endDate}`;
  const end = result.endDate === result.startDate ? result.endTime : `${result.endDate} ${result.endTime}`;
  return `${result.startDate} ${result.startTime}–${end}`;
}

describe('quick add reads', () => {
  it.each(rows)('“$text”', (row) => {
    const result = parseQuickAdd(row.text, context);
    const recurrence = formatRecurrence(result.repeat, { allDay: result.allDay, timeZone: context.zone });
    expect({
      summary: result.summary,
      when: whenOf(result),
      rule: recurrence[0],
      location: result.location,
    }).toEqual({ summary: row.summary, when: row.when, rule: row.rule, location: row.location ?? '' });
  });

  it('reads at least 40 phrases', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
  });

  it('takes a bare afternoon hour already past today as tomorrow’s', () => {
    // 16:00 in New York: 3pm today has gone.
    const late = parseQuickAdd('Call Bob at 3', { ...context, now: Date.UTC(2026, 10, 24, 21, 0) });
    expect(whenOf(late)).toBe('2026-11-25 15:00–16:00');
  });

  it('reads times on the zone’s clock whatever the zone', () => {
    const tokyo = parseQuickAdd('Call 9am tomorrow', { ...context, zone: 'Asia/Tokyo' });
    // 14:00 UTC is 23:00 on the 24th in Tokyo, so tomorrow is the 25th.
    expect(whenOf(tokyo)).toBe('2026-11-25 09:00–10:00');
  });
});
