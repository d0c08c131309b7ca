import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bindHandlers, defineHandlers, type ServiceArea } from './http/handler';
import { escapeForLog } from './log-text';
import { startEmbeddedService } from './server';

describe('escapeForLog', () => {
  it('escapes C0, DEL, C1 and the Unicode line separators, and doubles backslashes', () => {
    expect(escapeForLog('a\r\nb\tc\u0000d\u007fe\u0085f\u009bg\u2028h\u2029i')).toBe(
      'a\\x0d\\x0ab\\x09c\\x00d\\x7fe\\x85f\\x9bg\\u2028h\\u2029i',
    );
    expect(escapeForLog('looks\\x0descaped')).toBe('looks\\\\x0descaped');
    expect(escapeForLog('plain text, café ☕')).toBe('plain text, café ☕');
  });
});

describe('the log of an unexpected error', () => {
  it('keeps request data quoted in the message on one line, and the stack frames below it', async () => {
    const probe: ServiceArea = {
      migrations: { area: 'probe', migrations: [] },
      create: () => ({
        handlers: bindHandlers(
          undefined,
          defineHandlers({
            CalendarSettingsGet(ctx) {
              throw new Error(`no setting ${ctx.params.setting}`);
            },
          }),
        ),
        close() {},
      }),
    };
    const dir = mkdtempSync(join(tmpdir(), 'atrium-log-'));
    const logged: string[] = [];
    const service = await startEmbeddedService({
      dataDir: dir,
      users: [{ email: 'ann@example.com', token: 't' }],
      modules: [probe],
      log: (line) => logged.push(line),
    });
    try {
      const response = await fetch(
        `${service.url}/calendar/v3/users/me/settings/x%0D%0A2030-01-01 FORGED%E2%80%A8line`,
        { headers: { Authorization: 'Bearer t' } },
      );
      expect(response.status).toBe(500);
      expect(logged).toHaveLength(1);
      const [first, ...frames] = logged[0]!.split('\n');
      expect(first).toBe(
        'GET /calendar/v3/users/me/settings/x%0D%0A2030-01-01%20FORGED%E2%80%A8line: Error: no setting x\\x0d\\x0a2030-01-01 FORGED\\u2028line',
      );
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.every((frame) => frame.trimStart().startsWith('at '))).toBe(true);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
