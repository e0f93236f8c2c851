import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Browser tests drive Debian's Chromium against the built app on a fresh PGlite folder.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // The service worker is tested where it matters (tests/e2e/pwa.spec.ts allows it); elsewhere
    // each fresh context would install it and precache the whole app for nothing.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: "node dist/server/main.js",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR ?? `.test-data/e2e-${Date.now()}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Every browser test signs up its own accounts from 127.0.0.1; production keeps 50 and 20.
      SIGNUP_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_IP: '100000',
      // A new price alert is checked within seconds, so the alert tests see a trigger.
      PRICE_ALERT_JOB_SECONDS: '2',
      // Test-only: /api/test/clock moves the server clock (check-in window test); refused outside NODE_ENV=test.
      TEST_CLOCK_CONTROL: 'true',
      // The disruption job records trip changes of new bookings within seconds, so the disruption tests see the notice.
      DISRUPTION_JOB_SECONDS: '2',
      // A GST registration for the tax invoice tests (a well-formed GSTIN, not a real registration).
      INVOICE_SUPPLIER_GSTIN: '29AAGCB7383J1Z4',
      INVOICE_SUPPLIER_NAME: 'Safar Travel Technologies Pvt Ltd',
      INVOICE_SUPPLIER_ADDRESS: '80 Feet Road, Koramangala, Bengaluru 560034',
    },
  },
});
