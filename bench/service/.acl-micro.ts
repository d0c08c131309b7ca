import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedService } from '../../electron/service/server';
import { repositoriesFor } from '../../electron/service/calendar/repositories';
const dir = mkdtempSync(join(tmpdir(), 'micro-'));
const service = await startEmbeddedService({ dataDir: dir });
service.addUser({ email: 'bench@atrium.local', token: 't' });
const db = service.context.store.db;
const r = repositoriesFor(db);
const sql = (db.prepare as any)('SELECT 1').constructor;
const q = { calendar: 'bench@atrium.local', user: 'user:bench@atrium.local', domain: 'domain:atrium.local', member: 'bench@atrium.local' };
const src = `SELECT role FROM calendar_acl WHERE calendar_id = @calendar AND rule_id IN (@user, @domain, 'default')
       UNION ALL
       SELECT a.role FROM calendar_group_members g
         JOIN calendar_acl a ON a.calendar_id = @calendar AND a.rule_id = 'group:' || g.group_email
       WHERE g.member_email = @member`;
console.log(db.prepare('EXPLAIN QUERY PLAN ' + src).all(q));
const old = db.prepare(`SELECT role FROM calendar_acl WHERE calendar_id = ? AND rule_id IN (?, ?, 'default')`);
const neu = db.prepare(src);
const time = (n: string, f: () => unknown) => { let best = 1e9; for (let k = 0; k < 10; k++) { const t = performance.now(); for (let i = 0; i < 2000; i++) f(); best = Math.min(best, (performance.now() - t) / 2000 * 1000); } console.log(n, best.toFixed(2), 'us'); };
time('old', () => old.all(q.calendar, q.user, q.domain));
time('new', () => neu.all(q));
time('effectiveRole', () => r.acl.effectiveRole(q.calendar, q.member));
time('calendars.get', () => r.calendars.get(q.calendar));
time('settings.value', () => r.settings.value(q.calendar, 'hideInvitations'));
time('calendarList.get', () => r.calendarList.get(q.calendar, q.calendar));
const pos = db.prepare(`SELECT role FROM calendar_acl WHERE calendar_id = ? AND rule_id IN (?, ?, 'default')
       UNION ALL
       SELECT a.role FROM calendar_group_members g
         JOIN calendar_acl a ON a.calendar_id = ? AND a.rule_id = 'group:' || g.group_email
       WHERE g.member_email = ?`);
time('pos', () => pos.all(q.calendar, q.user, q.domain, q.calendar, q.member));
const groupsOf = db.prepare('SELECT group_email FROM calendar_group_members WHERE member_email = ?').pluck();
time('old + groupsOf', () => { old.all(q.calendar, q.user, q.domain); groupsOf.all(q.member); });
const named = db.prepare(`SELECT role FROM calendar_acl WHERE calendar_id = @calendar AND rule_id IN (@user, @domain, 'default')`);
time('named old', () => named.all({calendar: q.calendar, user: q.user, domain: q.domain}));
const sub = db.prepare(`SELECT role FROM calendar_acl WHERE calendar_id = ? AND (rule_id IN (?, ?, 'default') OR rule_id IN (SELECT 'group:' || group_email FROM calendar_group_members WHERE member_email = ?))`);
console.log(db.prepare('EXPLAIN QUERY PLAN ' + sub.source).all(q.calendar, q.user, q.domain, q.member));
time('sub', () => sub.all(q.calendar, q.user, q.domain, q.member));
await service.close();
