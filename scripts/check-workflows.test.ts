import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const release = readFileSync(join(root, '.github/workflows/release.yml'), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'atrium-workflows-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Step {
  name?: string;
  run?: string;
  if?: string;
}
interface Workflow {
  jobs: Record<string, { steps: Step[] }>;
}

/** Runs the check on a variant of the release workflow (the check reads files named like release.yml). */
function check(change: (workflow: Workflow) => void): { status: number | null; output: string } {
  const workflow = parse(release) as Workflow;
  change(workflow);
  const dir = mkdtempSync(join(scratch, 'case-'));
  const file = join(dir, 'release.yml');
  writeFileSync(file, stringify(workflow));
  const result = spawnSync(process.execPath, [join(root, 'scripts/check-workflows.mjs'), file], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const installerSteps = (workflow: Workflow) => workflow.jobs.installers!.steps;
const isSmoke = (step: Step) => /test:electron/.test(step.run ?? '');

describe('release workflow check', () => {
  it('accepts the release workflow as it is', () => {
    const result = check(() => {});
    expect(result.output).toContain('ok');
    expect(result.status).toBe(0);
  });

  it('fails a workflow that never starts the desktop app', () => {
    const result = check((workflow) => {
      workflow.jobs.installers!.steps = installerSteps(workflow).filter((step) => !isSmoke(step));
    });
    expect(result.status).toBe(1);
    for (const platform of ['Linux', 'Windows', 'macOS']) {
      expect(result.output).toContain(
        `${platform}: the desktop smoke suite does not run on the built app before the installers are built`,
      );
      expect(result.output).toContain(
        `${platform}: the desktop smoke suite does not run against the packaged app after building it`,
      );
    }
  });

  it('fails when the packaged app is not smoke-tested, even if the built one is', () => {
    const result = check((workflow) => {
      workflow.jobs.installers!.steps = installerSteps(workflow).filter(
        (step) => !(isSmoke(step) && /--packaged/.test(step.run ?? '')),
      );
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('macOS: the desktop smoke suite does not run against the packaged app');
    expect(result.output).not.toContain('does not run on the built app');
  });

  it('fails when Linux runs Electron without a display', () => {
    const result = check((workflow) => {
      for (const step of installerSteps(workflow)) if (isSmoke(step)) step.run = step.run!.replace('xvfb-run -a ', '');
    });
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/Linux: "Desktop smoke \(built app\)" runs Electron without xvfb-run/);
    expect(result.output).not.toMatch(/Windows: .*xvfb/);
  });
});
