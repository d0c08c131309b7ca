// `npm test`: lint, format, unused code (knip), type-check, build, unit + service tests (Vitest), end-to-end tests
// (Playwright), and the desktop app's smoke suite where an Electron binary exists.
// Prints each step's outcome and, as the very last line, the totals over every suite: `N passed, N failed`.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
  });
}

/** A step that is one check: it passes or fails as a whole. */
async function check(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args);
  if (code === 0) totals.passed += 1;
  else totals.failed += 1;
  summary.push(`${code === 0 ? 'ok  ' : 'FAIL'} ${name}`);
  return code === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function vitest() {
  console.log('\n=== unit and service tests (vitest) ===');
  const out = path.join(resultsDir, 'unit.json');
  rmSync(out, { force: true });
  const code = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  const report = readJson(out);
  if (!report) {
    totals.failed += 1;
    summary.push('FAIL vitest: no report (exit ' + code + ')');
    return;
  }
  const failedSuites = (report.testResults ?? []).filter(
    (s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0,
  );
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + failedSuites.length;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  summary.push(
    `${code === 0 ? 'ok  ' : 'FAIL'} vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed` +
      (failedSuites.length ? `, ${failedSuites.length} files failed to load` : ''),
  );
}

async function playwright() {
  console.log('\n=== end-to-end tests (playwright, chromium) ===');
  const out = path.join(resultsDir, 'e2e.json');
  rmSync(out, { force: true });
  const code = await run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  const report = readJson(out);
  if (!report) {
    totals.failed += 1;
    summary.push('FAIL playwright: no report (exit ' + code + ')');
    return;
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  totals.passed += expected + flaky;
  totals.failed += unexpected + (report.errors?.length ?? 0);
  totals.skipped += skipped;
  summary.push(
    `${code === 0 ? 'ok  ' : 'FAIL'} playwright: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped`,
  );
  for (const failure of failedPlaywrightTests(report)) summary.push(`     ✘ ${failure}`);
}

/**
 * The opening of an error message, before the matcher's own report: up to four lines (an axe finding
 * names its rule on the first and the elements on the next), each cut to 240 characters.
 */
function leadOf(message) {
  const lines = [];
  for (const line of message.split('\n')) {
    if (/^\s*expect\(/.test(line) || lines.length === 4) break;
    if (line.trim()) lines.push(line.trim().slice(0, 240));
  }
  return lines.join('\n       ');
}

/** Each failed test as `file:line › title — the opening of its error`, so the summary names what failed. */
function failedPlaywrightTests(report) {
  const failures = [];
  const visit = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const result = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        const message = stripVTControlCharacters(result?.error?.message ?? result?.status ?? '');
        failures.push(`${spec.file}:${spec.line} › ${[...here, spec.title].join(' › ')} — ${leadOf(message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const error of report.errors ?? [])
    failures.push(`(outside a test) ${String(error.message ?? '').split('\n')[0]}`);
  return failures;
}

const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

if (want('lint')) await check('lint (eslint)', bin('eslint'), ['.', '--max-warnings', '0']);
if (want('format')) await check('format (prettier --check)', bin('prettier'), ['--check', '.']);
// Files, exports and dependencies nothing uses (knip.json says where the program starts).
if (want('unused')) await check('unused files, exports and dependencies (knip)', bin('knip'), ['--no-progress']);
if (want('typecheck')) {
  for (const project of ['shared', 'electron', 'electron/shell', 'renderer', 'tsconfig.tools.json']) {
    await check(`typecheck ${project}`, bin('tsc'), ['-p', project]);
  }
}
// Electron security: the scanner over the shell, and every IPC listener checking its sender.
if (want('security')) {
  await check('electron security (electronegativity)', process.execPath, ['scripts/check-electronegativity.mjs']);
  await check('IPC listeners validate event.senderFrame', process.execPath, ['scripts/check-ipc-senders.mjs']);
}
const built = want('build') || want('e2e') ? await check('build', process.execPath, ['scripts/build.mjs']) : true;
// The packaged app (electron-builder --dir with a stand-in Electron): contents, native binding, fuses;
// and the release workflow that builds the installers.
if (want('package')) {
  await check('release workflow (schema, tests first, fuses checked)', process.execPath, [
    'scripts/check-workflows.mjs',
  ]);
  if (built && existsSync(path.join(root, 'dist/electron/main.mjs'))) {
    await check('package contents and fuses (electron-builder --dir)', process.execPath, ['scripts/check-package.mjs']);
  } else {
    totals.failed += 1;
    summary.push('FAIL package: not run, the build failed');
  }
}
if (want('unit')) await vitest();
// 50 concurrent clients on the service CLI for a few seconds: no request may fail.
if (want('load')) await check('load (50 clients, no failed request)', process.execPath, ['scripts/check-load.mjs']);
if (want('e2e')) {
  if (built && existsSync(path.join(root, 'dist/renderer/index.html'))) await playwright();
  else {
    totals.failed += 1;
    summary.push('FAIL playwright: not run, the build failed');
  }
}

// The desktop app itself, where an Electron binary exists; elsewhere counted as skipped, with the reason.
if (want('electron')) {
  console.log('\n=== desktop app smoke (electron) ===');
  const report = path.join(resultsDir, 'electron-smoke.json');
  rmSync(report, { force: true });
  const code = built ? await run(process.execPath, ['scripts/electron-smoke.mjs', '--report', report]) : 1;
  const outcome = readJson(report) ?? {
    outcome: 'failed',
    reason: built ? `no report (exit ${code})` : 'the build failed',
  };
  if (outcome.outcome === 'skipped') {
    totals.skipped += 1;
    summary.push(`skip electron smoke: ${outcome.reason}`);
  } else if (outcome.outcome === 'passed' && code === 0) {
    totals.passed += 1;
    summary.push('ok   electron smoke');
  } else {
    totals.failed += 1;
    summary.push(`FAIL electron smoke${outcome.reason ? `: ${outcome.reason}` : ''}`);
  }
}

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
if (totals.skipped) console.log(`${totals.skipped} skipped (each prints its reason above)`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
