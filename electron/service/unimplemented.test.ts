import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestPath, operationList, type OperationSpec, type ParamSpec } from '../../shared/api';
import { startAreas } from './area/compose';
import { defaultModules, startEmbeddedService, type EmbeddedService } from './server';

function sampleValue(spec: ParamSpec): string | number | boolean {
  if (spec.enum && spec.enum.length > 0) return spec.enum[0]!;
  if (spec.type === 'integer') return spec.minimum ?? 1;
  if (spec.type === 'boolean') return true;
  if (spec.format === 'date-time') return '2030-01-01T00:00:00Z';
  return 'sample';
}

/** The smallest request that gets past routing and parameter checks: required parameters only, an empty JSON body. */
function minimalRequest(op: OperationSpec): { path: string; init: RequestInit } {
  const params: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(op.params)) if (spec.required) params[name] = sampleValue(spec);
  const init: RequestInit = { method: op.method, headers: { Authorization: 'Bearer probe-token' } };
  if (op.request) {
    init.body = '{}';
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  return { path: requestPath(op, params), init };
}

describe('operations without a handler', () => {
  let dir: string;
  let service: EmbeddedService;
  let implemented: Set<string>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-unimplemented-'));
    service = await startEmbeddedService({
      dataDir: dir,
      users: [{ email: 'probe@atrium.local', token: 'probe-token' }],
    });
    const areas = await startAreas(defaultModules, service.context);
    implemented = new Set(Object.keys(areas.handlers));
    await areas.close();
    const unimplemented = operationList.filter((op) => !implemented.has(op.name));
    console.log(
      `${unimplemented.length} of ${operationList.length} operations have no handler yet` +
        (unimplemented.length > 0 ? `: ${unimplemented.map((op) => op.name).join(', ')}` : ''),
    );
  });
  afterAll(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 501 notImplemented, Google-shaped, exactly for the operations without a handler', async () => {
    for (const op of operationList) {
      const { path, init } = minimalRequest(op);
      const response = await fetch(service.url + path, init);
      const text = await response.text();
      if (implemented.has(op.name)) {
        expect({ op: op.name, status: response.status }).not.toEqual({ op: op.name, status: 501 });
        continue;
      }
      expect({ op: op.name, status: response.status }).toEqual({ op: op.name, status: 501 });
      const message = `Operation ${op.name} is not implemented by this service yet.`;
      expect(JSON.parse(text)).toEqual({
        error: {
          code: 501,
          message,
          errors: [{ domain: 'global', reason: 'notImplemented', message }],
          status: 'UNIMPLEMENTED',
        },
      });
    }
  });
});
