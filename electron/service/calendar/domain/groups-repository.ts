import type { Store } from '../../store/store';

/** Group membership: which addresses belong to a group address (all stored lower-cased). */
export class GroupsRepository {
  constructor(private readonly store: Store) {}

  private get membersStmt() {
    return this.store.prepare<[string], { member_email: string }>(
      'SELECT member_email FROM calendar_group_members WHERE group_email = ? ORDER BY member_email',
    );
  }

  private get isGroupStmt() {
    return this.store.prepare<[string], { found: number }>(
      'SELECT 1 AS found FROM calendar_group_members WHERE group_email = ? LIMIT 1',
    );
  }

  private get clearStmt() {
    return this.store.prepare<[string]>('DELETE FROM calendar_group_members WHERE group_email = ?');
  }

  private get addStmt() {
    return this.store.prepare<[string, string]>(
      'INSERT OR IGNORE INTO calendar_group_members (group_email, member_email) VALUES (?, ?)',
    );
  }

  private get calendarsStmt() {
    return this.store.prepare<[string], { calendar_id: string }>(
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
