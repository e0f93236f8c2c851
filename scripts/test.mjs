// `npm test`: every suite a fresh machine can run, in order, with one summary at the end.
//   1. Vitest: unit, in-process API on PGlite, and the PostgreSQL suite (tests/pg).
//   2. Build the app, then Playwright drives Debian's Chromium against it: project `chromium` (tests/e2e,
//      the world supplier) and project `duffel` (tests/e2e/duffel, the app on the Duffel contract fake).
// Writes test-results/summary.json so CI can prove the PostgreSQL and browser suites ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { ensureTestTools } from './ensure-test-tools.mjs';

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

function canConnect(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const only = process.argv[2]; // optional: "unit" or "e2e"
mkdirSync('test-results', { recursive: true });
const env = {};
if (!process.env.TEST_DATABASE_URL && (await canConnect('127.0.0.1', 5432))) env.TEST_DATABASE_URL = DEFAULT_PG;
if (!process.env.TEST_DATABASE_URL && !env.TEST_DATABASE_URL) {
  console.warn('\n*** No PostgreSQL at 127.0.0.1:5432 and TEST_DATABASE_URL unset: the PostgreSQL suite will be SKIPPED. ***\n');
}

// Install missing Debian tools before any suite: the Vitest PDF tests need pdftotext, the browser suite Chromium.
const chromium = ensureTestTools();

const summary = {
  unit: { passed: 0, failed: 0, skipped: 0 },
  postgres: { passed: 0, failed: 0, skipped: 0 },
  browser: { passed: 0, failed: 0, skipped: 0 },
  browserDuffel: { passed: 0, failed: 0, skipped: 0 },
};

/** Every test of a Playwright JSON report with its project, from nested suites. */
function playwrightTests(suites) {
  return (suites ?? []).flatMap((suite) => [...(suite.specs ?? []).flatMap((spec) => (spec.tests ?? []).map((test) => ({ ...test, title: spec.title, file: spec.file, line: spec.line }))), ...playwrightTests(suite.suites)]);
}
let failed = false;
/** Every failed test, named with the first lines of its error: printed last, so the tail of a CI log says what failed. */
const failures = [];
const firstLines = (text) => String(text ?? '').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').split('\n').filter((line) => line.trim()).slice(0, 6).map((line) => `      ${line.slice(0, 240)}`).join('\n');

if (only !== 'e2e') {
  const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'], env);
  if (code !== 0) failed = true;
  const report = readJson('test-results/vitest.json');
  for (const file of report?.testResults ?? []) {
    const suite = file.name.includes('/tests/pg/') ? summary.postgres : summary.unit;
    for (const test of file.assertionResults) {
      if (test.status === 'passed') suite.passed++;
      else if (test.status === 'failed') {
        suite.failed++;
        failures.push(`  vitest ${file.name.replace(process.cwd() + '/', '')} › ${test.fullName ?? test.title}\n${firstLines(test.failureMessages?.join('\n'))}`);
      } else suite.skipped++;
    }
  }
  if (!report) failed = true;
}

if (only !== 'unit') {
  if (run('npm', ['run', 'build', '--silent']) !== 0) {
    console.error('Build failed; browser tests not run.');
    failed = true;
  } else {
    const code = run('npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium });
    if (code !== 0) failed = true;
    const report = readJson('test-results/e2e.json');
    // Counted per project: a flaky test (passed only on a retry) counts as failed.
    for (const test of playwrightTests(report?.suites)) {
      const suite = test.projectName === 'duffel' ? summary.browserDuffel : summary.browser;
      if (test.status === 'expected') suite.passed++;
      else if (test.status === 'skipped') suite.skipped++;
      else {
        suite.failed++;
        const last = test.results?.at(-1);
        failures.push(`  ${test.projectName} ${test.file}:${test.line} › ${test.title} (${test.status})\n${firstLines(last?.error?.message ?? last?.errors?.[0]?.message)}`);
      }
    }
    if (!report) failed = true;
  }
}

writeFileSync('test-results/summary.json', JSON.stringify(summary, null, 2) + '\n');
const total = (key) => Object.values(summary).reduce((sum, suite) => sum + suite[key], 0);
console.log('\nSuites:');
for (const [name, s] of Object.entries(summary)) console.log(`  ${name.padEnd(13)} ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\n${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
process.exit(failed || total('failed') > 0 ? 1 : 0);
