// Starts Atrium on the embedded local service: in Electron where its binary is present,
// otherwise in the browser host, which prints the address to open.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);

function electronBinary() {
  if (process.env.ATRIUM_HOST === 'browser') return null;
  let electronDir;
  try {
    electronDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = path.join(electronDir, 'path.txt');
  const present = () =>
    existsSync(pathFile) && existsSync(path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8')));
  if (!present() && process.env.ELECTRON_SKIP_BINARY_DOWNLOAD !== '1' && !process.env.CI) {
    // Electron fetches its binary on first use; where that is impossible (offline, blocked), use the browser host.
    console.log('Fetching the Electron binary…');
    const fetched = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
      stdio: ['ignore', 'inherit', 'pipe'],
      encoding: 'utf8',
      timeout: 180_000,
    });
    if (fetched.status !== 0) {
      // One line on why (e.g. no network) rather than the downloader's stack trace.
      const reason = (fetched.stderr ?? '').split('\n').find((line) => line.trim() !== '') ?? 'timed out';
      console.log(`Could not fetch it: ${reason.trim()}`);
    }
  }
  return present() ? path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8')) : null;
}

/**
 * The browser host needs Node 24 (its SQLite binding does): the running one when it is that new,
 * otherwise the one the project installs (`npm start` already runs on it; `node scripts/start.mjs`
 * on an older system Node may not).
 */
function projectNode() {
  if (Number(process.versions.node.split('.')[0]) >= 24 || process.platform === 'win32') return process.execPath;
  const installed = path.join(root, 'node_modules', '.bin', 'node');
  return existsSync(installed) ? installed : process.execPath;
}

function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { stdio: 'inherit', cwd: root });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const electron = electronBinary();
if (electron) {
  run(electron, [root, ...args]);
} else {
  console.log('No Electron binary here: serving Atrium to the browser instead.');
  run(projectNode(), [path.join(root, 'dist/web/main.mjs'), ...args]);
}
