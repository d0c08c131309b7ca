import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import type { User } from '../../store/users';
import type { CalendarState } from '../domain/calendar-state';
import { badRequest, forbidden, notFound } from '../../http/api-error';
import { mergedPatchFields } from '../../http/merge-patch';
import type { CalendarAccess } from '../domain/access';
import { accessCalendar } from '../domain/access';
import type { AclRow } from '../domain/acl-repository';
import { ruleIdFor } from '../domain/acl-repository';
import { setAclRule } from '../domain/calendar-operations';
import { aclResource, etagOf } from '../domain/calendar-views';
import { collections, latestChangeSeq } from '../domain/change-log';
import { refuseExplicitFalse } from '../domain/event-request';
import type { Role } from '../domain/roles';
import { isRole } from '../domain/roles';
import { listSmall } from '../domain/small-list';
import { decodeSyncToken, isStringKey, queryFingerprint } from '../domain/tokens';

/** Access control rules: who may see or change a calendar. Only owners see and manage them. */

const scopeTypes = ['default', 'user', 'group', 'domain'] as const;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readRole(value: unknown): Exclude<Role, 'none'> {
  if (!isRole(value) || value === 'none') {
    throw badRequest('invalid', 'Invalid value for: role must be freeBusyReader, reader, writer or owner.', 'role');
  }
  return value;
}

function readScope(value: unknown): { type: string; value: string | null } {
  if (!isObject(value)) throw badRequest('required', 'Missing scope.', 'scope');
  const type = value.type;
  if (typeof type !== 'string' || !(scopeTypes as readonly string[]).includes(type)) {
    throw badRequest('invalid', 'Invalid value for: scope.type must be default, user, group or domain.', 'scope.type');
  }
  if (type === 'default') {
    if (value.value !== undefined && value.value !== null && value.value !== '') {
      throw badRequest('invalid', 'The default scope takes no value.', 'scope.value');
    }
    return { type, value: null };
  }
  if (typeof value.value !== 'string' || value.value === '')
    throw badRequest('required', 'Missing scope value.', 'scope.value');
  const v = value.value.toLowerCase();
  if ((type === 'user' || type === 'group') && !/^[^\s@]+@[^\s@]+$/.test(v)) {
    throw badRequest(
      'invalid',
      `Invalid value for: scope.value must be an email address for scope ${type}.`,
      'scope.value',
    );
  }
  if (type === 'domain' && !/^[a-z0-9.-]+\.[a-z]{2,}$/.test(v)) {
    throw badRequest('invalid', 'Invalid value for: scope.value must be a domain name.', 'scope.value');
  }
  return { type, value: v };
}

/** An owner cannot change their own access, and the calendar's creator stays its owner. */
function refuseProtectedRule(ctx: { readonly user: User }, access: CalendarAccess, ruleId: string): void {
  if (ruleId === `user:${ctx.user.email}` || ruleId === `user:${access.calendar.owner_email}`) {
    throw forbidden("You cannot change your own access to this calendar, nor its creator's.", 'cannotChangeOwnAcl');
  }
}

function liveRule(
  cal: CalendarState,
  ctx: { readonly params: { readonly ruleId: string } },
  access: CalendarAccess,
): AclRow {
  const rule = cal.r.acl.get(access.calendar.id, ctx.params.ruleId);
  if (!rule || rule.role === 'none') throw notFound('Not Found');
  return rule;
}

function CalendarAclGet(ctx: RequestContext<'CalendarAclGet'>, cal: CalendarState): HandlerResult {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'owner');
  return { body: aclResource(liveRule(cal, ctx, access)) };
}

function CalendarAclList(ctx: RequestContext<'CalendarAclList'>, cal: CalendarState): HandlerResult {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'owner');
  const r = cal.r;
  const calendarId = access.calendar.id;
  const nowMs = ctx.service.now().getTime();
  const syncTokenParam = ctx.params.syncToken;
  let sync;
  if (syncTokenParam !== undefined) {
    refuseExplicitFalse(ctx, { showDeleted: ctx.params.showDeleted });
    sync = decodeSyncToken(syncTokenParam, collections.acl(calendarId), nowMs, ctx.service.config.syncTokenRetentionMs);
  }
  const showDeleted = ctx.params.showDeleted;
  const pageToken = ctx.params.pageToken;
  const page = listSmall<AclRow, string>({
    r,
    nowMs,
    collection: collections.acl(calendarId),
    fingerprint: queryFingerprint(['acl', calendarId, showDeleted]),
    maxResults: ctx.params.maxResults,
    ...(pageToken ? { pageToken } : {}),
    ...(sync ? { sync } : {}),
    page: (after, limit) => r.acl.page(calendarId, after ?? '', limit),
    keyOf: (row) => row.rule_id,
    changed: (seq, limit) => r.acl.changedSince(calendarId, seq, limit),
    seqOf: (row) => row.change_seq,
    isKey: isStringKey,
    include: (row) => showDeleted || row.role !== 'none',
  });
  return {
    body: {
      kind: 'calendar#acl',
      etag: etagOf(latestChangeSeq(r.store)),
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      ...(page.nextSyncToken ? { nextSyncToken: page.nextSyncToken } : {}),
      items: page.rows.map(aclResource),
    },
  };
}

function CalendarAclInsert(ctx: RequestContext<'CalendarAclInsert'>, cal: CalendarState): HandlerResult {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'owner');
  const body = isObject(ctx.body) ? ctx.body : {};
  const role = readRole(body.role);
  const scope = readScope(body.scope);
  refuseProtectedRule(ctx, access, ruleIdFor(scope.type, scope.value));
  const row = cal.write((r, changes) => setAclRule(r, changes, access.calendar.id, scope.type, scope.value, role));
  return { body: aclResource(row) };
}

function modifyRule(
  cal: CalendarState,
  ctx: RequestContext<'CalendarAclUpdate'> | RequestContext<'CalendarAclPatch'>,
  replace: boolean,
): HandlerResult {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'owner');
  const rule = liveRule(cal, ctx, access);
  const given = isObject(ctx.body) ? ctx.body : {};
  const storedScope =
    rule.scope_value === null ? { type: rule.scope_type } : { type: rule.scope_type, value: rule.scope_value };
  const body = replace ? given : mergedPatchFields({ scope: storedScope }, given);
  if (body.scope !== undefined && body.scope !== null) {
    const scope = readScope(body.scope);
    if (ruleIdFor(scope.type, scope.value) !== rule.rule_id) {
      throw badRequest('invalid', 'The scope of a rule cannot be changed; insert a new rule instead.', 'scope');
    }
  }
  const role = replace || body.role !== undefined ? readRole(body.role) : (rule.role as Role);
  refuseProtectedRule(ctx, access, rule.rule_id);
  const row = cal.write((r, changes) =>
    setAclRule(r, changes, access.calendar.id, rule.scope_type, rule.scope_value, role),
  );
  return { body: aclResource(row) };
}

function CalendarAclDelete(ctx: RequestContext<'CalendarAclDelete'>, cal: CalendarState): HandlerResult {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'owner');
  const rule = liveRule(cal, ctx, access);
  refuseProtectedRule(ctx, access, rule.rule_id);
  // A deleted rule stays as role `none`, so listings with showDeleted and sync tokens report it.
  cal.write((r, changes) => setAclRule(r, changes, access.calendar.id, rule.scope_type, rule.scope_value, 'none'));
  return { status: 204 };
}

export const aclHandlers = defineHandlers<CalendarState>({
  CalendarAclGet,
  CalendarAclList,
  CalendarAclInsert,
  CalendarAclUpdate: (ctx, cal) => modifyRule(cal, ctx, true),
  CalendarAclPatch: (ctx, cal) => modifyRule(cal, ctx, false),
  CalendarAclDelete,
});
