import { defineConfig, devices } from '@playwright/test';
import { chromiumExecutable, chromiumFlags } from './e2e/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    headless: true,
    timezoneId: 'America/New_York',
    locale: 'en-US',
    viewport: { width: 1360, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      args: chromiumFlags,
      ...(chromiumExecutable ? { executablePath: chromiumExecutable } : {}),
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
