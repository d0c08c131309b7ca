import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The shell loads first; each view is its own chunk (see renderer/shell/view-loaders.tsx). Libraries
 * that only one view uses get a chunk of their own, loaded with that view, so the first screen never
 * waits for another view's code.
 */
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  {
    name: 'vendor-fullcalendar',
    test: /node_modules[\\/](@fullcalendar|@full-ui|temporal-polyfill|temporal-utils)[\\/]/,
    priority: 20,
  },
  { name: 'vendor-dnd-kit', test: /node_modules[\\/]@dnd-kit[\\/]/, priority: 20 },
  { name: 'vendor-virtual', test: /node_modules[\\/]@tanstack[\\/](react-)?virtual/, priority: 20 },
  // What the shell itself needs (zod, TanStack Query, Radix): one chunk, loaded with the shell.
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
];

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
});
