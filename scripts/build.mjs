// Builds everything `npm start` and the packaged app need:
//   dist/renderer        the React app (Vite)
//   dist/electron/*.mjs  the Electron main process, and the preload as CommonJS (sandboxed preloads cannot be ESM)
//   dist/web/main.mjs    the browser host, used where no Electron binary exists
//   dist/*/service-worker.mjs  the embedded service's worker thread, beside each main that starts it
//                        (electron/service/worker-host.ts looks for it there)
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const want = (part) => only.length === 0 || only.includes(part);

const nodeBundle = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  packages: 'external',
  sourcemap: false,
  logLevel: 'warning',
  absWorkingDir: root,
};
// Bundled code that calls `require` (CommonJS dependencies compiled in) gets one that resolves
// from the bundle's folder; npm packages stay external, so better-sqlite3 finds its native module
// in node_modules as it does unbundled.
const requireBanner = {
  js: "import { createRequire as __atriumRequire } from 'node:module'; const require = __atriumRequire(import.meta.url);",
};

/** The service's worker entry, written beside the main bundle in `dir`. */
function buildServiceWorker(dir) {
  return esbuild({
    ...nodeBundle,
    entryPoints: ['electron/service/worker-entry.ts'],
    outfile: `${dir}/service-worker.mjs`,
    format: 'esm',
    banner: requireBanner,
  });
}

if (want('renderer')) {
  await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  console.log('built dist/renderer');
}
if (want('electron')) {
  await esbuild({
    ...nodeBundle,
    entryPoints: ['electron/shell/main.ts'],
    outfile: 'dist/electron/main.mjs',
    format: 'esm',
    external: ['electron'],
    banner: requireBanner,
  });
  await buildServiceWorker('dist/electron');
  await esbuild({
    ...nodeBundle,
    entryPoints: ['electron/shell/preload.ts'],
    outfile: 'dist/electron/preload.cjs',
    format: 'cjs',
    external: ['electron'],
  });
  console.log('built dist/electron');
}
if (want('web')) {
  await esbuild({
    ...nodeBundle,
    entryPoints: ['electron/web/main.ts'],
    outfile: 'dist/web/main.mjs',
    format: 'esm',
    banner: requireBanner,
  });
  await buildServiceWorker('dist/web');
  console.log('built dist/web');
}
