// `npm run test:electron [-- --packaged <executable>]`: the Electron smoke suite (e2e-electron/).
//
// Without --packaged it starts the built app (dist/, built here when missing) with the Electron
// binary from node_modules; where that binary is not installed (it cannot be downloaded on every
// machine) it prints why and exits 0, skipped. With --packaged it drives that packaged executable
// (see e2e-electron/launch.ts); a missing executable is a failure, not a skip.
//
// --report <file> writes {"outcome":"passed"|"failed"|"skipped","reason"?} for scripts/test.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name) {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  const value = process.argv[index + 1];
  if (!value || value.startsWith('--')) {
    console.error(`${name} needs a value`);
    process.exit(2);
  }
  return value;
}

const packaged = option('--packaged');
const reportFile = option('--report');

function finish(outcome, reason) {
  if (reportFile) writeFileSync(reportFile, JSON.stringify({ outcome, ...(reason ? { reason } : {}) }));
  if (reason) console.log(`electron smoke: ${outcome}: ${reason}`);
  process.exit(outcome === 'failed' ? 1 : 0);
}

/**
 * Where `require('electron')` would say the binary is (node_modules/electron/path.txt, or
 * ELECTRON_OVERRIDE_DIST_PATH), without requiring it: requiring it starts a download when the
 * binary is missing, which is exactly the case to detect here.
 */
function electronBinary() {
  const packageDir = path.join(root, 'node_modules', 'electron');
  if (!existsSync(path.join(packageDir, 'package.json'))) return { reason: 'the electron package is not installed' };
  const pathFile = path.join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!relative && !override) {
    return { reason: 'no Electron binary was downloaded (node_modules/electron/path.txt is missing)' };
  }
  const binary = override ? path.join(override, relative || 'electron') : path.join(packageDir, 'dist', relative);
  if (!existsSync(binary)) return { reason: `the Electron binary ${path.relative(root, binary)} does not exist` };
  return { binary };
}

const env = { ...process.env };
if (packaged) {
  const executable = path.resolve(packaged);
  if (!existsSync(executable)) finish('failed', `the packaged app ${packaged} does not exist`);
  env.ATRIUM_ELECTRON_PACKAGED = executable;
} else {
  const found = electronBinary();
  if (!found.binary) finish('skipped', found.reason);
  env.ATRIUM_ELECTRON_BINARY = found.binary;
  const built = ['dist/electron/main.mjs', 'dist/electron/preload.cjs', 'dist/renderer/index.html'].every((file) =>
    existsSync(path.join(root, file)),
  );
  if (!built) {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) finish('failed', 'the build failed');
  }
}

const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', 'playwright.electron.config.ts'],
  { cwd: root, stdio: 'inherit', env },
);
finish(result.status === 0 ? 'passed' : 'failed');
