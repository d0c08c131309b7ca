import type { Database, Statement } from 'better-sqlite3';
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
  private readonly getStmt: Statement<[string, string], AclRow>;
  private readonly upsertStmt: Statement<[AclRow]>;
  private readonly pageStmt: Statement<[string, string, number], AclRow>;
  private readonly changedStmt: Statement<[string, number, number], AclRow>;
  private readonly rolesStmt: Statement<[string, string, string], { role: string }>;
  private readonly groupsOfStmt: Statement<[string], { rule_id: string }>;
  private readonly groupRolesStmt: Statement<[string, string], { role: string }>;
  private readonly byCalendarStmt: Statement<[string], AclRow>;
  private readonly deleteAllStmt: Statement<[string]>;

  constructor(db: Database) {
    this.getStmt = db.prepare<[string, string], AclRow>(
      'SELECT * FROM calendar_acl WHERE calendar_id = ? AND rule_id = ?',
    );
    this.upsertStmt = db.prepare(
      `INSERT INTO calendar_acl (calendar_id, rule_id, scope_type, scope_value, role, change_seq)
       VALUES (@calendar_id, @rule_id, @scope_type, @scope_value, @role, @change_seq)
       ON CONFLICT (calendar_id, rule_id) DO UPDATE SET role = excluded.role, change_seq = excluded.change_seq`,
    );
    this.pageStmt = db.prepare<[string, string, number], AclRow>(
      'SELECT * FROM calendar_acl WHERE calendar_id = ? AND rule_id > ? ORDER BY rule_id LIMIT ?',
    );
    this.changedStmt = db.prepare<[string, number, number], AclRow>(
      'SELECT * FROM calendar_acl WHERE calendar_id = ? AND change_seq > ? ORDER BY change_seq LIMIT ?',
    );
    this.rolesStmt = db.prepare<[string, string, string], { role: string }>(
      `SELECT role FROM calendar_acl WHERE calendar_id = ? AND rule_id IN (?, ?, 'default')`,
    );
    this.groupsOfStmt = db.prepare<[string], { rule_id: string }>(
      "SELECT 'group:' || group_email AS rule_id FROM calendar_group_members WHERE member_email = ?",
    );
    this.groupRolesStmt = db.prepare<[string, string], { role: string }>(
      'SELECT role FROM calendar_acl WHERE calendar_id = ? AND rule_id IN (SELECT value FROM json_each(?))',
    );
    this.byCalendarStmt = db.prepare<[string], AclRow>('SELECT * FROM calendar_acl WHERE calendar_id = ?');
    this.deleteAllStmt = db.prepare<[string]>('DELETE FROM calendar_acl WHERE calendar_id = ?');
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
