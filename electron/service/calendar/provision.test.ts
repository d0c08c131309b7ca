import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalendarService, type CalendarTestService } from './test-support';

describe('a new user’s calendar defaults', () => {
  let t: CalendarTestService;
  beforeAll(async () => {
    t = await startCalendarService();
  });
  afterAll(() => t.close());

  it('puts the primary calendar and the timezone setting in the zone the user was created with', async () => {
    t.service.addUser({ email: 'dana@example.com', token: 'dana-token', timeZone: 'Europe/Berlin' });
    const dana = t.client('dana-token');
    const { data: primary } = await dana.calendars.get({ calendarId: 'primary' });
    expect(primary.timeZone).toBe('Europe/Berlin');
    const { data: setting } = await dana.settings.get({ setting: 'timezone' });
    expect(setting.value).toBe('Europe/Berlin');
  });

  it('falls back to UTC for a user created without a zone or with one that does not exist', async () => {
    t.service.addUser({ email: 'erin@example.com', token: 'erin-token', timeZone: 'Mars/Olympus_Mons' });
    const erin = t.client('erin-token');
    expect((await erin.calendars.get({ calendarId: 'primary' })).data.timeZone).toBe('UTC');
    expect((await erin.settings.get({ setting: 'timezone' })).data.value).toBe('UTC');
    const { data: alicePrimary } = await t.client('alice-token').calendars.get({ calendarId: 'primary' });
    expect(alicePrimary.timeZone).toBe('UTC');
  });
});
