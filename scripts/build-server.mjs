// Bundles the server and its worker threads into dist/server/ (scripts/server-entries.mjs);
// npm packages stay external (installed in node_modules).
import { build } from 'esbuild';
import { SERVER_ENTRY_POINTS } from './server-entries.mjs';

await build({
  entryPoints: SERVER_ENTRY_POINTS,
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`built ${Object.keys(SERVER_ENTRY_POINTS).map((name) => `dist/server/${name}.js`).join(', ')}`);
