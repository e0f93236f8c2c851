// Bundles the server into dist/server/main.js and its search worker thread into
// dist/server/search-worker.js; npm packages stay external (installed in node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', 'search-worker': 'src/server/search/worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('built dist/server/main.js and dist/server/search-worker.js');
