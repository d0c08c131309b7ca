/**
 * `npm run bench -- service`: every embedded-service benchmark in one run, so their ratios are measured
 * under the same machine conditions. Each part prints its figures and `target` lines.
 */
import { run as foundation } from './foundation';
import { run as calendar } from './calendar';
import { run as drive } from './drive';
import { run as events } from './events';

const parts: ReadonlyArray<readonly [string, () => Promise<unknown>]> = [
  ['foundation', foundation],
  ['calendar', calendar],
  ['drive', drive],
  ['events', events],
];

const only = process.argv.slice(2);
for (const [name, run] of parts) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n## service/${name}`);
  await run();
}
