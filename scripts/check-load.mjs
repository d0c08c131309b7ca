// `npm run check:load`: a short run of bench/load.ts (50 concurrent clients on the service CLI) that
// fails when any request failed. Latency and memory are reported, not judged: those targets belong
// to the benchmark (`npm run bench -- load`), which seeds a history, warms up (a minute and 20,000
// requests) and then measures for a minute.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  LOAD_SECONDS: process.env.LOAD_SECONDS ?? '10',
  LOAD_WARMUP_SECONDS: process.env.LOAD_WARMUP_SECONDS ?? '0',
  LOAD_WARMUP_REQUESTS: process.env.LOAD_WARMUP_REQUESTS ?? '0',
  LOAD_HISTORY: process.env.LOAD_HISTORY ?? '0',
};
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
const errors = /^target load\.errors: (\d+) count/m.exec(output);
if (code !== 0 || !errors) {
  console.error(`load: the run did not complete (exit ${code})`);
  process.exit(1);
}
if (Number(errors[1]) > 0) {
  console.error(`load: ${errors[1]} request(s) failed under load`);
  process.exit(1);
}
console.log('load: no failed request');
