/**
 * A dynamic import that can be tried again after it failed. Browsers remember a module whose fetch
 * failed and answer every later import of that address with the same failure, without asking the
 * server again; so after a failure the next attempt imports the same file under an address of its
 * own (`?attempt=N`), a module the browser has not seen. `pick` takes what is wanted from the module.
 */
export function importAgainOnFailure<M, T>(
  importer: () => Promise<M>,
  pick: (module: M) => T,
  importUrl: (url: string) => Promise<M> = (url) => import(/* @vite-ignore */ url) as Promise<M>,
): () => Promise<T> {
  let failed: string | undefined;
  let attempt = 0;
  return () => {
    const imported = failed === undefined ? importer() : importUrl(`${failed}?attempt=${++attempt}`);
    return imported.then(pick, (error: unknown) => {
      failed = failedModuleUrl(error) ?? failed;
      throw error;
    });
  };
}

/** The address of the module a failed dynamic import names ("Failed to fetch dynamically imported module: <url>"). */
function failedModuleUrl(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return /\b((?:https?|app):\/\/[^\s?#]+?\.js)\b/.exec(error.message)?.[1];
}
