// `npm run lint:api`: lints the OpenAPI document the app serves (/api/openapi.json) with Spectral's
// OpenAPI ruleset (.spectral.yaml). Any warning or error fails, so the document stays at zero.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openApiDocument } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const dir = mkdtempSync(path.join(tmpdir(), 'safar-openapi-'));
try {
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(openApiDocument(loadConfig({ LOG_LEVEL: 'silent' })), null, 2));
  const result = spawnSync('npx', ['spectral', 'lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', '--display-only-failures'], { stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
