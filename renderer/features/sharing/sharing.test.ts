import { describe, expect, it } from 'vitest';
import { fieldOfError } from './field-errors';
import {
  canExpire,
  dateFieldValue,
  expirationDateRange,
  expirationFromDate,
  expirationProblem,
  generalAccessOf,
  grantableRoles,
  inheritedFrom,
  parseAddresses,
  peopleOf,
  roleChoices,
  roleLabel,
  shareableDomain,
  type Permission,
} from './permissions';

const owner: Permission = {
  id: 'p-me',
  type: 'user',
  role: 'owner',
  emailAddress: 'me@atrium.local',
  displayName: 'Me',
};
const bob: Permission = {
  id: 'p-bob',
  type: 'user',
  role: 'reader',
  emailAddress: 'bob@atrium.local',
  displayName: 'Bob',
};
const anyone: Permission = { id: 'anyoneWithLink', type: 'anyone', role: 'reader', allowFileDiscovery: false };
const domain: Permission = { id: 'p-dom', type: 'domain', role: 'commenter', domain: 'atrium.local' };

describe('roles', () => {
  it('offers viewer, commenter and editor on My Drive items, and organizer roles in shared drives', () => {
    expect(grantableRoles('myDrive').map((r) => r.role)).toEqual(['reader', 'commenter', 'writer']);
    expect(grantableRoles('sharedDrive').map((r) => r.role)).toEqual([
      'reader',
      'commenter',
      'writer',
      'fileOrganizer',
      'organizer',
    ]);
    expect(roleLabel('writer', 'myDrive')).toBe('Editor');
    expect(roleLabel('fileOrganizer', 'sharedDriveItem')).toBe('Content manager');
    expect(roleLabel('owner', 'myDrive')).toBe('Owner');
  });

  it('says what each of a shared drive’s roles allows, and leaves a file’s roles to their names', () => {
    expect(roleChoices('sharedDrive').map((choice) => [choice.value, choice.label, choice.description])).toEqual([
      ['reader', 'Viewer', 'View files'],
      ['commenter', 'Commenter', 'Comment on files'],
      ['writer', 'Contributor', 'Add and edit files'],
      ['fileOrganizer', 'Content manager', 'Add, edit, move and delete files'],
      ['organizer', 'Manager', 'Manage content, members and settings'],
    ]);
    expect(roleChoices('myDrive')).toEqual([
      { value: 'reader', label: 'Viewer' },
      { value: 'commenter', label: 'Commenter' },
      { value: 'writer', label: 'Editor' },
    ]);
  });

  it('lets only people and groups with ordinary roles expire, never drive members', () => {
    expect(canExpire('user', 'reader', 'myDrive')).toBe(true);
    expect(canExpire('group', 'writer', 'sharedDriveItem')).toBe(true);
    expect(canExpire('anyone', 'reader', 'myDrive')).toBe(false);
    expect(canExpire('user', 'owner', 'myDrive')).toBe(false);
    expect(canExpire('user', 'reader', 'sharedDrive')).toBe(false);
  });
});

describe('who has access', () => {
  it('puts the owner first, then people by name, and finds link sharing', () => {
    expect(peopleOf([bob, anyone, owner]).map((p) => p.id)).toEqual(['p-me', 'p-bob']);
    expect(generalAccessOf([owner, bob]).kind).toBe('restricted');
    expect(generalAccessOf([owner, domain]).kind).toBe('domain');
    expect(generalAccessOf([domain, anyone])).toEqual({ kind: 'anyone', permission: anyone });
  });

  it('tells inherited grants from the item’s own', () => {
    const fromDrive: Permission = {
      ...bob,
      permissionDetails: [{ inherited: true, inheritedFrom: 'drive1', permissionType: 'member' }],
    };
    expect(inheritedFrom(fromDrive, null)).toBe('drive1');
    expect(inheritedFrom({ ...bob, permissionDetails: [{ inherited: false }] }, null)).toBeNull();
    expect(inheritedFrom(bob, [owner, bob])).toBe('parent');
    expect(inheritedFrom({ ...bob, role: 'writer' }, [owner, bob])).toBeNull();
    expect(inheritedFrom(owner, [owner])).toBeNull();
    expect(inheritedFrom(bob, null)).toBeNull();
  });

  it('shares with a domain only where there is one', () => {
    expect(shareableDomain('me@atrium.local')).toBe('atrium.local');
    expect(shareableDomain('someone@gmail.com')).toBeNull();
    expect(shareableDomain(undefined)).toBeNull();
  });
});

describe('expiration', () => {
  it('lasts through the chosen local day and reads back as that day', () => {
    const time = expirationFromDate('2026-07-04');
    expect(time).toBe(new Date(2026, 6, 4, 23, 59, 59).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(dateFieldValue(time!)).toBe('2026-07-04');
    expect(expirationFromDate('July 4')).toBeNull();
  });

  it('must be in the future and at most a year ahead', () => {
    const now = new Date(2026, 0, 10, 12);
    expect(expirationProblem(expirationFromDate('2026-01-09')!, now)).toMatch(/future/);
    expect(expirationProblem(expirationFromDate('2026-02-01')!, now)).toBeNull();
    expect(expirationProblem(expirationFromDate('2027-03-01')!, now)).toMatch(/one year/);
  });

  it('is offered from today to the last day within a year, the days the check accepts', () => {
    for (const [today, max] of [
      ['2026-11-30', '2027-11-29'],
      ['2026-01-01', '2026-12-31'],
      ['2028-02-29', '2029-02-28'],
    ] as const) {
      const range = expirationDateRange(today);
      expect(range).toEqual({ min: today, max });
      // Late in the evening, the tightest moment for the year's bound; the day before today is past.
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      const now = new Date(y, m - 1, d, 23, 30);
      expect(expirationProblem(expirationFromDate(range.min)!, now)).toBeNull();
      expect(expirationProblem(expirationFromDate(range.max)!, now)).toBeNull();
      const dayAfter = new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
      expect(expirationProblem(expirationFromDate(dayAfter)!, new Date(y, m - 1, d, 0, 30))).toMatch(/one year/);
    }
  });
});

describe('addresses and errors', () => {
  it('splits typed addresses and reports the ones that are not addresses', () => {
    expect(parseAddresses('Bob@Atrium.local, carol@example.com; nope  bob@atrium.local')).toEqual({
      valid: ['bob@atrium.local', 'carol@example.com'],
      invalid: ['nope'],
    });
  });

  it('puts a service error next to the field it names', () => {
    expect(fieldOfError({ location: 'permission.expirationTime', message: 'x' })).toBe('expiration');
    expect(fieldOfError({ location: 'sendNotificationEmail' })).toBe('message');
    expect(fieldOfError({ location: 'permission.emailAddress' })).toBe('email');
    expect(fieldOfError({ reason: 'invalidSharingRequest' })).toBe('email');
    expect(fieldOfError(new Error('boom'))).toBe('general');
  });
});
