import { ApiError } from '../../http/api-error';
import type { User } from '../../store/users';
import type { SharedDriveRow } from './drives-repository';
import { domainOf } from './roles';

export const notDomainAdministrator = (
  message = 'The user is not an administrator of the domain that owns this item.',
): ApiError =>
  new ApiError(403, 'insufficientAdministratorPrivileges', message, {
    location: 'useDomainAdminAccess',
    locationType: 'parameter',
  });

/**
 * The domain a request with `useDomainAdminAccess=true` acts for: the requester's own, when they
 * administer it. Anyone else is refused before anything is looked up, so the flag reveals nothing.
 */
export function administeredDomain(user: User): string {
  if (user.domainAdmin !== true) throw notDomainAdministrator();
  return domainOf(user.email);
}

/** Whether the requester administers the domain the shared drive belongs to (refused otherwise). */
export function requireDriveAdministrator(user: User, drive: SharedDriveRow): void {
  if (drive.domain.toLowerCase() !== administeredDomain(user)) throw notDomainAdministrator();
}
