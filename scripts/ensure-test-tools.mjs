// Finds the Debian tools the test suites use and installs whichever are missing with apt-get
// (CI and fresh machines run as root): Chromium for the browser suite (Playwright's own browser
// download cannot work here), poppler-utils (pdftotext, pdftoppm) for the PDF tests, and a font.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export function findChromium() {
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
}

const hasCommand = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

/** Debian packages the tests need, each with a check that says whether it is already there. */
const TOOLS = [
  { pkg: 'chromium', present: () => findChromium() !== undefined },
  { pkg: 'poppler-utils', present: () => hasCommand('pdftotext', ['-v']) },
  { pkg: 'fonts-noto-core', present: () => existsSync('/usr/share/fonts/truetype/noto') },
];

/** Installs missing tools and returns the Chromium path; throws with the manual command if it cannot. */
export function ensureTestTools() {
  const missing = TOOLS.filter((tool) => !tool.present()).map((tool) => tool.pkg);
  if (missing.length > 0) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const sudo = isRoot ? [] : ['sudo', '-n'];
    console.log(`Installing Debian packages for the tests: ${missing.join(' ')} (apt-get)...`);
    const run = (args) => {
      const [cmd, ...rest] = [...sudo, ...args];
      const result = spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      if (result.status !== 0) throw new Error(`Could not install test tools: ${args.join(' ')} failed. Install them with: apt-get install -y ${missing.join(' ')}`);
    };
    run(['apt-get', 'update', '-qq']);
    run(['apt-get', 'install', '-y', '-qq', ...missing]);
  }
  const chromium = findChromium();
  if (!chromium) throw new Error('apt-get reported success but no chromium binary was found');
  return chromium;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = ensureTestTools();
  const pdftotext = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' }).stderr.split('\n')[0];
  console.log(`${path} (${execFileSync(path, ['--version']).toString().trim()}); ${pdftotext}`);
}
