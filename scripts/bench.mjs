// `npm run bench` runs every benchmark in bench/; `npm run bench -- <name>` runs those whose path contains <name>.
// Each benchmark prints its figures and one `target <id>: ...` line per target.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filters = process.argv.slice(2);

function entries(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      // A folder with an index.ts is one benchmark (it runs its parts in one process).
      const index = path.join(full, 'index.ts');
      try {
        statSync(index);
        out.push(index);
      } catch {
        out.push(...entries(full));
      }
    } else if (/\.(ts|mjs)$/.test(name) && !name.endsWith('.test.ts') && !name.startsWith('_')) out.push(full);
  }
  return out;
}

const all = entries(path.join(root, 'bench'));
const chosen = filters.length ? all.filter((f) => filters.some((x) => path.relative(root, f).includes(x))) : all;
if (chosen.length === 0) {
  console.error(
    `No benchmark matches ${filters.join(', ')}. Available:\n${all.map((f) => '  ' + path.relative(root, f)).join('\n')}`,
  );
  process.exit(2);
}
let failed = 0;
for (const file of chosen) {
  console.log(`\n### ${path.relative(root, file)}`);
  const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [file], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
