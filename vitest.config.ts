import { defineConfig } from 'vitest/config';

// Unit and in-process API tests sit beside the code (src/**/*.test.ts); cross-cutting
// database suites live in tests/. Browser tests run under Playwright (tests/e2e).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/pg/**/*.test.ts', 'tests/crash/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
