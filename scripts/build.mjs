// Builds everything `npm start` and the packaged app need:
//   dist/renderer        the React app (Vite)
//   dist/electron/*.mjs  the Electron main process, and the preload as CommonJS (sandboxed preloads cannot be ESM)
//   dist/web/main.mjs    the browser host, used where no Electron binary exists
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
    banner: {
      js: "import { createRequire as __atriumRequire } from 'node:module'; const require = __atriumRequire(import.meta.url);",
    },
  });
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
    banner: {
      js: "import { createRequire as __atriumRequire } from 'node:module'; const require = __atriumRequire(import.meta.url);",
    },
  });
  console.log('built dist/web');
}
