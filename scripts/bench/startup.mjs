// Start-up: `node dist/server/main.js` to the first answered /api/health, on a new and on an existing data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, startServer } from './lib.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'safar-startup-'));
const env = { PORT: '3391', DATA_DIR: dir };
const fresh = await startServer(env);
await fresh.stop();
const runs = [];
for (let i = 0; i < 5; i++) {
  const server = await startServer(env);
  runs.push(server.ms);
  await server.stop();
}
rmSync(dir, { recursive: true, force: true });
console.log(`new data folder:      ${Math.round(fresh.ms)} ms`);
console.log(`existing data folder: median ${Math.round(median(runs))} ms over ${runs.length} starts (${runs.map((r) => Math.round(r)).join(', ')}) — target ≤ 5000 ms`);
