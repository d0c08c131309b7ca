import { createHash, randomInt } from 'node:crypto';
import type { Store } from '../store/store';
import type { User } from '../store/users';

interface UserRow {
  id: string;
  email: string;
  display_name: string;
  domain_admin: number;
}

export interface NewUser {
  email: string;
  token: string;
  displayName?: string;
  /** IANA zone for the user's calendar defaults (primary calendar, `timezone` setting); UTC when absent. */
  timeZone?: string;
  /**
   * Whether the user administers their email's domain. Absent leaves a known user as they are
   * (a new one is no administrator); true or false sets it.
   */
  domainAdmin?: boolean;
}

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Emails compare case-insensitively (as Google's do); they are stored lower-cased and trimmed. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const emailPattern = /^[^\s@:]+@[^\s@:]+$/;
const tokenPattern = /^[\x21-\x7e]+$/;

/** Checks a user definition; returns a readable problem or null. */
export function describeInvalidUser(user: NewUser): string | null {
  if (!emailPattern.test(normalizeEmail(user.email))) return `"${user.email}" is not an email address.`;
  if (!tokenPattern.test(user.token)) return 'A token must be non-empty printable ASCII without spaces.';
  return null;
}

/** Google-style numeric user id (20 digits), random so ids don't reveal how many users exist. */
function newUserId(): string {
  let id = '';
  while (id.length < 20) id += randomInt(0, 1_000_000_000).toString().padStart(9, '0');
  return id.slice(0, 20);
}

const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  displayName: row.display_name,
  domainAdmin: row.domain_admin === 1,
});

const userColumns = 'id, email, display_name, domain_admin';

/** Users and their bearer tokens. */
export class UsersRepository {
  /** Tokens already seen, so a request costs neither a hash nor a query; tokens are never revoked. */
  private readonly byToken = new Map<string, User>();

  constructor(private readonly store: Store) {}

  /** The user a bearer token acts as, or undefined for an unknown token. */
  authenticate(token: string): User | undefined {
    const cached = this.byToken.get(token);
    if (cached) return cached;
    const row = this.store
      .prepare<[string], UserRow>(
        'SELECT u.id, u.email, u.display_name, u.domain_admin FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?',
      )
      .get(hashToken(token));
    if (!row) return undefined;
    const user = toUser(row);
    this.byToken.set(token, user);
    return user;
  }

  findByEmail(email: string): User | undefined {
    const row = this.store
      .prepare<[string], UserRow>(`SELECT ${userColumns} FROM users WHERE email = ?`)
      .get(normalizeEmail(email));
    return row && toUser(row);
  }

  findById(id: string): User | undefined {
    const row = this.store.prepare<[string], UserRow>(`SELECT ${userColumns} FROM users WHERE id = ?`).get(id);
    return row && toUser(row);
  }

  /**
   * Creates the user (or finds it by email) and grants it the token. `provision` runs only for a
   * newly created user, inside the same transaction, so a user never exists without its defaults.
   * Adding a known email again is not an error: the token is added to that user.
   */
  addUser(input: NewUser, now: Date, provision: (user: User) => void): { user: User; created: boolean } {
    const problem = describeInvalidUser(input);
    if (problem) throw new Error(problem);
    const email = normalizeEmail(input.email);
    const tokenHash = hashToken(input.token);
    return this.store.transaction(() => {
      const existing = this.findByEmail(email);
      const owner = this.store
        .prepare<[string], { user_id: string }>('SELECT user_id FROM tokens WHERE token_hash = ?')
        .get(tokenHash);
      if (owner && owner.user_id !== existing?.id)
        throw new Error(`That token already belongs to another user than ${email}.`);
      let user = existing;
      const created = !user;
      if (!user) {
        user = {
          id: newUserId(),
          email,
          displayName: input.displayName?.trim() || email.split('@')[0] || email,
          domainAdmin: input.domainAdmin === true,
        };
        this.store
          .prepare('INSERT INTO users (id, email, display_name, domain_admin, created) VALUES (?, ?, ?, ?, ?)')
          .run(user.id, user.email, user.displayName, user.domainAdmin ? 1 : 0, now.toISOString());
        provision(user);
      } else if (input.domainAdmin !== undefined && input.domainAdmin !== user.domainAdmin) {
        this.store.prepare('UPDATE users SET domain_admin = ? WHERE id = ?').run(input.domainAdmin ? 1 : 0, user.id);
        user = { ...user, domainAdmin: input.domainAdmin };
        // Tokens already seen answer with the user as they were.
        for (const [token, cached] of this.byToken) if (cached.id === user.id) this.byToken.delete(token);
      }
      if (!owner) {
        this.store
          .prepare('INSERT INTO tokens (token_hash, user_id, created) VALUES (?, ?, ?)')
          .run(tokenHash, user.id, now.toISOString());
      }
      return { user, created };
    });
  }
}
