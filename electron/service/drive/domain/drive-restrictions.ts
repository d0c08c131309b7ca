import { badRequest } from '../../http/api-error';
import type { SharedDriveRow } from './drives-repository';
import type { PermissionRow } from './permissions-repository';

/** What a shared drive's organizers (or its domain's administrators) restrict for the drive and its items. */
export interface DriveRestrictions {
  readonly adminManagedRestrictions: boolean;
  readonly copyRequiresWriterPermission: boolean;
  readonly domainUsersOnly: boolean;
  readonly driveMembersOnly: boolean;
  readonly sharingFoldersRequiresOrganizerPermission: boolean;
}

export function restrictionsOf(drive: SharedDriveRow): DriveRestrictions {
  const stored = JSON.parse(drive.restrictions) as Partial<Record<keyof DriveRestrictions, boolean>>;
  return {
    adminManagedRestrictions: stored.adminManagedRestrictions === true,
    copyRequiresWriterPermission: stored.copyRequiresWriterPermission === true,
    domainUsersOnly: stored.domainUsersOnly === true,
    driveMembersOnly: stored.driveMembersOnly === true,
    sharingFoldersRequiresOrganizerPermission: stored.sharingFoldersRequiresOrganizerPermission === true,
  };
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
