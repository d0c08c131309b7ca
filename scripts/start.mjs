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
    spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { stdio: 'inherit', timeout: 180_000 });
  }
  return present() ? path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8')) : null;
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
  run(process.execPath, [path.join(root, 'dist/web/main.mjs'), ...args]);
}
