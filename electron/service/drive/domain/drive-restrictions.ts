import { badRequest } from '../../http/api-error';
import type { SharedDriveRow } from './drives-repository';
import type { PermissionRow } from './permissions-repository';

/** What a shared drive's organizers (or its domain's administrators) restrict for the drive and its items. */
export interface DriveRestrictions {
  adminManagedRestrictions: boolean;
  copyRequiresWriterPermission: boolean;
  domainUsersOnly: boolean;
  driveMembersOnly: boolean;
  sharingFoldersRequiresOrganizerPermission: boolean;
}

/** A new shared drive's restrictions: none (they are set with an update). */
export const defaultRestrictions: DriveRestrictions = {
  adminManagedRestrictions: false,
  copyRequiresWriterPermission: false,
  domainUsersOnly: false,
  driveMembersOnly: false,
  sharingFoldersRequiresOrganizerPermission: false,
};

export function restrictionsOf(drive: SharedDriveRow): DriveRestrictions {
  const stored = JSON.parse(drive.restrictions) as Partial<Record<keyof DriveRestrictions, boolean>>;
  const restrictions = { ...defaultRestrictions };
  for (const key of Object.keys(defaultRestrictions) as (keyof DriveRestrictions)[])
    restrictions[key] = stored[key] === true;
  return restrictions;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Refuses a new grant on the drive (`onDrive`) or an item in it that the drive's restrictions do
 * not allow: with `domainUsersOnly`, only users, groups and the domain of the drive's own domain;
 * with `driveMembersOnly`, items are shared only with the drive's members (`isMember`).
 */
export function checkGrantAllowed(
  drive: SharedDriveRow,
  grantee: Pick<PermissionRow, 'type' | 'email' | 'domain'>,
  onDrive: boolean,
  isMember: (email: string) => boolean,
): void {
  const restrictions = restrictionsOf(drive);
  if (restrictions.domainUsersOnly) {
    const granteeDomain = grantee.email !== null ? domainOf(grantee.email) : grantee.domain?.toLowerCase();
    if (grantee.type === 'anyone' || granteeDomain !== drive.domain.toLowerCase()) {
      throw badRequest(
        'teamDriveDomainUsersOnlyRestriction',
        `This shared drive and its items can only be shared with users of ${drive.domain}.`,
        'permission',
      );
    }
  }
  if (restrictions.driveMembersOnly && !onDrive) {
    if (grantee.email === null || !isMember(grantee.email)) {
      throw badRequest(
        'teamDriveTeamMembersOnlyRestriction',
        'Items in this shared drive can only be shared with its members.',
        'permission',
      );
    }
  }
}
