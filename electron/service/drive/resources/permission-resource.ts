import type { EffectivePermission, PermissionRow } from '../domain/permissions-repository';

export type PermissionResource = Record<string, unknown> & {
  kind: 'drive#permission';
  id: string;
  type: string;
  role: string;
};

/** Drive answers these permission fields when the request names none. */
export function minimalPermission(p: PermissionResource): PermissionResource {
  return { kind: p.kind, id: p.id, type: p.type, role: p.role };
}

export function permissionResource(p: PermissionRow | EffectivePermission, driveId: string | null): PermissionResource {
  const inherited = 'inherited' in p && p.inherited === 1;
  // An owner's grant reaches content below as write access.
  const role = inherited && p.role === 'owner' ? 'writer' : p.role;
  const out: PermissionResource = { kind: 'drive#permission', id: p.id, type: p.type, role };
  if (p.email) out.emailAddress = p.email;
  if (p.domain) out.domain = p.domain;
  if (p.display_name) out.displayName = p.display_name;
  if (p.type === 'domain' || p.type === 'anyone') out.allowFileDiscovery = p.allow_file_discovery === 1;
  if (p.expiration_time) out.expirationTime = p.expiration_time;
  if (p.type === 'user' || p.type === 'group') out.deleted = false;
  out.pendingOwner = false;
  if (driveId !== null) {
    const source = 'source_file_id' in p ? p.source_file_id : p.file_id;
    const detail = {
      permissionType: source === driveId ? 'member' : 'file',
      role,
      inherited,
      ...(inherited ? { inheritedFrom: source } : {}),
    };
    out.permissionDetails = [detail];
    out.teamDrivePermissionDetails = [
      {
        teamDrivePermissionType: detail.permissionType,
        role,
        inherited,
        ...(detail.inheritedFrom ? { inheritedFrom: detail.inheritedFrom } : {}),
      },
    ];
  }
  return out;
}
