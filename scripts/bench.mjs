// `npm run bench [name...]`: runs the benchmarks in scripts/bench/ (all, or those named) one after another.
// Each prints its own figures; record them in docs/benchmarks.md with the date and the machine.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';

const wanted = process.argv.slice(2);
const all = readdirSync('scripts/bench').filter((f) => (f.endsWith('.mjs') || f.endsWith('.ts')) && f !== 'lib.mjs').sort();
const chosen = wanted.length ? all.filter((f) => wanted.some((w) => f.startsWith(w))) : all;
console.log(`Safar benchmarks — ${new Date().toISOString()} — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}\n`);
if (spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' }).status !== 0) process.exit(1);
let failed = false;
for (const file of chosen) {
  console.log(`\n## ${file}`);
  const runner = file.endsWith('.ts') ? ['npx', ['tsx', `scripts/bench/${file}`]] : ['node', [`scripts/bench/${file}`]];
  const result = spawnSync(runner[0], runner[1], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
