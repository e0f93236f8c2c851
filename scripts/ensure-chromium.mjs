// Finds Debian's Chromium for the browser tests, installing it with apt-get when missing
// (CI and fresh machines run as root). Playwright's own browser download cannot work here.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export function findChromium() {
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  console.log('Chromium not found: installing Debian package chromium (apt-get)...');
  const run = (args) => {
    const [cmd, ...rest] = [...sudo, ...args];
    const result = spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`Could not install Chromium: ${args.join(' ')} failed. Install it with: apt-get install -y chromium`);
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'chromium', 'fonts-noto-core', 'poppler-utils']);
  const installed = findChromium();
  if (!installed) throw new Error('apt-get reported success but no chromium binary was found');
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = ensureChromium();
  console.log(`${path} (${execFileSync(path, ['--version']).toString().trim()})`);
}
