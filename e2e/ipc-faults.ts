import type { Page } from '@playwright/test';

/** An IPC error as the host would send it (shared/ipc/contract.ts `IpcError`). */
export interface InjectedError {
  code: string;
  message: string;
  status?: number;
  reason?: string;
}

/**
 * Sits between the page and the browser host's IPC socket, passing every frame through except
 * calls for which `decide` returns an error: those are answered with that error instead of
 * reaching the host. `decide` gets an `api.call`'s operation name, or another method's name. Call before the page loads (or reload after). Returns how many were failed.
 */
export async function injectApiFailures(
  page: Page,
  decide: (operation: string, params: Record<string, unknown>) => InjectedError | null,
): Promise<{ failed: () => number }> {
  let failed = 0;
  await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const frame = typeof message === 'string' ? parseCall(message) : null;
      // Other methods (the core's own commands) are decided by their method name.
      const error = frame ? decide(frame.method === 'api.call' ? frame.operation : frame.method, frame.params) : null;
      if (frame && error) {
        failed += 1;
        socket.send(JSON.stringify({ type: 'reply', id: frame.id, reply: { ok: false, error } }));
        return;
      }
      server.send(message);
    });
  });
  return { failed: () => failed };
}

function parseCall(
  text: string,
): { id: number; method: string; operation: string; params: Record<string, unknown> } | null {
  try {
    const frame = JSON.parse(text) as {
      type?: unknown;
      id?: unknown;
      method?: unknown;
      input?: { operation?: unknown; params?: unknown };
    };
    if (frame.type !== 'call' || typeof frame.id !== 'number' || typeof frame.method !== 'string') return null;
    const operation = typeof frame.input?.operation === 'string' ? frame.input.operation : '';
    const params =
      frame.input?.params && typeof frame.input.params === 'object'
        ? (frame.input.params as Record<string, unknown>)
        : {};
    return { id: frame.id, method: frame.method, operation, params };
  } catch {
    return null;
  }
}
