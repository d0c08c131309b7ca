// `npm run check:fuzz`: the service fuzz test (electron/service/hardening/service-fuzz.test.ts) for
// longer than the few seconds `npm test` gives it. FUZZ_SECONDS (default 300) is the whole budget,
// FUZZ_RUNS caps the runs per operation, FUZZ_SEED replays a failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, FUZZ_SECONDS: process.env.FUZZ_SECONDS ?? '300' };
const budget = Number(env.FUZZ_SECONDS);
console.log(`service fuzz for ${budget} s${env.FUZZ_SEED ? ` (seed ${env.FUZZ_SEED})` : ''}`);
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    'electron/service/hardening/service-fuzz.test.ts',
    // Each operation gets its share of the budget, plus its fixed cases.
    `--testTimeout=${Math.max(30_000, Math.ceil((budget * 1000) / 50))}`,
  ],
  { cwd: root, stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
