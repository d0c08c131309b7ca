import type { Store } from '../../store/store';
import type { User } from '../../store/users';

export interface DriveUserRow {
  user_id: string;
  email: string;
  domain: string;
  display_name: string;
  root_id: string;
  app_data_id: string | null;
}

/** Drive's view of the service's users: their root folders, and lookup by address for sharing. */
export class DriveUsersRepository {
  constructor(private readonly store: Store) {}

  byId(userId: string): DriveUserRow | undefined {
    return this.store.prepare<[string], DriveUserRow>('SELECT * FROM drive_users WHERE user_id = ?').get(userId);
  }

  /** The rows of these users that exist, keyed by user id. */
  byIds(userIds: readonly string[]): Map<string, DriveUserRow> {
    const rows = this.store
      .prepare<[string], DriveUserRow>('SELECT * FROM drive_users WHERE user_id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(userIds));
    return new Map(rows.map((row) => [row.user_id, row]));
  }

  byEmail(email: string): DriveUserRow | undefined {
    return this.store.prepare<[string], DriveUserRow>('SELECT * FROM drive_users WHERE email = ?').get(email);
  }

  require(user: User): DriveUserRow {
    const row = this.byId(user.id);
    if (!row) throw new Error(`Drive was not provisioned for user ${user.email}.`);
    return row;
  }

  insert(row: DriveUserRow): void {
    this.store
      .prepare(
        'INSERT INTO drive_users (user_id, email, domain, display_name, root_id, app_data_id) VALUES (@user_id, @email, @domain, @display_name, @root_id, @app_data_id)',
      )
      .run(row);
  }

  setAppDataFolder(userId: string, folderId: string): void {
    this.store.prepare('UPDATE drive_users SET app_data_id = ? WHERE user_id = ?').run(folderId, userId);
  }

  /** Local users a grant key reaches (`user:` and `domain:` keys; `anyone` is nobody in particular). */
  usersForPrincipals(principals: readonly string[]): string[] {
    const ids = new Set<string>();
    for (const p of principals) {
      if (p.startsWith('user:')) {
        const row = this.byEmail(p.slice(5));
        if (row) ids.add(row.user_id);
      } else if (p.startsWith('domain:')) {
        for (const r of this.store
          .prepare<[string], { user_id: string }>('SELECT user_id FROM drive_users WHERE domain = ?')
          .all(p.slice(7))) {
          ids.add(r.user_id);
        }
      }
    }
    return [...ids];
  }
}
