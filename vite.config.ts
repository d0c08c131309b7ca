import { createHash } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
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
  // Quick add's date words and repeat rules (the largest libraries of all, every chrono-node
  // language included): fetched and parsed when quick add is first used, not at start.
  // Only those two: their helpers (tslib) stay in the shell's chunk, which other libraries import them from.
  {
    name: 'vendor-quick-add',
    test: /node_modules[\\/](chrono-node|rrule)[\\/]/,
    priority: 20,
    includeDependenciesRecursively: false,
  },
  // The description's rich-text editor (TipTap on ProseMirror) and the time fields' combobox (Downshift):
  // only the event editor uses them, which is fetched after the calendar is up (CalendarDialogs.tsx).
  // Only these: the helpers they share with other libraries stay in the shell's chunk.
  {
    name: 'vendor-editor',
    test: /node_modules[\\/](downshift|compute-scroll-into-view|prop-types|react-is|@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|fast-equals|use-sync-external-store)[\\/]/,
    priority: 20,
    includeDependenciesRecursively: false,
  },
  // The time-zone list (every zone with its cities): only the time-zone pickers use it, which are
  // fetched after the calendar is up (see CalendarDialogs.tsx).
  { name: 'vendor-zones', test: /node_modules[\\/]@vvo[\\/]tzdb[\\/]/, priority: 20 },
  // The file manager's icons and tooltips: fetched with the files view, not at start.
  {
    name: 'vendor-files-ui',
    test: /node_modules[\\/](lucide-react|@radix-ui[\\/]react-tooltip)[\\/]/,
    priority: 20,
    includeDependenciesRecursively: false,
  },
  // What the shell itself needs (zod, TanStack Query, Radix): one chunk, loaded with the shell.
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
  // The app's own helpers that the first view shares with the views loaded later (formatting, time
  // zones, colours, repeat rules, task dates, the mutation and toast plumbing): one chunk, fetched
  // with the shell, rather than a handful of small chunks each fetched on its own at start. Not the
  // tooltip (Tip.tsx: it brings Radix Tooltip, and only the file manager uses it so far) nor the date
  // field and its words (only dialogs use them).
  {
    name: 'app-shared',
    test: /[\\/]renderer[\\/](lib(?![\\/]date-words\.)|components(?![\\/]([Tt]ip|DateField|date-field)\.)|features[\\/](calendar[\\/](time-zone|recurrence-rule|colors|event-draft)|tasks[\\/](due-date|mutations)))[\\/.]/,
    priority: 5,
  },
];

/**
 * The calendar is the view most starts open on: its chunks are fetched and compiled alongside the
 * shell's instead of after the shell has run (another first view still loads on demand).
 */
function preloadFirstView(entry: RegExp): Plugin {
  return {
    name: 'atrium-preload-first-view',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        // With strict execution order a view's chunk may be no facade (other chunks import from it):
        // it is the chunk that holds the view's entry module.
        const view = chunks.find((chunk) => chunk.moduleIds.some((id) => entry.test(id)));
        if (!view) return [];
        const files = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((candidate) => candidate.fileName === fileName);
          chunk?.viteMetadata?.importedCss.forEach((file) => css.add(file));
          chunk?.imports.forEach(visit);
        };
        visit(view.fileName);
        const listed = (file: string) => html.includes(`/${file}"`);
        return [
          ...[...files]
            .filter((file) => !listed(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
              injectTo: 'head' as const,
            })),
          ...[...css]
            .filter((file) => !listed(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${file}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

/**
 * The first date formatter a page makes costs 15–25 ms (the browser loads its locale and time-zone
 * data then); every later one costs a fraction of a millisecond, in any thread of the page's
 * process: that data is kept for the process. A tiny script of its own, run as soon as it arrives
 * (`async`, no imports), starts a worker that makes one, so the shell's and the calendar's
 * formatters, made as the first frame is drawn, are cheap, and the page's own thread spends nothing
 * on it while it takes in its modules and styles. The app does not depend on it: if it never runs,
 * the first formatter made pays instead.
 */
const intlWarmUpWorker = `new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }).format(0);\nclose();\n`;
// Named by its content, so the starter below can name it (assets are cached for good).
const intlWarmUpWorkerFile = `intl-warm-up-worker-${createHash('sha256').update(intlWarmUpWorker).digest('hex').slice(0, 8)}.js`;
const intlWarmUpStarter = `try { new Worker(new URL(${JSON.stringify(intlWarmUpWorkerFile)}, document.currentScript.src)).onerror = (event) => event.preventDefault(); } catch {}\n`;

function warmUpIntl(): Plugin {
  return {
    name: 'atrium-intl-warm-up',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'asset', fileName: `assets/${intlWarmUpWorkerFile}`, source: intlWarmUpWorker });
      this.emitFile({ type: 'asset', name: 'intl-warm-up.js', source: intlWarmUpStarter });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const asset = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'asset' && output.names.includes('intl-warm-up.js'),
        );
        if (!asset) return html;
        // Before the app's module (after the page's CSP), so it is asked for first.
        const tag = `<script async src="./${asset.fileName}"></script>\n    `;
        const at = html.indexOf('<script type="module"');
        return at < 0 ? html.replace('</head>', `${tag}</head>`) : html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: './',
  // Marks what this build checked and stored (renderer/lib/last-known.ts): each build checks afresh.
  define: { 'import.meta.env.ATRIUM_BUILD': JSON.stringify(`${Date.now().toString(36)}`) },
  plugins: [react(), warmUpIntl(), preloadFirstView(/renderer[\\/]features[\\/]calendar[\\/]index\.ts$/)],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // Each chunk runs its modules as the chunk runs, not each through a wrapper called in import
      // order across chunks: a wrapped module's code is compiled on the main thread when it is first
      // called, an unwrapped one while its chunk streams in. Nothing needs the stricter order: zod's
      // no-eval mode (main.tsx, per the CSP) matters from the first schema built, and no schema is
      // built while modules load (shared/ipc/lazy-contract.test.ts).
      output: { codeSplitting: { groups: vendorGroups }, strictExecutionOrder: false },
    },
  },
});
