// `npm run dev:duffel-fake`: Safar selling through the Duffel adapter against the contract fake of
// Duffel's API, with no network. Starts the fake (scripts/duffel-fake.ts; FAKE_PORT, default 4010)
// with its webhooks pointed at the app's POST /api/suppliers/duffel/webhooks, waits until it
// listens, then `npm run dev` (scripts/dev.mjs) with DUFFEL_ACCESS_TOKEN, DUFFEL_API_URL and
// DUFFEL_WEBHOOK_SECRET set to match, and its own DATA_DIR (./data-duffel unless DATA_DIR is set)
// so the world's bookings and the fake's stay apart. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const fakePort = process.env.FAKE_PORT ?? '4010';
const token = 'duffel_test_contractfake0000000000';
const webhookSecret = 'duffel-fake-webhook-secret';

const children = [];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const fake = spawn(
  process.execPath,
  ['--import', 'tsx', 'scripts/duffel-fake.ts', '--port', fakePort, '--token', token, '--webhook-secret', webhookSecret, '--webhook-url', `http://127.0.0.1:${apiPort}/api/suppliers/duffel/webhooks`],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
children.push(fake);
fake.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});

let ready = false;
fake.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (ready || !String(chunk).includes('duffel-fake ready')) return;
  ready = true;
  const app = spawn(process.execPath, ['scripts/dev.mjs'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      DATA_DIR: process.env.DATA_DIR ?? './data-duffel',
      DUFFEL_ACCESS_TOKEN: token,
      DUFFEL_API_URL: `http://127.0.0.1:${fakePort}`,
      DUFFEL_WEBHOOK_SECRET: webhookSecret,
    },
  });
  children.push(app);
  app.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
});
