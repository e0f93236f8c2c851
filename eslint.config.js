import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Features depend on each other one way only. Each feature lists the features it may import; a feature
// not listed may import none. The graph must stay acyclic (checked below when the config loads), so no
// two features ever import each other, directly or through a third.
const featureDependencies = {
  alerts: ['booking'],
  chatbot: ['explore'],
  companion: ['auth', 'booking', 'payments'],
  explore: ['auth'],
  fares: ['booking'],
  payments: ['booking'],
  'personal-data': ['booking'],
  recommendations: ['explore'],
  search: ['planner', 'recommendations'],
  seats: ['booking'],
  tracker: ['booking'],
  'trip-changes': ['booking', 'wallet'],
  'check-in': ['booking', 'seats', 'wallet'],
};

function assertAcyclic(graph) {
  const state = new Map(); // feature -> 'visiting' | 'done'
  const visit = (node, trail) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'visiting') throw new Error(`eslint.config.js: featureDependencies has a cycle: ${[...trail, node].join(' -> ')}`);
    state.set(node, 'visiting');
    for (const next of graph[node] ?? []) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of Object.keys(graph)) visit(node, []);
}
assertAcyclic(featureDependencies);

const features = readdirSync(`${root}/src/web/features`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `src/web/features/${feature}`,
  from: 'src/web/features',
  except: [`./${feature}`, ...(featureDependencies[feature] ?? []).map((dependency) => `./${dependency}`)],
  message: `features/${feature} may import only the features listed for it in featureDependencies (eslint.config.js), which must stay acyclic; shared pieces belong in src/web/components or src/web/lib.`,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'test-results/**', '.test-data/**', 'data/**', 'src/web/public/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // An async function without await is how a mock or an interface implementation returns a
      // promise; rewriting each as Promise.resolve(...) reads worse and catches nothing.
      '@typescript-eslint/require-await': 'off',
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
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      // Layers: lib and components are shared by every feature and screen; features serve screens; app
      // wires screens together. Imports go down the list only.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: ['src/web/lib', 'src/web/components'],
              from: ['src/web/features', 'src/web/routes', 'src/web/app'],
              message: 'Shared pieces (lib, components) must not import features, screens or the app shell.',
            },
            {
              target: 'src/web/features',
              from: ['src/web/routes', 'src/web/app'],
              message: 'Features must not import screens or the app shell.',
            },
            ...featureZones,
          ],
        },
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
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      // Vitest's asymmetric matchers (expect.any, expect.stringContaining) are typed `any`; in an
      // expected value they are the assertion, not an unchecked value.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    rules: {
      // Components destructure props and context values whose callbacks are declared in method
      // shorthand (`onChange(value: string): void`); none of them uses `this`, so every finding in
      // .tsx is a false positive. The rule stays on for .ts, where methods are taken off objects.
      '@typescript-eslint/unbound-method': 'off',
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
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
