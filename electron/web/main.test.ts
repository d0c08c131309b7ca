import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliOptions } from './cli-options';
import { defaultUserDataDir } from './user-data-dir';

const root = resolve(import.meta.dirname, '../..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-web-cli-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('browser host CLI', () => {
  it('prints the address, serves it, and stops cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      // tsx as a loader, not its CLI: the CLI relays signals through a parent process and kills the
      // child when it does not confirm within 30 ms, which a busy machine can miss.
      ['--import', 'tsx', join(root, 'electron/web/main.ts'), '--port', '0', '--data', dir],
      {
        cwd: root,
        // No keyring for this run: the test must not leave secrets in the keyring of whoever runs it.
        env: {
          ...process.env,
          DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-bus')}`,
          ATRIUM_CONFIG: join(dir, 'no-config.json'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          const match = /Atrium is running at (http:\/\/127\.0\.0\.1:\d+\/\?secret=\S+)/.exec(out);
          if (match?.[1]) resolveUrl(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      const page = await fetch(url);
      expect([200, 503]).toContain(page.status);
      expect((await fetch(new URL('/', url))).status).toBe(403);
      expect(existsSync(join(dir, 'local-service', 'atrium.sqlite'))).toBe(true);
    } finally {
      const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});

describe('default data folder', () => {
  it('follows each platform convention', () => {
    expect(defaultUserDataDir('linux', {}, '/home/ann')).toBe('/home/ann/.local/share/Atrium');
    expect(defaultUserDataDir('linux', { XDG_DATA_HOME: '/data/ann' }, '/home/ann')).toBe('/data/ann/Atrium');
    expect(defaultUserDataDir('linux', { XDG_DATA_HOME: 'relative/ignored' }, '/home/ann')).toBe(
      '/home/ann/.local/share/Atrium',
    );
    expect(defaultUserDataDir('darwin', {}, '/Users/ann')).toBe('/Users/ann/Library/Application Support/Atrium');
    expect(defaultUserDataDir('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann')).toBe(
      join('C:\\Users\\ann\\AppData\\Roaming', 'Atrium'),
    );
  });
});

describe('command line options', () => {
  it('reads --port and --data, defaulting to a free port and the user-data folder', () => {
    expect(parseCliOptions(['--port', '8123', '--data', '/tmp/x'])).toEqual({
      port: 8123,
      dataDir: '/tmp/x',
      help: false,
    });
    expect(parseCliOptions([])).toEqual({ port: 0, dataDir: defaultUserDataDir(), help: false });
  });

  it('refuses a bad port or an unknown option', () => {
    expect(() => parseCliOptions(['--port', 'eighty'])).toThrow('--port must be an integer');
    expect(() => parseCliOptions(['--port', '70000'])).toThrow('--port must be an integer');
    expect(() => parseCliOptions(['--port', '-1'])).toThrow();
    expect(() => parseCliOptions(['--colour', 'red'])).toThrow();
  });
});
