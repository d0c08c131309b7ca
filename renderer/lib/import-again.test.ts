import { describe, expect, it } from 'vitest';
import { importAgainOnFailure } from './import-again';

const failure = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('importAgainOnFailure', () => {
  it('imports normally, and after a failure imports the failed file under an address of its own', async () => {
    const imported: string[] = [];
    let importerCalls = 0;
    const load = importAgainOnFailure(
      () => {
        importerCalls += 1;
        return Promise.reject(failure('http://127.0.0.1:4000/assets/TimeZoneDialog-abc.js'));
      },
      (module: { Dialog: string }) => module.Dialog,
      (url) => {
        imported.push(url);
        return imported.length === 1 ? Promise.reject(failure(url)) : Promise.resolve({ Dialog: 'loaded' });
      },
    );
    await expect(load()).rejects.toThrow('Failed to fetch');
    expect(importerCalls).toBe(1);
    await expect(load()).rejects.toThrow('Failed to fetch');
    expect(await load()).toBe('loaded');
    // Each attempt a new address of the same file; the normal import is not asked again.
    expect(imported).toEqual([
      'http://127.0.0.1:4000/assets/TimeZoneDialog-abc.js?attempt=1',
      'http://127.0.0.1:4000/assets/TimeZoneDialog-abc.js?attempt=2',
    ]);
    expect(importerCalls).toBe(1);
  });

  it('asks the normal import again when the failure names no module', async () => {
    let importerCalls = 0;
    const load = importAgainOnFailure(
      () => {
        importerCalls += 1;
        return importerCalls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ Dialog: 'loaded' });
      },
      (module: { Dialog: string }) => module.Dialog,
      () => Promise.reject(new Error('not expected')),
    );
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toBe('loaded');
    expect(importerCalls).toBe(2);
  });
});
