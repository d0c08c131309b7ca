import { mkdirSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

/**
 * How the worker is loaded: beside the bundled main it is `service-worker.mjs` (an entry of
 * scripts/build.mjs). From TypeScript sources (tsx, vitest, Playwright) worker-entry.ts is bundled
 * the same way on first use, once per process: the worker then runs what ships, starts as fast,
 * and needs no TypeScript loader of its own.
 */
let sourceBundle: Promise<URL> | undefined;

/** Running from TypeScript sources: a worker is then started without the parent's loaders (it runs a bundle). */
export const fromSources = /\.[cm]?ts$/.test(import.meta.url);

export function serviceWorkerScript(): Promise<URL> {
  if (!fromSources) return Promise.resolve(new URL('./service-worker.mjs', import.meta.url));
  sourceBundle ??= bundleFromSources(fileURLToPath(import.meta.url)).catch((error: unknown) => {
    sourceBundle = undefined; // the next start tries again
    throw error;
  });
  return sourceBundle;
}

async function bundleFromSources(hostFile: string): Promise<URL> {
  // esbuild is a development dependency, as the sources are: never loaded by the bundled app.
  const { build } = await import('esbuild');
  const root = resolve(dirname(hostFile), '../..');
  // npm packages stay external, so the bundle must sit where they resolve from (by real path:
  // node_modules may be a link to a shared install).
  const outdir = join(realpathSync(join(root, 'node_modules')), '.cache', 'atrium-service-worker');
  mkdirSync(outdir, { recursive: true });
  // Bundles of processes that ended without their exit handler (killed) are cleared after a day.
  for (const name of readdirSync(outdir)) {
    const file = join(outdir, name);
    // Another process may be clearing the same file.
    const age = Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 86_400_000) rmSync(file, { force: true });
  }
  const outfile = join(outdir, `service-worker-${process.pid}-${threadId}-${Date.now().toString(36)}.mjs`);
  await build({
    bundle: true,
    platform: 'node',
    target: 'node22',
    packages: 'external',
    format: 'esm',
    logLevel: 'warning',
    absWorkingDir: root,
    entryPoints: [join(dirname(hostFile), 'worker-entry.ts')],
    outfile,
    banner: {
      js: "import { createRequire as __atriumRequire } from 'node:module'; const require = __atriumRequire(import.meta.url);",
    },
  });
  process.once('exit', () => rmSync(outfile, { force: true }));
  return pathToFileURL(outfile);
}
