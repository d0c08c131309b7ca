/** What the benchmarks that drive the real renderer in Chromium share: the browser, the built renderer, a scratch folder. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumExecutable, chromiumFlags } from '../e2e/chromium';

const root = resolve(fileURLToPath(import.meta.url), '../..');

/** Headless Chromium with the project's flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    ...(chromiumExecutable ? { executablePath: chromiumExecutable } : {}),
    args: chromiumFlags,
  });
}

/** The renderer to measure: ATRIUM_RENDERER_DIR when set, else dist/renderer, built here when missing. */
export function builtRenderer(): string {
  const dir = process.env.ATRIUM_RENDERER_DIR ?? join(root, 'dist/renderer');
  if (!existsSync(join(dir, 'index.html'))) {
    const built = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), 'renderer'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('building the renderer failed');
  }
  return dir;
}

/** A fresh data folder, in memory where the machine has one, so disk noise stays out of the figures. */
export function scratchDataDir(name: string): string {
  return mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), `atrium-bench-${name}-`));
}
