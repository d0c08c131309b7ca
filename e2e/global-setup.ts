import { existsSync } from 'node:fs';
import path from 'node:path';

/** The tests drive the built renderer; fail at once, with the fix, when there is none. */
export default function checkRendererBuilt(): void {
  const index = path.join(import.meta.dirname, '..', 'dist', 'renderer', 'index.html');
  if (!existsSync(index)) {
    throw new Error(`No built renderer at ${index}. Build it first: npx vite build`);
  }
}
