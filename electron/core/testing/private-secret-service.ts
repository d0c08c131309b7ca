import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A Secret Service of our own for tests: gnome-keyring-daemon on a private D-Bus session bus
 * (dbus-run-session), with its keyrings in a temporary home, so tests never touch the keyring of
 * the person running them. Needs the Debian packages `dbus` (dbus-run-session) and
 * `gnome-keyring`.
 */
export interface PrivateSecretService {
  /** The bus address to put in DBUS_SESSION_BUS_ADDRESS. */
  readonly busAddress: string;
  /** Where the daemon keeps its (encrypted) keyring files. */
  readonly keyringDir: string;
  stop(): Promise<void>;
}

const onPath = (command: string): boolean =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Whether this machine can run one (the binaries are installed). */
export const secretServiceAvailable = (): boolean =>
  process.platform === 'linux' && onPath('dbus-run-session') && onPath('gnome-keyring-daemon');

export async function startPrivateSecretService(home: string): Promise<PrivateSecretService> {
  const dataHome = join(home, '.local', 'share');
  const runtime = join(home, 'run');
  await mkdir(join(home, '.cache'), { recursive: true });
  await mkdir(dataHome, { recursive: true });
  await mkdir(runtime, { recursive: true, mode: 0o700 });
  // The login keyring is created (and unlocked) with this password, so its file on disk is encrypted.
  const script =
    'printf %s "atrium-test-keyring" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; echo "BUS=$DBUS_SESSION_BUS_ADDRESS"; exec sleep 3600';
  const child: ChildProcess = spawn('dbus-run-session', ['--', 'sh', '-c', script], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_DATA_HOME: dataHome, XDG_RUNTIME_DIR: runtime },
    stdio: ['ignore', 'pipe', 'ignore'],
    // Its own process group, so stopping it stops the bus and the daemon it started, and nothing else.
    detached: true,
  });
  const busAddress = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the private D-Bus session did not start')), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /BUS=(\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`dbus-run-session exited with ${code}`));
    });
  });
  return {
    busAddress,
    keyringDir: join(dataHome, 'keyrings'),
    async stop() {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}
