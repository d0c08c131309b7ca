import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { contentType } from 'mime-types';

/** A file of the built renderer chosen for a request path. */
export interface RendererFile {
  readonly path: string;
  readonly contentType: string;
  readonly size: number;
  /** Vite puts content hashes in asset names, so those never change under the same name. */
  readonly immutable: boolean;
}

async function fileAt(path: string): Promise<{ size: number } | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? { size: info.size } : null;
  } catch {
    return null;
  }
}

function describe(path: string, size: number, immutable: boolean): RendererFile {
  return { path, size, immutable, contentType: contentType(extname(path)) || 'application/octet-stream' };
}

/**
 * Maps a URL path to a file under `rendererDir`, never outside it. Paths without an extension that
 * match no file are the single-page app's own routes and get index.html; a missing file with an
 * extension is a real 404.
 */
export async function resolveRendererFile(rendererDir: string, pathname: string): Promise<RendererFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const root = resolve(rendererDir);
  const target = resolve(root, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (target !== root && !target.startsWith(root + sep)) return null;

  const index = resolve(root, 'index.html');
  if (target !== root) {
    const found = await fileAt(target);
    if (found) return describe(target, found.size, target.startsWith(resolve(root, 'assets') + sep));
    if (extname(target) !== '') return null;
  }
  const indexFile = await fileAt(index);
  return indexFile ? describe(index, indexFile.size, false) : null;
}
