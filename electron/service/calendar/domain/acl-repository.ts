import type { Store } from '../../store/store';
import type { Role } from './roles';
import { isRole, strongest } from './roles';

/** A row of `calendar_acl`; role `none` is a deleted rule kept for sync. */
export interface AclRow {
  calendar_id: string;
  rule_id: string;
  scope_type: string;
  scope_value: string | null;
  role: string;
  change_seq: number;
}

export class AclRepository {
  constructor(private readonly store: Store) {}

  private get getStmt() {
    return this.store.prepare<[string, string], AclRow>(
      'SELECT * FROM calendar_acl WHERE calendar_id = ? AND rule_id = ?',
    );
  }

  private get upsertStmt() {
    return this.store.prepare(
      `INSERT INTO calendar_acl (calendar_id, rule_id, scope_type, scope_value, role, change_seq)
         VALUES (@calendar_id, @rule_id, @scope_type, @scope_value, @role, @change_seq)
         ON CONFLICT (calendar_id, rule_id) DO UPDATE SET role = excluded.role, change_seq = excluded.change_seq`,
    );
  }

  private get pageStmt() {
    return this.store.prepare<[string, string, number], AclRow>(
      'SELECT * FROM calendar_acl WHERE calendar_id = ? AND rule_id > ? ORDER BY rule_id LIMIT ?',
    );
  }

  private get changedStmt() {
    return this.store.prepare<[string, number, number], AclRow>(
      'SELECT * FROM calendar_acl WHERE calendar_id = ? AND change_seq > ? ORDER BY change_seq LIMIT ?',
    );
  }

  private get rolesStmt() {
    return this.store.prepare<[string, string, string], { role: string }>(
      `SELECT role FROM calendar_acl WHERE calendar_id = ? AND rule_id IN (?, ?, 'default')`,
    );
  }

  private get groupsOfStmt() {
    return this.store.prepare<[string], { rule_id: string }>(
      "SELECT 'group:' || group_email AS rule_id FROM calendar_group_members WHERE member_email = ?",
    );
  }

  private get groupRolesStmt() {
    return this.store.prepare<[string, string], { role: string }>(
      'SELECT role FROM calendar_acl WHERE calendar_id = ? AND rule_id IN (SELECT value FROM json_each(?))',
    );
  }

  private get byCalendarStmt() {
    return this.store.prepare<[string], AclRow>('SELECT * FROM calendar_acl WHERE calendar_id = ?');
  }

  private get deleteAllStmt() {
    return this.store.prepare<[string]>('DELETE FROM calendar_acl WHERE calendar_id = ?');
  }

  get(calendarId: string, ruleId: string): AclRow | undefined {
    return this.getStmt.get(calendarId, ruleId);
  }

  upsert(row: AclRow): void {
    this.upsertStmt.run(row);
  }

  /** Rules in rule-id order after `afterRuleId`. */
  page(calendarId: string, afterRuleId: string, limit: number): AclRow[] {
    return this.pageStmt.all(calendarId, afterRuleId, limit);
  }

  changedSince(calendarId: string, seq: number, limit: number): AclRow[] {
    return this.changedStmt.all(calendarId, seq, limit);
  }

  all(calendarId: string): AclRow[] {
    return this.byCalendarStmt.all(calendarId);
  }

  deleteAll(calendarId: string): void {
    this.deleteAllStmt.run(calendarId);
  }

  /** The user's effective role from the rules naming them, a group they belong to, their domain, or everyone. */
  effectiveRole(calendarId: string, email: string): Role {
    const domain = email.includes('@') ? email.slice(email.lastIndexOf('@') + 1) : '';
    let role: Role = 'none';
    const rows = this.rolesStmt.all(calendarId, `user:${email}`, `domain:${domain}`);
    // Most users belong to no group: the group rules are looked up only for those who do.
    const groupRules = this.groupsOfStmt.all(email.toLowerCase());
    if (groupRules.length > 0)
      rows.push(...this.groupRolesStmt.all(calendarId, JSON.stringify(groupRules.map((g) => g.rule_id))));
    for (const row of rows) {
      if (isRole(row.role)) role = strongest(role, row.role);
    }
    return role;
  }
}

export const ruleIdFor = (scopeType: string, scopeValue: string | null): string =>
  scopeType === 'default' ? 'default' : `${scopeType}:${scopeValue ?? ''}`;
