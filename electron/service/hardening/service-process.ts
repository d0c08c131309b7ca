import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const repo = join(import.meta.dirname, '..', '..', '..');
const cli = join(repo, 'electron', 'service', 'cli.ts');

export interface ServiceProcessOptions {
  readonly dataDir: string;
  readonly users: readonly { email: string; token: string }[];
  readonly port?: number;
  /** Extra environment for the child (e.g. `ATRIUM_FAULT_POINT`, see drive/content/fault-points.ts). */
  readonly env?: Readonly<Record<string, string>>;
}

/** The service CLI running in a child process of its own. */
export interface ServiceProcess {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Resolves with the exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  kill(signal: NodeJS.Signals): void;
}

/**
 * Starts `electron/service/cli.ts` as one Node process (TypeScript through tsx's loader, not tsx's
 * own launcher, so a signal reaches the service itself) and resolves once it prints `listening on`.
 */
export function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const args = ['--import', 'tsx', cli, '--data', options.dataDir, '--port', String(options.port ?? 0)];
  for (const user of options.users) args.push('--user', `${user.email}:${user.token}`);
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /^listening on (http:\/\/127\.0\.0\.1:(\d+))\n/m.exec(out);
      if (!line) return;
      resolve({
        url: line[1]!,
        port: Number(line[2]),
        pid: child.pid!,
        exited,
        stderr: () => err,
        kill: (signal) => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        },
      });
    });
    void exited.then((code) => reject(new Error(`the service exited (${code}) before listening:\n${out}${err}`)));
  });
}
