import { ApiError, badRequest, conflict, forbidden } from '../../http/api-error';
import type { SystemParams } from '../../../../shared/api';
import { defineHandlers, type HandlerBody, type HandlerResult, type RequestContext } from '../../http/handler';
import { mergePatch } from '../../http/merge-patch';
import { administeredDomain, notDomainAdministrator, requireDriveAdministrator } from '../domain/admin-access';
import { defaultRestrictions, restrictionsOf } from '../domain/drive-restrictions';
import { deletePermanently } from '../domain/file-operations';
import type { SharedDriveRow } from '../domain/drives-repository';
import { principalsOf, roleRank } from '../domain/roles';
import { savePermission } from '../domain/sharing';
import { driveErrors } from '../domain/errors';
import { newDriveId, permissionIdForEmail } from '../domain/ids';
import { folderMimeType } from '../domain/mime';
import type { QueryNode } from '../query/ast';
import { normalizeTime } from '../query/compile';
import { QuerySyntaxError } from '../query/lexer';
import { parseDriveQuery } from '../query/list-files';
import { decodePageToken, encodePageToken, fingerprintOf } from '../query/page-token';
import { DriveSession, type DriveState } from '../domain/session';
import { hasFields } from './common';

/** Shared drives and their deprecated team-drive twins differ only in names. */
export type DriveFlavor = 'drive' | 'teamDrive';

export const themes = [
  { id: 'abacus', colorRgb: '#4986e7' },
  { id: 'beach_ball', colorRgb: '#f691b2' },
  { id: 'bok_choy', colorRgb: '#16a765' },
  { id: 'cactus', colorRgb: '#7bd148' },
  { id: 'clouds', colorRgb: '#9fc6e7' },
  { id: 'desk', colorRgb: '#ac725e' },
  { id: 'mountains', colorRgb: '#8f8f8f' },
  { id: 'sunset', colorRgb: '#ff7537' },
] as const;

const backgroundLink = (s: DriveSession, themeOrFile: string) =>
  `${s.service.baseUrl()}/drive/v3/backgrounds/${encodeURIComponent(themeOrFile)}`;

/**
 * How the requester stands towards a drive: their role strength as a member (0 for none), and
 * whether they act as an administrator of its domain (`useDomainAdminAccess`), which manages the
 * drive as an organizer would without giving access to its content.
 */
interface DriveStanding {
  rank: number;
  admin: boolean;
}

function driveResource(
  s: DriveSession,
  d: SharedDriveRow,
  { rank, admin }: DriveStanding,
  flavor: DriveFlavor,
): Record<string, unknown> {
  const organizer = admin || rank >= roleRank.organizer;
  const manager = rank >= roleRank.fileOrganizer;
  const writer = rank >= roleRank.writer;
  // With admin-managed restrictions only an administrator may change them.
  const restrictionsEditable = admin || (organizer && restrictionsOf(d).adminManagedRestrictions !== true);
  const suffix = flavor === 'drive' ? 'Drive' : 'TeamDrive';
  const out: Record<string, unknown> = {
    kind: `drive#${flavor}`,
    id: d.id,
    name: d.name,
    colorRgb: d.color_rgb,
    createdTime: d.created_time,
    restrictions: restrictionsOf(d),
    capabilities: {
      canAddChildren: writer,
      canChangeCopyRequiresWriterPermissionRestriction: restrictionsEditable,
      canChangeDomainUsersOnlyRestriction: restrictionsEditable,
      [`canChange${suffix}Background`]: organizer,
      [`canChange${suffix}MembersOnlyRestriction`]: restrictionsEditable,
      canComment: rank >= roleRank.commenter,
      canCopy: rank >= roleRank.reader,
      [`canDelete${suffix}`]: organizer,
      canDeleteChildren: organizer,
      canDownload: rank >= roleRank.reader,
      canEdit: writer,
      canListChildren: rank >= roleRank.reader,
      canManageMembers: organizer,
      canReadRevisions: writer,
      [`canRename${suffix}`]: organizer,
      canRename: manager,
      canShare: organizer,
      canTrashChildren: manager,
    },
  };
  if (d.background_image_link) out.backgroundImageLink = d.background_image_link;
  if (flavor === 'drive') out.hidden = d.hidden === 1;
  return out;
}

function answer(ctx: { readonly params: SystemParams }, resource: Record<string, unknown>): Record<string, unknown> {
  return hasFields(ctx) ? resource : { kind: resource.kind, id: resource.id, name: resource.name };
}

interface DrivePatch {
  name?: string;
  themeId?: string;
  colorRgb?: string;
  backgroundImageFile?: { id: string; xCoordinate: number; yCoordinate: number; width: number };
  /** A merge patch of the stored restrictions: null clears one (back to its default), or all of them. */
  restrictions?: Record<string, boolean | null> | null;
  hidden?: boolean;
}

/** The body of a create or update of a shared drive (or team drive), as the registry validated it. */
type DriveBody = HandlerBody<'DriveDrivesCreate'> | HandlerBody<'DriveTeamdrivesCreate'>;

/** `asAdmin`: the request acts as the drive's domain administrator, who alone sets adminManagedRestrictions. */
function parseDriveBody(body: DriveBody, mode: 'create' | 'update', asAdmin = false): DrivePatch {
  const out: DrivePatch = {};
  // The registry's schema has checked each field's type; null (which it lets through, to clear a
  // field) is refused here for the fields a drive cannot go without.
  for (const [key, value] of Object.entries(body) as [string, unknown][]) {
    if (value === undefined || key === 'kind') continue;
    // Clearing a drive's look or a read-only field leaves it as it is; a drive always has a name.
    if (value === null && key !== 'name' && key !== 'restrictions') continue;
    switch (key) {
      case 'name':
        if (typeof value !== 'string' || value.trim() === '')
          throw badRequest('invalid', 'name must be a non-empty string.', 'name');
        out.name = value;
        break;
      case 'themeId':
        if (typeof value !== 'string' || !themes.some((t) => t.id === value))
          throw badRequest('invalid', `Unknown themeId '${String(value)}'.`, 'themeId');
        out.themeId = value;
        break;
      case 'colorRgb':
        if (typeof value !== 'string' || !/^#[0-9a-f]{6}$/i.test(value))
          throw badRequest('invalid', 'colorRgb must be an RGB hex string such as #4986e7.', 'colorRgb');
        out.colorRgb = value.toLowerCase();
        break;
      case 'backgroundImageFile': {
        const v = value as Record<string, unknown> | null;
        if (
          !v ||
          typeof v !== 'object' ||
          typeof v.id !== 'string' ||
          typeof v.xCoordinate !== 'number' ||
          typeof v.yCoordinate !== 'number' ||
          typeof v.width !== 'number'
        ) {
          throw badRequest(
            'invalid',
            'backgroundImageFile needs all of id, xCoordinate, yCoordinate and width.',
            'backgroundImageFile',
          );
        }
        out.backgroundImageFile = { id: v.id, xCoordinate: v.xCoordinate, yCoordinate: v.yCoordinate, width: v.width };
        break;
      }
      case 'restrictions': {
        if (value === null) {
          out.restrictions = null;
          break;
        }
        const v = value as Record<string, unknown>;
        if (typeof v !== 'object' || Array.isArray(v))
          throw badRequest('invalid', 'restrictions must be an object.', 'restrictions');
        const r: Record<string, boolean | null> = {};
        for (const [k, b] of Object.entries(v)) {
          if (!(k in defaultRestrictions) || (k === 'adminManagedRestrictions' && !asAdmin))
            throw badRequest('invalid', `Unknown or read-only restriction ${k}.`, `restrictions.${k}`);
          if (typeof b !== 'boolean' && b !== null)
            throw badRequest('invalid', `restrictions.${k} must be true or false.`, `restrictions.${k}`);
          r[k] = b;
        }
        out.restrictions = r;
        break;
      }
      case 'hidden':
        if (mode === 'update') throw new ApiError(403, 'fieldNotWritable', 'Use hide and unhide to change hidden.');
        if (typeof value !== 'boolean') throw badRequest('invalid', 'hidden must be true or false.', 'hidden');
        out.hidden = value;
        break;
      default:
        throw new ApiError(
          403,
          'fieldNotWritable',
          `The resource body includes fields which are not directly writable: ${key}.`,
        );
    }
  }
  if (out.themeId !== undefined && (out.colorRgb !== undefined || out.backgroundImageFile !== undefined)) {
    throw badRequest('invalid', 'A themeId cannot be combined with colorRgb or backgroundImageFile.', 'themeId');
  }
  if (mode === 'create' && (out.colorRgb !== undefined || out.backgroundImageFile !== undefined)) {
    throw badRequest(
      'invalid',
      'colorRgb and backgroundImageFile can only be set by updating the drive.',
      out.colorRgb !== undefined ? 'colorRgb' : 'backgroundImageFile',
    );
  }
  return out;
}

function membersOf(s: DriveSession, driveId: string): Set<string> {
  return s.usersWithAccess(driveId);
}

/**
 * The drive if the user is a member, with their role strength on it. As a domain administrator
 * (`asAdmin`) they reach every drive of their domain, member or not, and no drive of another.
 */
function requireDrive(s: DriveSession, driveId: string, asAdmin = false): { drive: SharedDriveRow } & DriveStanding {
  if (asAdmin) {
    administeredDomain(s.user);
    const drive = s.data.drives.get(driveId);
    if (!drive) throw driveErrors.driveNotFound(driveId);
    requireDriveAdministrator(s.user, drive);
    return { drive, rank: s.rankOf(drive.id), admin: true };
  }
  const drive = s.data.drives.get(driveId);
  const rank = drive ? s.rankOf(drive.id) : 0;
  if (!drive || rank === 0) throw driveErrors.driveNotFound(driveId);
  return { drive, rank, admin: false };
}

/** Organizers manage a drive; so does its domain's administrator acting as one. */
function requireManager(standing: DriveStanding, message: string): void {
  if (!standing.admin && standing.rank < roleRank.organizer) throw driveErrors.insufficientPermissions(message);
}

/** The drive a request names: `driveId`, or `teamDriveId` on the team drive operations. */
const driveIdOf = (params: { readonly driveId: string } | { readonly teamDriveId: string }): string =>
  'driveId' in params ? params.driveId : params.teamDriveId;
const asAdmin = (ctx: {
  readonly params: { readonly useDomainAdminAccess: boolean } | { readonly teamDriveId: string };
}): boolean => 'useDomainAdminAccess' in ctx.params && ctx.params.useDomainAdminAccess;

export function drivesCreate(
  state: DriveState,
  ctx: RequestContext<'DriveDrivesCreate'> | RequestContext<'DriveTeamdrivesCreate'>,
  flavor: DriveFlavor = 'drive',
): HandlerResult {
  const s = new DriveSession(state, ctx);
  const requestId = ctx.params.requestId;
  const patch = parseDriveBody(ctx.body, 'create');
  if (!patch.name) throw driveErrors.required('name', 'A shared drive needs a name.');
  const drive = s.write(() => {
    if (s.data.drives.byRequest(s.user.id, requestId)) {
      throw conflict('A shared drive with this requestId already exists.', 'duplicate');
    }
    const theme = patch.themeId
      ? themes.find((t) => t.id === patch.themeId)!
      : themes[Math.floor(Math.random() * themes.length)]!;
    const id = newDriveId();
    const row: SharedDriveRow = {
      id,
      name: patch.name!,
      created_time: s.nowIso,
      hidden: patch.hidden ? 1 : 0,
      theme_id: theme.id,
      color_rgb: theme.colorRgb,
      background_image_link: backgroundLink(s, theme.id),
      restrictions: JSON.stringify(mergePatch(defaultRestrictions, patch.restrictions ?? {})),
      creator_id: s.user.id,
      request_id: requestId,
      domain: s.me.domain.toLowerCase(),
    };
    s.data.drives.insert(row);
    s.data.files.insert({
      id,
      name: row.name,
      mime_type: folderMimeType,
      drive_id: id,
      root_kind: 'sharedDrive',
      created_time: s.nowIso,
      modified_time: s.nowIso,
    });
    savePermission(
      s,
      {
        file_id: id,
        id: permissionIdForEmail(s.user.email),
        type: 'user',
        role: 'organizer',
        email: s.user.email.toLowerCase(),
        domain: null,
        display_name: s.me.display_name,
        allow_file_discovery: null,
        expiration_time: null,
        created_time: s.nowIso,
        sharing_user_id: s.user.id,
      },
      undefined,
    );
    s.driveChanged(id, [s.user.id]);
    return row;
  });
  return { body: answer(ctx, driveResource(s, drive, { rank: roleRank.organizer, admin: false }, flavor)) };
}

export function drivesGet(
  state: DriveState,
  ctx: RequestContext<'DriveDrivesGet'> | RequestContext<'DriveTeamdrivesGet'>,
  flavor: DriveFlavor = 'drive',
): HandlerResult {
  const s = new DriveSession(state, ctx);
  const { drive, ...standing } = requireDrive(s, driveIdOf(ctx.params), asAdmin(ctx));
  return { body: answer(ctx, driveResource(s, drive, standing, flavor)) };
}

/** Evaluates a drives query (name, hidden, createdTime, memberCount, organizerCount) against one drive. */
function matchesDrive(
  node: QueryNode,
  facts: { name: string; hidden: boolean; createdTime: string; memberCount: number; organizerCount: number },
): boolean {
  switch (node.kind) {
    case 'and':
      return node.items.every((n) => matchesDrive(n, facts));
    case 'or':
      return node.items.some((n) => matchesDrive(n, facts));
    case 'not':
      return !matchesDrive(node.item, facts);
    case 'compare': {
      const cmp = (a: string | number, b: string | number): boolean => {
        switch (node.op) {
          case '=':
            return a === b;
          case '!=':
            return a !== b;
          case '<':
            return a < b;
          case '<=':
            return a <= b;
          case '>':
            return a > b;
          case '>=':
            return a >= b;
          default:
            throw new QuerySyntaxError(node.pos, `operator '${node.op}' is not supported for ${node.field}`);
        }
      };
      switch (node.field) {
        case 'name':
          if (typeof node.value !== 'string') throw new QuerySyntaxError(node.pos, 'expected a quoted string');
          if (node.op === 'contains') return facts.name.toLowerCase().includes(node.value.toLowerCase());
          if (node.op !== '=' && node.op !== '!=')
            throw new QuerySyntaxError(node.pos, `operator '${node.op}' is not supported for name`);
          return cmp(facts.name, node.value);
        case 'hidden':
          if (typeof node.value !== 'boolean' || (node.op !== '=' && node.op !== '!='))
            throw new QuerySyntaxError(node.pos, 'hidden compares with = or != and true or false');
          return node.op === '=' ? facts.hidden === node.value : facts.hidden !== node.value;
        case 'createdTime':
          return cmp(facts.createdTime, normalizeTime(node.value, node.pos));
        case 'memberCount':
        case 'organizerCount':
          if (typeof node.value !== 'number' || node.op === 'contains')
            throw new QuerySyntaxError(node.pos, `${node.field} compares with a number`);
          return cmp(facts[node.field], node.value);
        default:
          throw new QuerySyntaxError(node.pos, `unknown field '${node.field}'`);
      }
    }
    default:
      throw new QuerySyntaxError('pos' in node ? node.pos : 0, 'not a shared drive search term');
  }
}

export function drivesList(
  state: DriveState,
  ctx: RequestContext<'DriveDrivesList'> | RequestContext<'DriveTeamdrivesList'>,
  flavor: DriveFlavor = 'drive',
): HandlerResult {
  const s = new DriveSession(state, ctx);
  const admin = asAdmin(ctx);
  // An administrator lists every drive of their domain, member or not.
  const domain = admin ? administeredDomain(s.user) : undefined;
  const q = ctx.params.q;
  const node = q ? parseDriveQuery(q) : undefined;
  const candidates: ({ drive: SharedDriveRow } & DriveStanding)[] =
    domain !== undefined
      ? s.data.drives.inDomain(domain).map((drive) => ({ drive, rank: s.rankOf(drive.id), admin: true }))
      : s.data.drives
          .memberDrives(principalsOf(s.user), s.nowIso)
          .map((m) => ({ drive: s.data.drives.get(m.id)!, rank: m.rank, admin: false }));
  let matched: typeof candidates;
  try {
    matched = candidates.filter(({ drive }) => {
      if (!node) return true;
      const perms = s.data.permissions.directOn(drive.id);
      return matchesDrive(node, {
        name: drive.name,
        hidden: drive.hidden === 1,
        createdTime: drive.created_time,
        memberCount: perms.length,
        organizerCount: perms.filter((p) => p.role === 'organizer').length,
      });
    });
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw badRequest('invalid', `Invalid Value: ${error.message}`, 'q');
    throw error;
  }
  const pageSize = ctx.params.pageSize ?? 10;
  const fingerprint = fingerprintOf('drives', s.user.id, q, pageSize, admin);
  const offset = decodePageToken(ctx.params.pageToken, fingerprint);
  const page = matched
    .slice(offset, offset + pageSize)
    .map(({ drive, ...standing }) => answer(ctx, driveResource(s, drive, standing, flavor)));
  const out: Record<string, unknown> = { kind: flavor === 'drive' ? 'drive#driveList' : 'drive#teamDriveList' };
  if (offset + pageSize < matched.length) out.nextPageToken = encodePageToken(offset + pageSize, fingerprint);
  out[flavor === 'drive' ? 'drives' : 'teamDrives'] = page;
  return { body: out };
}

function setHidden(
  state: DriveState,
  ctx: RequestContext<'DriveDrivesHide'> | RequestContext<'DriveDrivesUnhide'>,
  hidden: boolean,
): HandlerResult {
  const s = new DriveSession(state, ctx);
  const result = s.write(() => {
    // Hide and unhide take no useDomainAdminAccess: they act for members only.
    const { drive, ...standing } = requireDrive(s, ctx.params.driveId);
    requireManager(standing, 'Only organizers can hide or unhide a shared drive.');
    s.data.drives.update(drive.id, { hidden: hidden ? 1 : 0 });
    s.driveChanged(drive.id, membersOf(s, drive.id));
    return { drive: s.data.drives.get(drive.id)!, standing };
  });
  return { body: answer(ctx, driveResource(s, result.drive, result.standing, 'drive')) };
}

export function drivesHide(state: DriveState, ctx: RequestContext<'DriveDrivesHide'>): HandlerResult {
  return setHidden(state, ctx, true);
}

export function drivesUnhide(state: DriveState, ctx: RequestContext<'DriveDrivesUnhide'>): HandlerResult {
  return setHidden(state, ctx, false);
}

export function drivesUpdate(
  state: DriveState,
  ctx: RequestContext<'DriveDrivesUpdate'> | RequestContext<'DriveTeamdrivesUpdate'>,
  flavor: DriveFlavor = 'drive',
): HandlerResult {
  const s = new DriveSession(state, ctx);
  const admin = asAdmin(ctx);
  const patch = parseDriveBody(ctx.body, 'update', admin);
  const result = s.write(() => {
    const { drive, ...standing } = requireDrive(s, driveIdOf(ctx.params), admin);
    requireManager(standing, 'Only organizers can change a shared drive.');
    if (patch.restrictions !== undefined && !admin && restrictionsOf(drive).adminManagedRestrictions === true) {
      throw notDomainAdministrator('The restrictions of this shared drive are managed by its domain administrators.');
    }
    const changes: Partial<SharedDriveRow> = {};
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.themeId !== undefined) {
      const theme = themes.find((t) => t.id === patch.themeId)!;
      changes.theme_id = theme.id;
      changes.color_rgb = theme.colorRgb;
      changes.background_image_link = backgroundLink(s, theme.id);
    }
    if (patch.colorRgb !== undefined) changes.color_rgb = patch.colorRgb;
    if (patch.backgroundImageFile !== undefined)
      changes.background_image_link = backgroundLink(s, patch.backgroundImageFile.id);
    if (patch.restrictions !== undefined)
      changes.restrictions = JSON.stringify(
        patch.restrictions === null ? {} : mergePatch(JSON.parse(drive.restrictions), patch.restrictions),
      );
    s.data.drives.update(drive.id, changes);
    // The drive's top folder carries the drive's name.
    if (patch.name !== undefined) s.data.files.update(drive.id, { name: patch.name });
    s.driveChanged(drive.id, membersOf(s, drive.id));
    return { drive: s.data.drives.get(drive.id)!, standing };
  });
  return { body: answer(ctx, driveResource(s, result.drive, result.standing, flavor)) };
}

/**
 * Deletes a drive that holds no untrashed items. Its domain's administrator may also delete one
 * that still does (`allowItemDeletion`), and everything in it goes with it.
 */
export function drivesDelete(
  state: DriveState,
  ctx: RequestContext<'DriveDrivesDelete'> | RequestContext<'DriveTeamdrivesDelete'>,
): HandlerResult {
  const admin = asAdmin(ctx);
  const allowItemDeletion = 'allowItemDeletion' in ctx.params && ctx.params.allowItemDeletion;
  if (allowItemDeletion && !admin) {
    throw badRequest('invalid', 'allowItemDeletion requires useDomainAdminAccess.', 'allowItemDeletion');
  }
  const s = new DriveSession(state, ctx);
  s.write(() => {
    const { drive, ...standing } = requireDrive(s, driveIdOf(ctx.params), admin);
    requireManager(standing, 'Only organizers can delete a shared drive.');
    if (!allowItemDeletion && s.data.drives.untrashedItemCount(drive.id) > 0) {
      throw forbidden(
        'The shared drive cannot be deleted because it contains items that are not trashed.',
        'cannotDeleteResourceWithChildren',
      );
    }
    const members = membersOf(s, drive.id);
    const root = s.data.files.get(drive.id)!;
    deletePermanently(s, { ...root, root_kind: null });
    s.data.drives.delete(drive.id);
    s.driveChanged(drive.id, members);
  });
  return { status: 204 };
}

export const drivesHandlers = defineHandlers<DriveState>({
  DriveDrivesGet: (ctx, state) => drivesGet(state, ctx),
  DriveDrivesList: (ctx, state) => drivesList(state, ctx),
  DriveDrivesCreate: (ctx, state) => drivesCreate(state, ctx),
  DriveDrivesHide: (ctx, state) => drivesHide(state, ctx),
  DriveDrivesUnhide: (ctx, state) => drivesUnhide(state, ctx),
  DriveDrivesUpdate: (ctx, state) => drivesUpdate(state, ctx),
  DriveDrivesDelete: (ctx, state) => drivesDelete(state, ctx),
  DriveTeamdrivesGet: (ctx, state) => drivesGet(state, ctx, 'teamDrive'),
  DriveTeamdrivesList: (ctx, state) => drivesList(state, ctx, 'teamDrive'),
  DriveTeamdrivesCreate: (ctx, state) => drivesCreate(state, ctx, 'teamDrive'),
  DriveTeamdrivesUpdate: (ctx, state) => drivesUpdate(state, ctx, 'teamDrive'),
  DriveTeamdrivesDelete: (ctx, state) => drivesDelete(state, ctx),
});
