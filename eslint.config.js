import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'test-results/**', '.test-data/**', 'data/**', 'src/web/public/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true }],
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name="only"][callee.object.name=/^(it|test|describe)$/]', message: 'Focused tests must not be committed.' },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow one way: core -> web (lib/components/features) -> app; the browser never imports server code.
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: "Import { z } from src/core/zod (configured for the browser's Content-Security-Policy)." }],
          patterns: [{ group: ['**/server/**', '**/db/**', '**/domain/**'], message: 'Browser code may import only src/core and src/web.' }],
        },
      ],
    },
  },
  {
    // One API client: requests to the server go through src/web/lib/api.ts (apiFetch, apiBlob), so
    // every call gets the session cookie, the error envelope as ApiError and the wire types.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/api.ts', 'src/web/sw/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through apiFetch/apiBlob in src/web/lib/api.ts.' },
        { name: 'XMLHttpRequest', message: 'Call the API through apiFetch/apiBlob in src/web/lib/api.ts.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Call the API through apiFetch/apiBlob in src/web/lib/api.ts.' },
        { object: 'globalThis', property: 'fetch', message: 'Call the API through apiFetch/apiBlob in src/web/lib/api.ts.' },
        { object: 'self', property: 'fetch', message: 'Call the API through apiFetch/apiBlob in src/web/lib/api.ts.' },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: "Import { z } from './zod' (configured for the browser's Content-Security-Policy)." }],
          patterns: [{ group: ['**/server/**', '**/db/**', '**/domain/**', '**/web/**', 'node:*'], message: 'src/core is shared by server and browser: no server, web or Node imports.' }],
        },
      ],
    },
  },
  {
    files: ['src/core/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', 'hono', 'hono/*'], message: 'Domain logic has no HTTP and no browser code.' }] }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
