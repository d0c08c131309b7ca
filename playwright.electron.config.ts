import { defineConfig } from '@playwright/test';

/** The Electron smoke suite (e2e-electron/): one app at a time, started by the tests themselves. */
export default defineConfig({
  testDir: 'e2e-electron',
  outputDir: 'test-results/electron',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/electron.json' }]],
});
