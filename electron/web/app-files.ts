import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders to look in for the app's own files. This module runs from source (electron/web/) and
 * bundled (dist/web/main.mjs), and may be started from any working directory, so it tries the
 * running script's folder, this module's folder when known, and the working directory.
 */
function startingPoints(): string[] {
  const points = [process.cwd()];
  if (process.argv[1]) points.unshift(dirname(resolve(process.argv[1])));
  const moduleUrl = import.meta.url;
  if (typeof moduleUrl === 'string' && moduleUrl.startsWith('file:')) points.unshift(dirname(fileURLToPath(moduleUrl)));
  return points;
}

/** The nearest folder at or above one of the starting points whose package.json is Atrium's. */
export function findAppRoot(): string | undefined {
  for (const start of startingPoints()) {
    for (let dir = start, i = 0; i < 6; i++) {
      const manifest = join(dir, 'package.json');
      if (existsSync(manifest)) {
        try {
          const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown };
          if (parsed.name === 'atrium') return dir;
        } catch {
          // Not a readable manifest; keep looking further up.
        }
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}

export function defaultRendererDir(): string {
  return join(findAppRoot() ?? process.cwd(), 'dist', 'renderer');
}

export function readAppVersion(): string {
  const root = findAppRoot();
  if (!root) return '0.0.0';
  try {
    const parsed = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
