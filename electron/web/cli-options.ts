import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultUserDataDir } from './user-data-dir';

export const usage = 'Usage: atrium-web [--port <n>] [--data <dir>]';

export interface CliOptions {
  readonly port: number;
  readonly dataDir: string;
  readonly help: boolean;
}

/** Reads `--port` (0, the default, means any free port) and `--data` (default: the platform's user-data folder). */
export function parseCliOptions(args: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...args],
    options: { port: { type: 'string' }, data: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  let port = 0;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535)
      throw new Error(`--port must be an integer from 0 to 65535, not "${values.port}"`);
  }
  return { port, dataDir: resolve(values.data ?? defaultUserDataDir()), help: values.help ?? false };
}
