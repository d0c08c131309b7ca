// `npm run check:package`: packages the app with electron-builder (`--dir`, Linux x64) the way a
// release does, and checks what would ship. The Electron binary cannot be downloaded everywhere this
// runs, so a stand-in Electron distribution is used: a fake `electron` executable that carries
// Electron's fuse wire (so the configured fuses are really flipped and read back), and the few files
// electron-builder expects next to it. Needs `node scripts/build.mjs` first.
//
// Checks: app.asar holds the built renderer, the shell's main bundle, the preload and package.json
// pointing at the main bundle; the native SQLite binding is unpacked next to the archive; nothing
// ships that should not (source maps, TypeScript sources, tests, .env files, keys, token-like strings,
// renderer libraries that Vite already bundled); the fuses are set as electron-builder.yml says.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFuses } from './check-fuses.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const asar = require('@electron/asar');

const failures = [];
const fail = (message) => failures.push(message);
const ok = (message) => console.log(`  ok    ${message}`);

for (const built of [
  'dist/renderer/index.html',
  'dist/electron/main.mjs',
  'dist/electron/preload.cjs',
  'dist/electron/service-worker.mjs',
]) {
  if (!existsSync(path.join(root, built))) {
    console.error(`${built} is missing: run \`node scripts/build.mjs\` first.`);
    process.exit(1);
  }
}

// Electron's fuse wire: sentinel, version 1, length, then one byte per fuse ('0' off, '1' on), at
// Electron 45's defaults (RunAsNode, NodeOptions, inspect arguments, file:// privileges and Wasm trap handlers on).
const fuseSentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const defaultWire = '101100011';

function standInElectron(dir) {
  mkdirSync(path.join(dir, 'resources'), { recursive: true });
  mkdirSync(path.join(dir, 'locales'), { recursive: true });
  const executable = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stand-in Electron binary for packaging checks" >&2\nexit 1\n'),
    Buffer.from(fuseSentinel),
    Buffer.from([1, defaultWire.length]),
    Buffer.from(defaultWire),
  ]);
  writeFileSync(path.join(dir, 'electron'), executable);
  chmodSync(path.join(dir, 'electron'), 0o755);
  writeFileSync(path.join(dir, 'LICENSE'), 'stand-in\n');
  writeFileSync(
    path.join(dir, 'version'),
    `${JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies.electron}\n`,
  );
  writeFileSync(path.join(dir, 'locales', 'en-US.pak'), '');
}

const work = mkdtempSync(path.join(tmpdir(), 'atrium-package-'));
try {
  const electronDist = path.join(work, 'electron-dist');
  const output = path.join(work, 'release');
  standInElectron(electronDist);

  const builderCli = path.join(path.dirname(require.resolve('electron-builder/package.json')), 'cli.js');
  const args = [
    builderCli,
    '--dir',
    '--linux',
    '--x64',
    '--config',
    'electron-builder.yml',
    `-c.electronDist=${electronDist}`,
    `-c.directories.output=${output}`,
    // Rebuilding native modules for Electron needs Electron's headers from the internet; the binding
    // is a Node-API prebuild that Node and Electron load alike.
    '-c.npmRebuild=false',
  ];
  console.log('electron-builder --dir --linux --x64 (stand-in Electron)');
  const started = Date.now();
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
  });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    console.error(`electron-builder failed (exit ${result.status})`);
    process.exit(1);
  }
  console.log(`  packaged in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const appOut = path.join(output, 'linux-unpacked');
  const archive = path.join(appOut, 'resources', 'app.asar');
  const unpacked = `${archive}.unpacked`;
  if (!existsSync(archive)) {
    console.error(`no app.asar at ${archive}`);
    process.exit(1);
  }
  const entries = asar
    .listPackage(archive, { isPack: false })
    .map((entry) => entry.replaceAll('\\', '/').replace(/^\/?/, '/'));
  const has = (entry) => entries.includes(entry);
  const read = (entry) => asar.extractFile(archive, entry.slice(1));

  // What must be there.
  const packageJson = JSON.parse(read('/package.json').toString('utf8'));
  if (packageJson.main === 'dist/electron/main.mjs') ok('package.json points at dist/electron/main.mjs');
  else fail(`package.json main is ${packageJson.main}, not dist/electron/main.mjs`);
  // The embedded service runs in a worker thread loaded from service-worker.mjs beside the main bundle.
  for (const entry of [
    '/dist/renderer/index.html',
    '/dist/electron/main.mjs',
    '/dist/electron/preload.cjs',
    '/dist/electron/service-worker.mjs',
  ]) {
    if (!has(entry)) fail(`${entry} is missing from app.asar`);
    else if (!read(entry).equals(readFileSync(path.join(root, entry.slice(1)))))
      fail(`${entry} differs from the build`);
    else ok(`${entry} is the built file`);
  }
  const scripts = entries.filter((e) => /^\/dist\/renderer\/assets\/.+\.js$/.test(e));
  if (scripts.length > 0) ok(`renderer bundle: ${scripts.length} script(s) in dist/renderer/assets`);
  else fail('no renderer script in dist/renderer/assets');
  const mainBundle = read('/dist/electron/main.mjs').toString('utf8');
  if (mainBundle.includes('atrium:call') && mainBundle.includes('registerSchemesAsPrivileged'))
    ok('the main bundle is the shell (IPC bridge, app:// scheme)');
  else fail('dist/electron/main.mjs does not look like the shell bundle');

  // Native bindings the main process loads: SQLite, and BLAKE3 (the address of stored Drive content).
  for (const [what, binding] of [
    ['SQLite', 'node_modules/better-sqlite3/prebuilds/linux-x64.node'],
    ['BLAKE3', 'node_modules/@napi-rs/blake-hash-linux-x64-gnu/blake.linux-x64-gnu.node'],
  ]) {
    const bindingStat = has(`/${binding}`) ? asar.statFile(archive, binding) : undefined;
    const bindingFile = path.join(unpacked, binding);
    if (!bindingStat?.unpacked || !existsSync(bindingFile)) fail(`${binding} is not unpacked next to app.asar`);
    else if (
      !readFileSync(bindingFile)
        .subarray(0, 4)
        .equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))
    )
      fail(`${binding} is not an ELF binary`);
    else ok(`native ${what} binding unpacked: app.asar.unpacked/${binding} (${statSync(bindingFile).size} bytes)`);
  }
  for (const entry of [
    '/node_modules/better-sqlite3/lib/index.js',
    '/node_modules/@napi-rs/blake-hash/index.js',
    '/node_modules/zod/package.json',
    '/node_modules/ws/package.json',
  ]) {
    if (!has(entry)) fail(`${entry} is missing: a runtime dependency of the main process was left out`);
  }

  // What must not be there.
  const forbidden = [
    [/\.map$/, 'source map'],
    [/\.(ts|tsx|mts|cts)$/, 'TypeScript source'],
    [/\.(test|spec)\.[cm]?[jt]sx?$/, 'test file'],
    [/(^|\/)\.env(\.[^/]*)?$/, '.env file'],
    [/\.(pem|key|p12|pfx|keystore)$/, 'key file'],
    [/(^|\/)(vault\.json|atrium\.sqlite[^/]*|config\.json)$/, 'user data file'],
    [/^\/(electron|shared|renderer|e2e|bench|scripts|docs|\.github)\//, 'source folder'],
  ];
  for (const [pattern, what] of forbidden) {
    const found = entries.filter(
      (e) => pattern.test(e) && !(what === 'user data file' && e.startsWith('/node_modules/')),
    );
    if (found.length > 0) fail(`${found.length} ${what}(s) in app.asar, e.g. ${found.slice(0, 5).join(', ')}`);
    else ok(`no ${what} in app.asar`);
  }
  const bundledByVite = [
    'react',
    'react-dom',
    'scheduler',
    'zustand',
    'temporal-polyfill',
    '@tanstack',
    '@dnd-kit',
    '@fullcalendar',
    '@radix-ui',
  ];
  const leftovers = bundledByVite.filter((name) => has(`/node_modules/${name}`));
  if (leftovers.length > 0)
    fail(
      `renderer libraries shipped although Vite bundles them: ${leftovers.join(', ')} (move them to devDependencies)`,
    );
  else ok('no renderer library in node_modules (Vite bundles them)');

  // Token-like strings in our own files (dependencies carry test fixtures and examples of their own).
  const tokenPatterns = [
    [/AIza[0-9A-Za-z_-]{35}/, 'Google API key'],
    [/GOCSPX-[0-9A-Za-z_-]{20,}/, 'Google OAuth client secret'],
    [/ya29\.[0-9A-Za-z_-]{20,}/, 'Google access token'],
    [/1\/\/0[0-9A-Za-z_-]{30,}/, 'Google refresh token'],
    [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'private key'],
    [/AKIA[0-9A-Z]{16}/, 'AWS access key'],
    [/gh[pousr]_[A-Za-z0-9]{36}/, 'GitHub token'],
    [/npm_[A-Za-z0-9]{36}/, 'npm token'],
    [/xox[abprs]-[A-Za-z0-9-]{10,}/, 'Slack token'],
    [/"client_secret"\s*:\s*"[^"]{8,}"/, 'client secret'],
  ];
  const isFile = (entry) => {
    const stat = asar.statFile(archive, entry.slice(1));
    return !('files' in stat) && !('link' in stat);
  };
  const ownFiles = entries.filter((e) => (e.startsWith('/dist/') || e === '/package.json') && isFile(e));
  let scanned = 0;
  for (const entry of ownFiles) {
    const text = read(entry).toString('latin1');
    scanned += 1;
    for (const [pattern, what] of tokenPatterns) {
      const match = pattern.exec(text);
      if (match) fail(`${entry} contains what looks like a ${what}: ${match[0].slice(0, 12)}...`);
    }
  }
  ok(`no token-like string in ${scanned} file(s) of dist/ and package.json`);

  // Fuses, read back from the packaged executable.
  for (const { ok: fine, text } of await checkFuses(path.join(appOut, 'atrium'))) {
    if (fine) ok(text);
    else fail(text);
  }

  const asarSize = statSync(archive).size;
  const modules = new Set(
    entries
      .filter((e) => e.startsWith('/node_modules/'))
      .map((e) =>
        e
          .split('/')
          .slice(2, e.startsWith('/node_modules/@') ? 4 : 3)
          .join('/'),
      ),
  );
  console.log(
    `  app.asar: ${(asarSize / 1024 / 1024).toFixed(1)} MB, ${entries.length} entries, ${modules.size} packages in node_modules`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(failures.map((f) => `  FAIL  ${f}`).join('\n'));
  console.error(`package: ${failures.length} problem(s)`);
  process.exit(1);
}
console.log('package: contents and fuses as expected');
