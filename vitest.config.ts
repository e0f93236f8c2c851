import { defineConfig } from 'vitest/config';

// Unit and in-process API tests sit beside the code (src/**/*.test.ts); cross-cutting
// database suites live in tests/. Component tests (src/**/*.test.tsx) render the web app in
// jsdom against the real API created in the same process. Browser tests run under Playwright (tests/e2e).
export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/pg/**/*.test.ts', 'tests/crash/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
          setupFiles: ['tests/support/dom-setup.ts'],
        },
      },
    ],
  },
});
