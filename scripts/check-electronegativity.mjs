// `npm run check:electronegativity`: Electronegativity (Doyensec's Electron security scanner) over the
// shell, its preload and the page it loads. Fails on any finding of medium severity or above, except
// the few reviewed below, each of which is accepted only while the code still shows its mitigation.
// Runs offline: the scanner's network lookups (translations, Electron release notes) are cut off.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const scannerDir = path.dirname(require.resolve('@doyensec/electronegativity/package.json'));

// The scanner fetches translations at start and Electron's release list in one global check. Neither
// is needed (its own English strings ship with it; the Electron version is known), and CI has no internet.
const gotPath = require.resolve('got', { paths: [scannerDir] });
const offline = () => Promise.reject(new Error('offline'));
require.cache[gotPath] = {
  id: gotPath,
  filename: gotPath,
  loaded: true,
  exports: Object.assign(offline, { default: offline }),
};
const onlineChecks = ['AvailableSecurityFixesGlobalCheck'];

const shellDir = path.join(root, 'electron', 'shell');
const read = (relative) => readFileSync(path.join(root, relative), 'utf8');

/**
 * Findings reviewed and accepted, keyed by check id and file. Each names why it is safe and proves the
 * mitigation is still in the code; when the proof fails, the finding fails the check again.
 */
const reviewed = [
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main-window.ts',
    why: 'shell.openExternal is called only for URLs whose protocol is http: or https: (main-window.ts: openExternally).',
    proof: () =>
      /if \(protocol === 'https:' \|\| protocol === 'http:'\) return shell\.openExternal\(url\)/.test(
        read('electron/shell/main-window.ts'),
      ) && (read('electron/shell/main-window.ts').match(/shell\.openExternal\(/g) ?? []).length === 1,
  },
  {
    id: 'PRELOAD_JS_CHECK',
    file: 'main-window.ts',
    why: 'The preload runs sandboxed with context isolation and exposes one narrow bridge (invoke a contract method, listen to events), never ipcRenderer itself (preload.ts).',
    proof: () => {
      const preload = read('electron/shell/preload.ts');
      const window = read('electron/shell/main-window.ts');
      return (
        (preload.match(/exposeInMainWorld\(/g) ?? []).length === 1 &&
        !/exposeInMainWorld\([^)]*ipcRenderer/.test(preload) &&
        !/:\s*ipcRenderer\b(?!\.)/.test(preload) &&
        /contextIsolation: true/.test(window) &&
        /sandbox: true/.test(window)
      );
    },
  },
  {
    id: 'PROTOCOL_HANDLER_JS_CHECK',
    file: 'deep-links.ts',
    why: 'atrium:// links come from outside and are only parsed into an app route (scheme, shape and zod schema checked; anything else refused), never loaded or executed (core/deep-link.ts: parseDeepLink).',
    proof: () =>
      /if \(url\.protocol !== `\$\{deepLinkScheme\}:`\) return null;/.test(read('electron/core/deep-link.ts')) &&
      /appRouteSchema\.safeParse\(candidate\)/.test(read('electron/core/deep-link.ts')) &&
      /const route = parseDeepLink\(link\);\s*if \(!route\) return false;/.test(read('electron/core/core.ts')),
  },
];

/** The shell's sources (no tests) and the page the shell serves, whose CSP meta tag the scanner evaluates. */
function stageInput() {
  const staged = mkdtempSync(path.join(tmpdir(), 'atrium-electronegativity-'));
  const copyTree = (from, to) => {
    for (const name of readdirSync(from)) {
      const source = path.join(from, name);
      if (statSync(source).isDirectory()) copyTree(source, path.join(to, name));
      else if (/\.(ts|js|mjs|cjs|html)$/.test(name) && !/\.test\.ts$/.test(name)) cpSync(source, path.join(to, name));
    }
  };
  copyTree(shellDir, path.join(staged, 'shell'));
  cpSync(path.join(root, 'renderer', 'index.html'), path.join(staged, 'renderer', 'index.html'));
  return staged;
}

const electronVersion = JSON.parse(read('package.json')).devDependencies.electron;
const staged = stageInput();
let result;
// Its note about the translations it could not fetch is expected here.
const log = console.log;
try {
  const runner = require(path.join(scannerDir, 'dist', 'runner.js'));
  const run = runner.default ?? runner;
  console.log = (...args) => {
    if (!/Could not retrieve updated translations/.test(String(args[0]))) log(...args);
  };
  result = await run(
    {
      input: staged,
      output: undefined,
      isSarif: false,
      customScan: [],
      excludeFromScan: onlineChecks,
      severitySet: undefined,
      confidenceSet: undefined,
      isRelative: true,
      isVerbose: true,
      electronUpgrade: undefined,
      electronVersionOverride: electronVersion,
      parserPlugins: [],
    },
    false,
  );
} finally {
  console.log = log;
  rmSync(staged, { recursive: true, force: true });
}

const medium = 2;
const where = (issue) => `${issue.file}:${issue.location.line}:${issue.location.column}`;
const failures = [];
console.log(
  `electronegativity: ${result.atomicChecks} atomic and ${result.globalChecks} global checks, Electron ${electronVersion}`,
);
for (const error of result.errors) {
  const line = `  could not parse ${error.file}: ${error.message}`;
  if (error.tolerable) console.log(line);
  else failures.push(line);
}
const accepted = new Set();
for (const issue of result.issues) {
  const label = `${issue.id} [${issue.severity.name}/${issue.confidence.name}] ${where(issue)}: ${issue.description}`;
  if (issue.severity.value < medium) {
    console.log(`  note  ${label}`);
    continue;
  }
  const review = reviewed.find((r) => r.id === issue.id && path.basename(issue.file) === r.file);
  if (review && review.proof()) {
    accepted.add(review);
    console.log(`  ok    ${label}\n        reviewed: ${review.why}`);
  } else {
    failures.push(
      `  FAIL  ${label}${review ? '\n        (reviewed once, but the mitigation is no longer in the code)' : ''}`,
    );
  }
}
for (const review of reviewed) {
  if (!accepted.has(review))
    console.log(`  (reviewed ${review.id} in ${review.file} is no longer reported; the entry can go)`);
}
if (failures.length > 0) {
  console.error(`${failures.join('\n')}\nelectronegativity: ${failures.length} finding(s) of medium severity or above`);
  process.exit(1);
}
console.log('electronegativity: no unreviewed finding of medium severity or above');
