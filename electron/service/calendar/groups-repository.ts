import type { Database, Statement } from 'better-sqlite3';

/** Group membership: which addresses belong to a group address (all stored lower-cased). */
export class GroupsRepository {
  private readonly membersStmt: Statement<[string], { member_email: string }>;
  private readonly isGroupStmt: Statement<[string], { found: number }>;
  private readonly clearStmt: Statement<[string]>;
  private readonly addStmt: Statement<[string, string]>;
  private readonly calendarsStmt: Statement<[string], { calendar_id: string }>;

  constructor(db: Database) {
    this.membersStmt = db.prepare<[string], { member_email: string }>(
      'SELECT member_email FROM calendar_group_members WHERE group_email = ? ORDER BY member_email',
    );
    this.isGroupStmt = db.prepare<[string], { found: number }>(
      'SELECT 1 AS found FROM calendar_group_members WHERE group_email = ? LIMIT 1',
    );
    this.clearStmt = db.prepare<[string]>('DELETE FROM calendar_group_members WHERE group_email = ?');
    this.addStmt = db.prepare<[string, string]>(
      'INSERT OR IGNORE INTO calendar_group_members (group_email, member_email) VALUES (?, ?)',
    );
    this.calendarsStmt = db.prepare<[string], { calendar_id: string }>(
      "SELECT calendar_id FROM calendar_acl WHERE rule_id = ? AND role != 'none'",
    );
  }

  members(group: string): string[] {
    return this.membersStmt.all(group.toLowerCase()).map((row) => row.member_email);
  }

  /** A group is an address with at least one member. */
  isGroup(address: string): boolean {
    return this.isGroupStmt.get(address.toLowerCase()) !== undefined;
  }

  replaceMembers(group: string, members: readonly string[]): void {
    const key = group.toLowerCase();
    this.clearStmt.run(key);
    for (const member of members) this.addStmt.run(key, member.toLowerCase());
  }

  /** Calendars with a live ACL rule for the group. */
  calendarsSharedWith(group: string): string[] {
    return this.calendarsStmt.all(`group:${group.toLowerCase()}`).map((row) => row.calendar_id);
  }
}
