import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// The project `duffel` runs a second app selling through the Duffel adapter, against the contract fake.
const duffelPort = port + 10;
const fakePort = port + 20;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const duffelToken = 'duffel_test_contractfake0000000000';
const duffelWebhookSecret = 'duffel-fake-webhook-secret';

/**
 * Whether this run may reach a project: not when `--project` names only others, nor when every file
 * filter on the command line is for the other kind (tests/e2e/duffel or not). A project not reached
 * leaves its servers off.
 */
function runs(project: 'chromium' | 'duffel', argv: string[]): boolean {
  const projects: string[] = [];
  const filters: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--project' || arg === '-p') projects.push(argv[++i] ?? '');
    else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
    else if (arg.startsWith('-')) {
      if (['--grep', '-g', '--grep-invert', '--config', '-c', '--reporter', '--workers', '-j', '--retries', '--repeat-each', '--timeout', '--max-failures', '--output', '--shard', '--trace'].includes(arg)) i++;
    } else filters.push(arg);
  }
  if (projects.length > 0 && !projects.includes(project)) return false;
  return filters.length === 0 || filters.some((filter) => filter.includes('duffel') === (project === 'duffel'));
}
const testArgs = process.argv.includes('test') ? process.argv.slice(process.argv.indexOf('test') + 1) : [];
const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `.test-data/e2e-${Date.now()}`;

// Every app the browser tests start shares these settings.
const appEnv = {
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
};

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
  projects: [
    { name: 'chromium', testIgnore: '**/tests/e2e/duffel/**', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The app with DUFFEL_ACCESS_TOKEN set, selling the contract fake's offers (tests/e2e/duffel).
    // Its specs reach the fake's loopback controls through tests/e2e/duffel/support/fake.ts.
    { name: 'duffel', testDir: 'tests/e2e/duffel', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${duffelPort}` } },
  ],
  webServer: [
    ...(runs('chromium', testArgs)
      ? [
          {
            command: 'node dist/server/main.js',
            url: `http://localhost:${port}/api/health`,
            reuseExistingServer: false,
            timeout: 60_000,
            env: { ...appEnv, PORT: String(port), DATA_DIR: E2E_DATA_DIR },
          },
        ]
      : []),
    ...(runs('duffel', testArgs)
      ? [
          {
            command: `node --import tsx scripts/duffel-fake.ts --port ${fakePort} --token ${duffelToken} --webhook-secret ${duffelWebhookSecret} --webhook-url http://127.0.0.1:${duffelPort}/api/suppliers/duffel/webhooks`,
            url: `http://127.0.0.1:${fakePort}/_fake/health`,
            reuseExistingServer: false,
            timeout: 30_000,
          },
          {
            command: 'node dist/server/main.js',
            url: `http://localhost:${duffelPort}/api/health`,
            reuseExistingServer: false,
            timeout: 60_000,
            env: {
              ...appEnv,
              PORT: String(duffelPort),
              DATA_DIR: `${E2E_DATA_DIR}-duffel`,
              DUFFEL_ACCESS_TOKEN: duffelToken,
              DUFFEL_API_URL: `http://127.0.0.1:${fakePort}`,
              DUFFEL_WEBHOOK_SECRET: duffelWebhookSecret,
              // The world's search engine is not this app's seller: its few world reads run on the serving thread.
              SEARCH_WORKERS: '0',
            },
          },
        ]
      : []),
  ],
});
