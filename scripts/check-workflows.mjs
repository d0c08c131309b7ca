// `npm run check:workflows`: the GitHub workflows are valid (checked against the workflow schema with
// action-validator, offline), and the release workflow keeps its promises: installers for Linux,
// Windows and macOS, each built on its own runner only after the tests and the desktop smoke suite
// passed there, the fuses of what was built checked afterwards and the smoke suite run against the
// packaged app (on Linux both smoke runs under xvfb-run, Electron needing a display). A workflow file may be given instead (to see the check fail on one).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import actionValidator from '@action-validator/core';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workflowsDir = path.join(root, '.github', 'workflows');
const files = process.argv[2]
  ? [path.resolve(process.argv[2])]
  : readdirSync(workflowsDir)
      .filter((name) => /\.ya?ml$/.test(name))
      .map((name) => path.join(workflowsDir, name));

const platforms = { Linux: /ubuntu|linux/i, Windows: /windows/i, macOS: /macos/i };
const runsTests = (step) => /\bnpm test\b|\bvitest\b/.test(step.run ?? '');
const buildsInstallers = (step) => /\belectron-builder\b/.test(step.run ?? '') && !/check:package/.test(step.run);
const checksFuses = (step) => /check-fuses/.test(step.run ?? '');
const smokeRun = (step) => /\btest:electron\b|electron-smoke/.test(step.run ?? '');
const smokesBuilt = (step) => smokeRun(step) && !/--packaged\b/.test(step.run);
const smokesPackaged = (step) => smokeRun(step) && /--packaged\s+\S/.test(step.run);

/** Whether a step's `if` lets it run on a platform; only `runner.os ==`/`!=` conditions are understood, others count as yes. */
function runsOn(step, platform) {
  const condition = String(step.if ?? '').trim();
  const match = /^runner\.os\s*(==|!=)\s*'(\w+)'$/.exec(condition);
  if (!match) return true;
  return match[1] === '==' ? match[2] === platform : match[2] !== platform;
}

function listErrors(errors, indent = '  ') {
  return errors.flatMap((error) => [
    `${indent}${error.path ?? ''} ${error.title}${error.detail ? `: ${error.detail}` : ''}`,
    ...(error.states ?? []).flatMap((state) => listErrors(state.errors, `${indent}  `)),
  ]);
}

/** What the release workflow must do, as problems found. */
function releaseProblems(workflow) {
  const problems = [];
  const jobs = Object.values(workflow.jobs ?? {});
  const builders = jobs.filter((job) => (job.steps ?? []).some(buildsInstallers));
  if (builders.length === 0) return ['no job builds installers with electron-builder'];
  for (const [platform, pattern] of Object.entries(platforms)) {
    const job = builders.find((candidate) => {
      const runners = candidate.strategy?.matrix?.include?.map((entry) => entry.os) ?? [candidate['runs-on']];
      return runners.some((runner) => pattern.test(String(runner)));
    });
    if (!job) {
      problems.push(`no runner builds the ${platform} installer`);
      continue;
    }
    const steps = (job.steps ?? []).filter((step) => runsOn(step, platform));
    const build = steps.findIndex(buildsInstallers);
    const tests = steps.findIndex(runsTests);
    const fuses = steps.findIndex(checksFuses);
    if (tests < 0 || tests > build) problems.push(`${platform}: the tests do not run before the installers are built`);
    if (fuses < build) problems.push(`${platform}: the fuses of the built app are not checked after building it`);
    const builtSmoke = steps.findIndex(smokesBuilt);
    const packagedSmoke = steps.findLastIndex(smokesPackaged);
    if (builtSmoke < 0 || builtSmoke > build) {
      problems.push(
        `${platform}: the desktop smoke suite does not run on the built app before the installers are built`,
      );
    }
    if (packagedSmoke < build) {
      problems.push(`${platform}: the desktop smoke suite does not run against the packaged app after building it`);
    }
    if (platform === 'Linux') {
      for (const step of steps.filter(smokeRun)) {
        if (!/\bxvfb-run\b/.test(step.run))
          problems.push(`Linux: "${step.name ?? step.run}" runs Electron without xvfb-run`);
      }
    }
  }
  return problems;
}

let failed = false;
for (const file of files) {
  const source = readFileSync(file, 'utf8');
  const name = path.relative(root, file);
  const { errors } = actionValidator.validateWorkflow(source);
  const problems = errors.length > 0 ? listErrors(errors) : [];
  if (problems.length === 0 && /release/.test(path.basename(file))) {
    problems.push(...releaseProblems(parse(source)).map((problem) => `  ${problem}`));
  }
  if (problems.length > 0) {
    failed = true;
    console.error(`${name}:\n${problems.join('\n')}`);
  } else {
    console.log(`${name}: ok`);
  }
}
process.exit(failed ? 1 : 0);
